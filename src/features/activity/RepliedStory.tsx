import { useEffect, useRef } from 'react';
import type { WireRepliedStory } from '../../api/storyReplies';

/** Bytes of a base64 string (the placeholder's RGB pixels). */
function decodeBase64(data: string): Uint8Array {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The 9×16 placeholder drawn into a canvas that CSS stretches (smoothly) to the thumbnail. */
function PlaceholderThumb({
  placeholder,
}: {
  placeholder: NonNullable<WireRepliedStory['placeholder']>;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const { width, height, rgb } = placeholder;
    const bytes = decodeBase64(rgb);
    if (bytes.length < width * height * 3) return;
    const image = context.createImageData(width, height);
    for (let i = 0; i < width * height; i++) {
      image.data.set([bytes[i * 3], bytes[i * 3 + 1], bytes[i * 3 + 2], 255], i * 4);
    }
    context.putImageData(image, 0, 0);
  }, [placeholder]);
  return (
    <canvas
      ref={canvas}
      className="notification__story-placeholder"
      width={placeholder.width}
      height={placeholder.height}
      role="img"
      aria-label="Your story (expired)"
    />
  );
}

/**
 * The story a reply or reaction in Activity answers (issue 18 part 5): its picture while the story
 * lives; after it expires (its files are no longer served) its tiny placeholder, else a blank tile.
 */
export function RepliedStory({ story }: { story: WireRepliedStory }) {
  return (
    <span className="notification__story">
      {story.thumbnail_src ? (
        <img src={story.thumbnail_src} alt="Your story" width={32} height={44} loading="lazy" />
      ) : story.placeholder ? (
        <PlaceholderThumb placeholder={story.placeholder} />
      ) : (
        <span className="notification__story-blank" role="img" aria-label="Your story (expired)" />
      )}
    </span>
  );
}
