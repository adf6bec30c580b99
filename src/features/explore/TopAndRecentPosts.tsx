import type { ReactNode } from 'react';
import type { WirePost } from '../../api/types';
import { ExploreGrid, type GridModalParam } from './ExploreGrid';
import { PagedPostGrid } from './PagedPostGrid';

interface TopAndRecentPostsProps {
  /** Prefix of the section heading ids, e.g. "hashtag" → hashtag-top, hashtag-recent. */
  idPrefix: string;
  topPosts: WirePost[];
  feedKey: string;
  load: (next: boolean) => void;
  modalParam: GridModalParam;
  /** Shown when the most recent posts came back empty. */
  empty: ReactNode;
}

interface TopPostsSectionProps {
  idPrefix: string;
  topPosts: WirePost[];
  modalParam: GridModalParam;
}

/** The "Top posts" section; nothing when there are none. */
export function TopPostsSection({ idPrefix, topPosts, modalParam }: TopPostsSectionProps) {
  if (topPosts.length === 0) return null;
  return (
    <section className="explore-section" aria-labelledby={`${idPrefix}-top`}>
      <h2 id={`${idPrefix}-top`} className="explore-section__title">
        Top posts
      </h2>
      <ExploreGrid posts={topPosts} modalParam={modalParam} label="Top posts" />
    </section>
  );
}

/** A hashtag's or a place's "Top posts" (when there are any) and "Most recent", paged. */
export function TopAndRecentPosts({
  idPrefix,
  topPosts,
  feedKey,
  load,
  modalParam,
  empty,
}: TopAndRecentPostsProps) {
  return (
    <>
      <TopPostsSection idPrefix={idPrefix} topPosts={topPosts} modalParam={modalParam} />
      <section className="explore-section" aria-labelledby={`${idPrefix}-recent`}>
        <h2 id={`${idPrefix}-recent`} className="explore-section__title">
          Most recent
        </h2>
        <PagedPostGrid
          feedKey={feedKey}
          load={load}
          modalParam={modalParam}
          label="Most recent posts"
          empty={empty}
        />
      </section>
    </>
  );
}
