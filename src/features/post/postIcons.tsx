import { Svg, type IconProps } from '../../ui/icons';

// Icons only the post views use. Decorative: the control around each icon carries the name.
export function CommentIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M20.7 16.5A9.4 9.4 0 1 0 17 20.2L21.5 21.5z" />
    </Svg>
  );
}

export function SaveIcon({ filled, ...props }: IconProps) {
  return (
    <Svg {...props}>
      <path
        d="M19 21 12 15.5 5 21V4a1 1 0 0 1 1-1h12a1 1 0 0 1 1 1z"
        fill={filled ? 'currentColor' : 'none'}
      />
    </Svg>
  );
}

export function MoreIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="5.5" cy="12" r="1.4" fill="currentColor" stroke="none" />
      <circle cx="12" cy="12" r="1.4" fill="currentColor" stroke="none" />
      <circle cx="18.5" cy="12" r="1.4" fill="currentColor" stroke="none" />
    </Svg>
  );
}

export function TagIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="8" r="4" fill="currentColor" stroke="none" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor" stroke="none" />
    </Svg>
  );
}

export function VerifiedBadge({ size = 14 }: { size?: number }) {
  return (
    <svg
      className="verified-badge"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      role="img"
      aria-label="Verified"
    >
      <path
        fill="#0095f6"
        d="m12 1 2.6 2.2 3.4-.3.9 3.3 3 1.7-1.3 3.1 1.3 3.1-3 1.7-.9 3.3-3.4-.3L12 23l-2.6-2.2-3.4.3-.9-3.3-3-1.7L3.4 13 2.1 9.9l3-1.7.9-3.3 3.4.3z"
      />
      <path
        d="m7.8 12.2 2.8 2.8 5.6-5.6"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function PlusCircleIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M12 8v8M8 12h8" />
    </Svg>
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
    </Svg>
  );
}

export function ShareIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M22 3 9.2 10.1M22 3l-7 18-4.3-8.4L2 9.4z" />
    </Svg>
  );
}
