import { useEffect, useMemo } from 'react';
import { useParams } from '../../lib/router';
import { useSnapshot } from 'valtio';
import type { WirePost } from '../../api/types';
import { exploreState, hashtagFeedKey, loadHashtag, normalizeTag } from '../../state/explore';
import { EmptyState } from '../../ui/EmptyState';
import { SearchIcon } from '../../ui/icons';
import { FeedHeader } from './FeedHeader';
import { TopAndRecentPosts } from './TopAndRecentPosts';
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
      <TopAndRecentPosts
        idPrefix="hashtag"
        topPosts={topPosts}
        feedKey={hashtagFeedKey(tag)}
        load={(next) => void loadHashtag(tag, next)}
        modalParam={modalParam}
        empty={
          <EmptyState icon={<SearchIcon size={48} />} title="No posts yet">
            Posts tagged #{tag} will appear here.
          </EmptyState>
        }
      />
    </div>
  );
}
