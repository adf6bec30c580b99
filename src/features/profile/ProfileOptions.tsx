import { Modal } from '../../ui/Modal';

interface ProfileOptionsProps {
  blocked: boolean;
  onChoose: (mode: 'block' | 'unblock') => void;
  onClose: () => void;
}

/** The profile's "…" menu: block or unblock this account. */
export function ProfileOptions({ blocked, onChoose, onClose }: ProfileOptionsProps) {
  return (
    <Modal title="Options" titleHidden hideCloseButton onClose={onClose} width={400}>
      <ul className="options-menu">
        <li>
          <button
            type="button"
            className="options-menu__item options-menu__item--danger"
            onClick={() => onChoose(blocked ? 'unblock' : 'block')}
          >
            {blocked ? 'Unblock this user' : 'Block this user'}
          </button>
        </li>
        <li>
          <button type="button" className="options-menu__item" onClick={onClose}>
            Cancel
          </button>
        </li>
      </ul>
    </Modal>
  );
}
