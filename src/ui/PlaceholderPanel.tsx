import type { ReactNode } from 'react';
import { Link } from '../lib/router';

export interface PlaceholderLink {
  to: string;
  label: string;
}

interface PlaceholderPanelProps {
  icon?: ReactNode;
  title: string;
  /** What the finished screen will show, in one or two sentences. */
  description: ReactNode;
  links?: PlaceholderLink[];
  children?: ReactNode;
}

/**
 * The frame of a screen whose feature is still being built: a real heading, a sentence about what
 * the screen is for and links onwards, so every route is navigable from day one.
 */
export function PlaceholderPanel({
  icon,
  title,
  description,
  links = [],
  children,
}: PlaceholderPanelProps) {
  return (
    <section className="page-panel">
      {icon ? <div className="page-panel__icon">{icon}</div> : null}
      <h1 className="page-panel__title">{title}</h1>
      <p className="page-panel__description">{description}</p>
      {children}
      {links.length > 0 ? (
        <nav className="page-panel__links" aria-label="Related pages">
          {links.map((link) => (
            <Link key={link.to} className="chip-link" to={link.to}>
              {link.label}
            </Link>
          ))}
        </nav>
      ) : null}
    </section>
  );
}
