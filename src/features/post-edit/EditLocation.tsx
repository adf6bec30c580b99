import type { Venue } from '../../api/media';
import { CloseIcon } from '../../ui/icons';
import { PinIcon } from '../create/createIcons';
import { VenueSearch } from '../create/VenueSearch';

interface EditLocationProps {
  /** The place shown now: the post's, a newly chosen venue, or none. */
  name: string | null;
  onChoose(venue: Venue): void;
  onRemove(): void;
}

/** The post's place with Remove, or a search for one (the create flow's places, by name). */
export function EditLocation({ name, onChoose, onRemove }: EditLocationProps) {
  if (name) {
    return (
      <div className="location-chosen">
        <PinIcon size={20} />
        <div className="location-chosen__text">
          <span className="location-chosen__name">{name}</span>
        </div>
        <button
          type="button"
          className="location-chosen__remove"
          aria-label="Remove location"
          onClick={onRemove}
        >
          <CloseIcon size={16} />
        </button>
      </div>
    );
  }
  return <VenueSearch onChoose={onChoose} />;
}
