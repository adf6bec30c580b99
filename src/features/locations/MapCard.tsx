/** 38.7192, -9.1327 → "38.7192° N, 9.1327° W". */
export function formatCoordinates(lat: number, lng: number): string {
  const fmt = (value: number, pos: string, neg: string) =>
    `${Math.abs(value).toFixed(4)}° ${value >= 0 ? pos : neg}`;
  return `${fmt(lat, 'N', 'S')}, ${fmt(lng, 'E', 'W')}`;
}

/**
 * A small static map-like card: drawn streets, a pin in the middle and the coordinates. No map
 * tiles are fetched, so nothing about the viewer's interest leaks to a third party.
 */
export function MapCard({ lat, lng, name }: { lat: number; lng: number; name: string }) {
  const coordinates = formatCoordinates(lat, lng);
  return (
    <figure className="map-card">
      <svg
        className="map-card__map"
        viewBox="0 0 300 120"
        preserveAspectRatio="xMidYMid slice"
        role="img"
        aria-label={`Map pin for ${name}`}
      >
        <rect width="300" height="120" fill="#e8efe6" />
        <path d="M0 84 C60 70 110 96 170 78 S260 52 300 60 V120 H0Z" fill="#cfe3f2" />
        <g stroke="#fff" strokeWidth="6" fill="none" strokeLinecap="round">
          <path d="M-10 40 L310 28" />
          <path d="M90 -10 L120 130" />
          <path d="M210 -10 L190 130" />
        </g>
        <g stroke="#fff" strokeWidth="2.5" fill="none">
          <path d="M-10 64 L310 52" />
          <path d="M40 -10 L60 130" />
          <path d="M150 -10 L158 130" />
          <path d="M255 -10 L246 130" />
        </g>
        <g transform="translate(150 60)">
          <ellipse cx="0" cy="2" rx="7" ry="2.5" fill="rgb(0 0 0 / 0.2)" />
          <path
            d="M0 0 C-4 -9 -12 -14 -12 -24 A12 12 0 0 1 12 -24 C12 -14 4 -9 0 0Z"
            fill="#ed4956"
            stroke="#b02a37"
            strokeWidth="1"
          />
          <circle cx="0" cy="-24" r="4.5" fill="#fff" />
        </g>
      </svg>
      <figcaption className="map-card__caption">{coordinates}</figcaption>
    </figure>
  );
}
