const TILES = ['sunset', 'sea', 'forest', 'dusk', 'peach', 'berry'] as const;
const STORY_RINGS = 5;

/**
 * A drawn phone with a miniature Glint feed: pure CSS gradients, so the landing needs no image
 * download and works before any content exists.
 */
export function PhoneShowcase() {
  return (
    <div className="phone-showcase" aria-hidden="true">
      <div className="phone-showcase__glow" />
      <div className="phone">
        <div className="phone__notch" />
        <div className="phone__screen">
          <div className="phone__bar">
            <span className="phone__brand">Glint</span>
            <span className="phone__dot" />
          </div>
          <div className="phone__stories">
            {Array.from({ length: STORY_RINGS }, (_, i) => (
              <span key={i} className="phone__story" />
            ))}
          </div>
          <div className="phone__post">
            <div className="phone__post-head">
              <span className="phone__avatar" />
              <span className="phone__line" />
            </div>
            <div className="phone__photo" />
            <div className="phone__actions">
              <span />
              <span />
              <span />
            </div>
          </div>
          <div className="phone__grid">
            {TILES.map((tile) => (
              <span key={tile} className={`phone__tile phone__tile--${tile}`} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
