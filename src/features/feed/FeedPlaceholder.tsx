import { Shimmer } from '../../ui/Shimmer';

const TRAY_SLOTS = 7;
const PLACEHOLDER_POSTS = 2;

/** The story tray while reels load: circles with a name bar under each. */
export function StoryTraySkeleton() {
  return (
    <section className="story-tray" aria-label="Stories" aria-busy="true">
      {Array.from({ length: TRAY_SLOTS }, (_, i) => (
        <div className="story-tray__slot" key={i}>
          <Shimmer width={56} height={56} round />
          <Shimmer width={44} height={8} />
        </div>
      ))}
    </section>
  );
}

/** One post card while the feed loads (spec: feed_shimmer). */
export function PostShimmer() {
  return (
    <article className="post-shimmer" aria-hidden="true">
      <header className="post-shimmer__header">
        <Shimmer width={32} height={32} round />
        <div className="post-shimmer__lines">
          <Shimmer width={120} height={10} />
          <Shimmer width={80} height={8} />
        </div>
      </header>
      <Shimmer className="post-shimmer__media" width="100%" height="auto" />
      <div className="post-shimmer__footer">
        <Shimmer width="40%" height={10} />
        <Shimmer width="85%" height={10} />
        <Shimmer width="60%" height={10} />
      </div>
    </article>
  );
}

/** The home column while the feed feature loads its data. */
export function FeedPlaceholder() {
  return (
    <>
      <StoryTraySkeleton />
      <section className="feed" aria-label="Feed" aria-busy="true">
        <p className="visually-hidden">Loading your feed…</p>
        {Array.from({ length: PLACEHOLDER_POSTS }, (_, i) => (
          <PostShimmer key={i} />
        ))}
      </section>
    </>
  );
}
