import { useId, useState, type FormEvent } from 'react';
import { geoTagField, userTagsList, type Venue } from '../../api/media';
import type { PostEditFields } from '../../api/posts';
import type { WirePost } from '../../api/types';
import { CAPTION_MAX_LENGTH, type PendingUserTag } from '../../state/create';
import { MAX_USER_TAGS } from '../../state/createUserTags';
import { savePostEdit } from '../../state/createEdit';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { ALT_TEXT_HINT, AltTextInput } from '../create/AltTextField';
import { TagPeopleEditor } from '../create/TagPeopleEditor';
import { EditLocation } from './EditLocation';
import './postEdit.css';

interface PostEditDialogProps {
  post: WirePost;
  onClose(): void;
}

/** A photo whose alt text can be edited: the post itself, or each photo of a carousel. */
interface EditablePhoto {
  id: string;
  src: string;
  alt: string;
}

function photosOf(post: WirePost): EditablePhoto[] {
  const children = post.edge_sidecar_to_children?.edges.map((e) => e.node) ?? [];
  const items = children.length > 0 ? children : [post];
  return items.map((item) => ({
    id: item.id,
    src: item.thumbnail_src || item.display_url,
    // A generated description is not the member's text: the field starts empty (its hint shows).
    alt: item.accessibility_caption_is_custom === false ? '' : (item.accessibility_caption ?? ''),
  }));
}

/** The people tagged in the post, where they are. */
function tagsOf(post: WirePost): PendingUserTag[] {
  return post.edge_media_to_tagged_user.edges.map(({ node }) => ({
    username: node.user.username,
    x: node.x,
    y: node.y,
  }));
}

/**
 * "Edit info" for the owner's post (issue 19): caption, location, tagged people and alt text,
 * saved with Done.
 * Only what the member changed is sent, so an untouched generated description stays generated
 * (and follows a new place). A refusal keeps the dialog open with the server's message.
 */
export function PostEditDialog({ post, onClose }: PostEditDialogProps) {
  const photos = photosOf(post);
  const isCarousel = (post.edge_sidecar_to_children?.edges.length ?? 0) > 0;
  const [caption, setCaption] = useState(post.caption);
  const [place, setPlace] = useState<{ name: string | null; field?: string }>({
    name: post.location?.name ?? null,
  });
  const [alts, setAlts] = useState<Record<string, string>>({});
  // Null until the member changes who is tagged: an untouched list is not sent.
  const [tags, setTags] = useState<PendingUserTag[] | null>(null);
  const shownTags = tags ?? tagsOf(post);
  const tagAt = (username: string, x: number, y: number) => {
    const others = shownTags.filter((t) => t.username !== username);
    if (others.length === shownTags.length && others.length >= MAX_USER_TAGS) return false;
    setTags([...others, { username, x, y }]);
    return true;
  };
  const untag = (username: string) => setTags(shownTags.filter((t) => t.username !== username));
  const [state, setState] = useState<{ saving: boolean; error: string | null }>({
    saving: false,
    error: null,
  });
  const captionId = useId();
  const countId = useId();
  const errorId = useId();

  const choose = (venue: Venue) => setPlace({ name: venue.name, field: geoTagField(venue) });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (state.saving) return;
    const fields: PostEditFields = { caption };
    if (place.field !== undefined) fields.location = place.field;
    if (tags) fields.usertags = userTagsList(tags);
    if (isCarousel) {
      const children = Object.entries(alts).map(([id, text]) => ({
        id,
        accessibility_caption: text,
      }));
      if (children.length > 0) fields.children = children;
    } else if (alts[post.id] !== undefined) {
      fields.accessibilityCaption = alts[post.id];
    }
    setState({ saving: true, error: null });
    const result = await savePostEdit(post.id, fields);
    if (result.status === 'saved') onClose();
    else setState({ saving: false, error: result.error });
  }

  return (
    <Modal title="Edit info" width={560} className="post-edit" onClose={onClose}>
      <form className="post-edit__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="post-edit__field">
          <label htmlFor={captionId} className="post-edit__label">
            Caption
          </label>
          <textarea
            id={captionId}
            className="text-box post-edit__caption"
            value={caption}
            maxLength={CAPTION_MAX_LENGTH}
            rows={5}
            aria-describedby={countId}
            onChange={(event) => setCaption(event.currentTarget.value)}
          />
          <div id={countId} className="post-edit__count">
            <span className="visually-hidden">Characters used: </span>
            {caption.length.toLocaleString('en-US')}/{CAPTION_MAX_LENGTH.toLocaleString('en-US')}
          </div>
        </div>
        <div className="post-edit__field">
          <span className="post-edit__label">Location</span>
          <EditLocation
            name={place.name}
            onChoose={choose}
            onRemove={() => setPlace({ name: null, field: '' })}
          />
        </div>
        <fieldset className="post-edit__field post-edit__tags">
          <legend className="post-edit__label">Tag people</legend>
          {/* The whole photo, not its square thumbnail: tags are placed on the photo shown. */}
          <TagPeopleEditor
            src={post.edge_sidecar_to_children?.edges[0]?.node.display_url ?? post.display_url}
            tags={shownTags}
            onTag={tagAt}
            onUntag={untag}
          />
        </fieldset>
        <fieldset className="post-edit__field post-edit__accessibility">
          <legend className="post-edit__label">Accessibility</legend>
          <p className="create-section__hint">{ALT_TEXT_HINT}</p>
          {photos.map((photo, i) => (
            <div key={photo.id} className="post-edit__photo">
              <img className="post-edit__thumb" src={photo.src} alt="" width={56} height={56} />
              <AltTextInput
                label={isCarousel ? `Alt text for photo ${i + 1}` : undefined}
                value={alts[photo.id] ?? photo.alt}
                onChange={(text) => setAlts((all) => ({ ...all, [photo.id]: text }))}
              />
            </div>
          ))}
        </fieldset>
        {state.error ? (
          <p id={errorId} className="post-edit__error" role="alert">
            {state.error}
          </p>
        ) : null}
        <div className="post-edit__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="btn post-edit__done"
            disabled={state.saving}
            aria-busy={state.saving || undefined}
            aria-describedby={state.error ? errorId : undefined}
          >
            {state.saving ? <Spinner size={16} /> : null}
            Done
          </button>
        </div>
      </form>
    </Modal>
  );
}
