import { useEffect, useMemo } from 'react';
import { usePageTitle } from '../../lib/navigation';
import { useParams } from '../../lib/router';
import { useSnapshot } from 'valtio';
import type { WirePost } from '../../api/types';
import {
  acknowledgeHashtagAdvisory,
  exploreState,
  hashtagFeedKey,
  loadHashtag,
  normalizeTag,
} from '../../state/explore';
import { EmptyState } from '../../ui/EmptyState';
import { SearchIcon } from '../../ui/icons';
import { FeedHeader } from './FeedHeader';
import { HashtagAdvisory } from './HashtagAdvisory';
import { TopAndRecentPosts, TopPostsSection } from './TopAndRecentPosts';
import './explore.css';

/**
 * /explore/tags/:tag/ — the hashtag's header, its top 9 posts, then the most recent, 12 a page.
 * A content advisory takes the place of the posts until acknowledged; a top-media-only tag shows
 * its top posts and a note that the most recent are hidden.
 */
export default function HashtagPage() {
  const { tag: rawTag = '' } = useParams();
  const tag = normalizeTag(rawTag);
  const snap = useSnapshot(exploreState);
  const header = snap.hashtags[tag];
  usePageTitle(tag ? `#${tag}` : null);
  const modalParam = useMemo(() => ({ tagged: tag }), [tag]);

  useEffect(() => {
    if (tag) void loadHashtag(tag);
  }, [tag]);

  const topPosts = (header?.topPosts ?? []) as WirePost[];
  const advisory = header?.contentAdvisory ?? null;
  const advisoryShown = advisory !== null && !advisory.acknowledged;

  let posts;
  if (advisoryShown) {
    posts = (
      <HashtagAdvisory
        tag={tag}
        advisory={advisory}
        onShowPosts={() => acknowledgeHashtagAdvisory(tag)}
      />
    );
  } else if (header?.isTopMediaOnly) {
    posts = (
      <>
        <TopPostsSection idPrefix="hashtag" topPosts={topPosts} modalParam={modalParam} />
        <p className="tag-notice" role="note">
          Recent posts for #{tag} are hidden. Only its top posts are shown.
        </p>
      </>
    );
  } else {
    posts = (
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
    );
  }

  return (
    <div className="explore-page">
      <FeedHeader
        title={`#${tag}`}
        mediaCount={header ? header.mediaCount : null}
        // The cover is a top post's picture: hidden behind the advisory like the posts.
        cover={advisoryShown ? null : (topPosts[0] ?? null)}
      />
      {posts}
    </div>
  );
}
