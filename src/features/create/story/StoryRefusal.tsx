/** Spec §2/§5: story creation is refused in a landscape viewport (on touch devices, see state). */
export function StoryRefusal({ onClose, hasDraft }: { onClose: () => void; hasDraft: boolean }) {
  return (
    <section className="story-message" role="alert" aria-labelledby="story-refusal-title">
      <svg
        className="story-message__icon"
        width="56"
        height="56"
        viewBox="0 0 24 24"
        aria-hidden="true"
      >
        <rect
          x="7"
          y="2.5"
          width="10"
          height="19"
          rx="2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        />
        <path d="M10.5 18.5h3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <h2 id="story-refusal-title" className="story-message__title">
        Turn your phone upright to create a story
      </h2>
      <p className="story-message__text">
        {/* Promise to keep a draft only when there is one (a picture chosen). */}
        {hasDraft
          ? 'Stories are made in portrait. Your draft is kept.'
          : 'Stories are made in portrait.'}
      </p>
      <button type="button" className="btn btn--secondary" onClick={onClose}>
        Close
      </button>
    </section>
  );
}
