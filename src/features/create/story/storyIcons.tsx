import { Svg, type IconProps } from '../../../ui/icons';

// The composer's own icons (decorative: every control carries its accessible name).

export function PenIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 20l1.2-4.4L15.8 5a2 2 0 0 1 2.8 0l.4.4a2 2 0 0 1 0 2.8L8.4 18.8z" />
      <path d="M14 6.8l3.2 3.2" />
    </Svg>
  );
}

export function UndoIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M9 14L4 9l5-5" />
      <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
    </Svg>
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </Svg>
  );
}

const ALIGN_LINES: Record<string, [number, number][]> = {
  left: [
    [4, 20],
    [4, 14],
    [4, 18],
  ],
  center: [
    [4, 20],
    [7, 17],
    [5, 19],
  ],
  right: [
    [4, 20],
    [10, 20],
    [6, 20],
  ],
};

export function AlignIcon({ align, ...props }: IconProps & { align: string }) {
  const lines = ALIGN_LINES[align] ?? ALIGN_LINES.center;
  return (
    <Svg {...props}>
      {lines.map(([from, to], i) => (
        <path key={i} d={`M${from} ${6 + i * 6}H${to}`} />
      ))}
    </Svg>
  );
}

/** "A" on no plate, a soft plate or a solid plate. */
export function BackgroundIcon({ background, ...props }: IconProps & { background: string }) {
  return (
    <Svg {...props}>
      {background !== 'none' ? (
        <rect
          x="2.5"
          y="3.5"
          width="19"
          height="17"
          rx="5"
          fill="currentColor"
          fillOpacity={background === 'solid' ? 1 : 0.35}
          stroke={background === 'solid' ? 'currentColor' : 'none'}
        />
      ) : (
        <rect
          x="2.5"
          y="3.5"
          width="19"
          height="17"
          rx="5"
          strokeDasharray="3 3"
          strokeWidth={1.5}
        />
      )}
      {/* On the solid plate the letter takes the chip's own background colour (see the CSS). */}
      <path
        d="M8 17l4-10 4 10M9.4 13.6h5.2"
        className={background === 'solid' ? 'story-bg-letter' : undefined}
      />
    </Svg>
  );
}
