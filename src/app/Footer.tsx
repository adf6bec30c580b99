import { Link } from '../lib/router';

const FOOTER_LINKS = [
  { to: '/about/camera', label: 'About' },
  { to: '/explore/', label: 'Explore' },
  { to: '/explore/people/', label: 'People' },
  { to: '/explore/locations/', label: 'Locations' },
  { to: '/accounts/privacy_and_security/', label: 'Privacy' },
];

export function Footer() {
  return (
    <footer className="footer">
      <nav className="footer__links" aria-label="Footer">
        {FOOTER_LINKS.map((link) => (
          <Link key={link.to} to={link.to}>
            {link.label}
          </Link>
        ))}
      </nav>
      <p className="footer__copyright">© {new Date().getFullYear()} Glint</p>
    </footer>
  );
}
