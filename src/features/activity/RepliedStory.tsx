import type { WireRepliedStory } from '../../api/storyReplies';
import { Link } from '../../lib/router';

/**
 * The story a reply or reaction in Activity answers (issue 18 part 5): its picture while the story
 * lives, a link that opens the viewer at that very story (its Close comes back here); once
 * expired, its tiny placeholder (the server sends it as a data URL) or a blank tile, marked
 * "Expired", which opens nothing (expired story files are served to nobody).
 */
export function RepliedStory({ story, owner }: { story: WireRepliedStory; owner: string }) {
  // Read as "Your story", then "Expired" when it is.
  const label = 'Your story';
  const tile = story.thumbnail_src ? (
    <img src={story.thumbnail_src} alt={label} width={32} height={44} loading="lazy" />
  ) : (
    <span className="notification__story-blank" role="img" aria-label={label} />
  );
  return story.expired ? (
    <span className="notification__story-expired">
      {tile}
      <span>Expired</span>
    </span>
  ) : (
    <Link
      className="notification__story"
      // The viewer's route (features/stories/navigation) at this item; its Close comes back.
      // Usernames and story ids are URL-safe ([a-z0-9._] and digits): nothing to encode.
      to={`/stories/${owner}/?item=${story.id}`}
    >
      {tile}
    </Link>
  );
}
