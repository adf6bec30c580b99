import { useRef } from 'react';
import { CameraIcon } from '../../../ui/icons';
import { PHOTO_ACCEPT } from '../../../media/newPost';
import { chooseStoryFile } from '../../../state/storyDraftActions';

/** The composer opened without a picture (directly, or after a reload): pick one. */
export function StoryChooser() {
  const input = useRef<HTMLInputElement>(null);
  return (
    <section className="story-message" aria-labelledby="story-choose-title">
      <CameraIcon size={56} />
      <h2 id="story-choose-title" className="story-message__title">
        Add to your story
      </h2>
      <p className="story-message__text">
        Choose a photo, place some text on it and share it with your followers for 24 hours.
      </p>
      <button type="button" className="btn btn--primary" onClick={() => input.current?.click()}>
        Choose a photo
      </button>
      <input
        ref={input}
        type="file"
        accept={PHOTO_ACCEPT}
        hidden
        tabIndex={-1}
        aria-label="Story photo"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) chooseStoryFile(file);
        }}
      />
    </section>
  );
}
