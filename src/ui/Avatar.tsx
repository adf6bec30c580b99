import { UserIcon } from './icons';

interface AvatarProps {
  src?: string | null;
  /** Whose picture this is; used for the image's alt text. */
  username: string;
  size?: number;
  /** Draws the gradient ring used for unseen stories. */
  ring?: boolean;
  /** Decorative avatars (next to the visible username) get an empty alt. */
  decorative?: boolean;
}

export function Avatar({
  src,
  username,
  size = 32,
  ring = false,
  decorative = false,
}: AvatarProps) {
  const alt = decorative ? '' : `${username}'s profile picture`;
  return (
    <span className={ring ? 'avatar avatar--ring' : 'avatar'} style={{ width: size, height: size }}>
      {src ? (
        <img className="avatar__img" src={src} alt={alt} width={size} height={size} />
      ) : (
        <span
          className="avatar__fallback"
          role={decorative ? undefined : 'img'}
          aria-label={decorative ? undefined : alt}
        >
          <UserIcon size={Math.round(size * 0.6)} />
        </span>
      )}
    </span>
  );
}
