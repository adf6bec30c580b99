import type { WireRepliedStory } from '../../api/storyReplies';
import { Link } from '../../lib/router';
import { storyPath } from '../stories/navigation';

/**
 * The story a reply or reaction in Activity answers (issue 18 part 5): its picture while the story
 * lives, a link that opens the viewer at that very story (closing it comes back here); once
 * expired, its tiny placeholder (the server sends it as a data URL) or a blank tile marked
 * "Expired", which opens nothing (expired story files are served to nobody).
 */
export function RepliedStory({ story, owner }: { story: WireRepliedStory; owner: string }) {
  const label = story.expired ? 'Your story (expired)' : 'Your story';
  const tile = story.thumbnail_src ? (
    <img src={story.thumbnail_src} alt={label} width={32} height={44} loading="lazy" />
  ) : (
    <span className="notification__story-blank" role="img" aria-label={label} />
  );
  if (story.expired) {
    return (
      <span
        className="notification__story notification__story--expired"
        title="This story has expired"
      >
        {tile}
        <span className="notification__story-expired" aria-hidden="true">
          Expired
        </span>
      </span>
    );
  }
  return (
    <Link
      className="notification__story"
      to={`${storyPath(owner)}?item=${encodeURIComponent(story.id)}`}
      state={{ storiesEntry: 'link' }}
    >
      {tile}
    </Link>
  );
}
