import { useEffect, useMemo } from 'react';
import { useParams } from '../../lib/router';
import { useSnapshot } from 'valtio';
import type { WirePost } from '../../api/types';
import { exploreState, hashtagFeedKey, loadHashtag, normalizeTag } from '../../state/explore';
import { EmptyState } from '../../ui/EmptyState';
import { SearchIcon } from '../../ui/icons';
import { ExploreGrid } from './ExploreGrid';
import { FeedHeader } from './FeedHeader';
import { PagedPostGrid } from './PagedPostGrid';
import './explore.css';

/** /explore/tags/:tag/ — the hashtag's header, its top 9 posts, then the most recent, 12 a page. */
export default function HashtagPage() {
  const { tag: rawTag = '' } = useParams();
  const tag = normalizeTag(rawTag);
  const snap = useSnapshot(exploreState);
  const header = snap.hashtags[tag];
  const modalParam = useMemo(() => ({ tagged: tag }), [tag]);

  useEffect(() => {
    if (tag) void loadHashtag(tag);
  }, [tag]);

  const topPosts = (header?.topPosts ?? []) as WirePost[];
  return (
    <div className="explore-page">
      <FeedHeader
        title={`#${tag}`}
        mediaCount={header ? header.mediaCount : null}
        cover={topPosts[0] ?? null}
      />
      {topPosts.length > 0 ? (
        <section className="explore-section" aria-labelledby="hashtag-top">
          <h2 id="hashtag-top" className="explore-section__title">
            Top posts
          </h2>
          <ExploreGrid posts={topPosts} modalParam={modalParam} label="Top posts" />
        </section>
      ) : null}
      <section className="explore-section" aria-labelledby="hashtag-recent">
        <h2 id="hashtag-recent" className="explore-section__title">
          Most recent
        </h2>
        <PagedPostGrid
          feedKey={hashtagFeedKey(tag)}
          load={(next) => void loadHashtag(tag, next)}
          modalParam={modalParam}
          label="Most recent posts"
          empty={
            <EmptyState icon={<SearchIcon size={48} />} title="No posts yet">
              Posts tagged #{tag} will appear here.
            </EmptyState>
          }
        />
      </section>
    </div>
  );
}
