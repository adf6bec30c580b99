import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../ui/icons';

interface StoryControlsProps {
  paused: boolean;
  /** Present when the current story is a video: its sound switch. */
  sound: { muted: boolean; onToggle(): void } | null;
  canGoBack: boolean;
  onPrevious(): void;
  onNext(): void;
  onTogglePause(): void;
  onClose(): void;
}

function PauseIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="6" y="4" width="4" height="16" rx="1" fill="currentColor" />
      <rect x="14" y="4" width="4" height="16" rx="1" fill="currentColor" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M7 4.5v15a1 1 0 0 0 1.5.86l12-7.5a1 1 0 0 0 0-1.72l-12-7.5A1 1 0 0 0 7 4.5z"
        fill="currentColor"
      />
    </svg>
  );
}

function SoundIcon({ muted }: { muted: boolean }) {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {muted ? (
        <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth={2} strokeLinecap="round" />
      ) : (
        <path
          d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          fill="none"
        />
      )}
    </svg>
  );
}

/**
 * DOM controls over the canvas, so keyboard and screen-reader users reach every action the
 * gestures offer. They sit inside a box that mirrors the canvas's 9:16 frame (stories.css).
 */
export function StoryControls(props: StoryControlsProps) {
  const { paused, sound } = props;
  return (
    <div className="story-viewer__controls">
      <div className="story-viewer__top-actions">
        {sound ? (
          <button
            type="button"
            className="story-viewer__icon-button"
            onClick={sound.onToggle}
            aria-label={sound.muted ? 'Unmute' : 'Mute'}
          >
            <SoundIcon muted={sound.muted} />
          </button>
        ) : null}
        <button
          type="button"
          className="story-viewer__icon-button"
          onClick={props.onTogglePause}
          aria-label={paused ? 'Play' : 'Pause'}
        >
          {paused ? <PlayIcon /> : <PauseIcon />}
        </button>
        <button
          type="button"
          className="story-viewer__icon-button"
          onClick={props.onClose}
          aria-label="Close"
        >
          <CloseIcon size={24} />
        </button>
      </div>
      <button
        type="button"
        className="story-viewer__step story-viewer__step--previous"
        onClick={props.onPrevious}
        aria-label="Previous"
        disabled={!props.canGoBack}
      >
        <ChevronLeftIcon size={18} />
      </button>
      <button
        type="button"
        className="story-viewer__step story-viewer__step--next"
        onClick={props.onNext}
        aria-label="Next"
      >
        <ChevronRightIcon size={18} />
      </button>
    </div>
  );
}
