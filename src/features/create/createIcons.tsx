import { Svg, type IconProps } from '../../ui/icons';

// Icons of the creation flow (decorative: the control around each carries the accessible name).
export function RotateIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M20 11a8 8 0 1 0-2.3 5.7" />
      <path d="M20 4v7h-7" />
    </Svg>
  );
}

export function SquareIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="4.5" y="4.5" width="15" height="15" rx="2" />
    </Svg>
  );
}

export function PortraitIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="6" y="3.5" width="12" height="15" rx="2" />
    </Svg>
  );
}

export function OriginalIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3" y="6.5" width="18" height="11" rx="2" />
    </Svg>
  );
}

export function ZoomIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="m15.5 15.5 5 5M8 10.5h5M10.5 8v5" />
    </Svg>
  );
}

export function PinIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0C18.5 15.4 12 21 12 21z" />
      <circle cx="12" cy="10" r="2.3" />
    </Svg>
  );
}

export function CrosshairIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="7" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
    </Svg>
  );
}

export function PhotosIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3" y="5" width="15" height="13" rx="2.5" />
      <path d="M7 21h11.5a2.5 2.5 0 0 0 2.5-2.5V9" />
      <path d="m3.5 15.5 4-4 3.5 3.5 2-2 4 4" />
      <circle cx="13.5" cy="9" r="1.3" />
    </Svg>
  );
}

export function PersonTagIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="8.5" r="3.5" />
      <path d="M5 20c.8-3.6 3.6-5.5 7-5.5s6.2 1.9 7 5.5" />
    </Svg>
  );
}
