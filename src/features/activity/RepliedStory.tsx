import type { WireRepliedStory } from '../../api/storyReplies';

/**
 * The story a reply or reaction in Activity answers (issue 18 part 5): its picture while the story
 * lives, afterwards its tiny placeholder (the server sends it as a data URL), else a blank tile.
 */
export function RepliedStory({ story }: { story: WireRepliedStory }) {
  const label = story.expired ? 'Your story (expired)' : 'Your story';
  return (
    <span className="notification__story">
      {story.thumbnail_src ? (
        <img src={story.thumbnail_src} alt={label} width={32} height={44} loading="lazy" />
      ) : (
        <span className="notification__story-blank" role="img" aria-label={label} />
      )}
    </span>
  );
}
