import { useId } from 'react';
import type { WireGatingInfo } from '../../api/types';
import { EyeOffIcon } from '../../ui/icons';
import './gating.css';

interface GatingCoverProps {
  gating: WireGatingInfo;
  onReveal: () => void;
}

/**
 * The cover over a gated post's blurred media: the server's title and description (plain text,
 * never markup) and one button per `buttons` entry, each revealing the media. A group named by
 * its title, so a screen reader announces what is hidden before the button.
 */
export function GatingCover({ gating, onReveal }: GatingCoverProps) {
  // A cover always has a way out, whatever the server sent.
  const buttons = gating.buttons.length > 0 ? gating.buttons : ['See Post'];
  const titleId = useId();
  const descriptionId = useId();
  return (
    <div
      className="post-gate"
      role="group"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
    >
      <div className="post-gate__body">
        <EyeOffIcon size={40} strokeWidth={1.5} />
        <p id={titleId} className="post-gate__title">
          {gating.title}
        </p>
        <p id={descriptionId} className="post-gate__description">
          {gating.description}
        </p>
      </div>
      <div className="post-gate__actions">
        {buttons.map((label, i) => (
          <button
            key={`${i}:${label}`}
            type="button"
            className="post-gate__button"
            onClick={onReveal}
          >
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}
