import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../ui/icons';

interface StoryControlsProps {
  paused: boolean;
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

/**
 * DOM controls over the canvas, so keyboard and screen-reader users reach every action the
 * gestures offer. They sit inside a box that mirrors the canvas's 9:16 frame (stories.css).
 */
export function StoryControls(props: StoryControlsProps) {
  const { paused } = props;
  return (
    <div className="story-viewer__controls">
      <div className="story-viewer__top-actions">
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
