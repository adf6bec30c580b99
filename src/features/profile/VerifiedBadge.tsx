/** The blue check beside a verified account's name. */
export function VerifiedBadge({ size = 18 }: { size?: number }) {
  return (
    <span className="verified-badge" role="img" aria-label="Verified">
      <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M12 1.5 14.6 3.4l3.2-.2 1 3.1 2.6 1.9-1 3.1 1 3.1-2.6 1.9-1 3.1-3.2-.2L12 22.5l-2.6-1.9-3.2.2-1-3.1-2.6-1.9 1-3.1-1-3.1 2.6-1.9 1-3.1 3.2.2z"
          fill="#0095f6"
        />
        <path
          d="m7.8 12.2 2.8 2.8 5.6-5.8"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}
