/**
 * Link and NavLink from React Router's own hooks (useHref, useLinkClickHandler,
 * useResolvedPath). React Router's components also carry framework-mode route prefetching and
 * view transitions, ≈ 3 KB gzip on `/` that Glint does not use (README, "JavaScript budget").
 */
import type { AnchorHTMLAttributes, CSSProperties, MouseEvent, ReactNode, Ref } from 'react';
import {
  useHref,
  useLinkClickHandler,
  useLocation,
  useResolvedPath,
  type To,
} from 'react-router-dom';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** An <a> that navigates in the app on a plain left click (a modified click opens a tab). */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}

interface NavLinkRenderProps {
  isActive: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  end?: boolean;
  className?: string | ((props: NavLinkRenderProps) => string | undefined);
  style?: CSSProperties | ((props: NavLinkRenderProps) => CSSProperties | undefined);
  children?: ReactNode | ((props: NavLinkRenderProps) => ReactNode);
}

const trimSlash = (path: string) => path.replace(/\/+$/, '').toLowerCase();

/** A link that knows it points at the current page (aria-current="page"). */
export function NavLink({ to, end, className, style, children, ...rest }: NavLinkProps) {
  const here = trimSlash(useLocation().pathname);
  const there = trimSlash(useResolvedPath(to).pathname);
  const isActive = here === there || (!end && there !== '' && here.startsWith(`${there}/`));
  const props = { isActive };
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className(props) : className}
      style={typeof style === 'function' ? style(props) : style}
    >
      {typeof children === 'function' ? children(props) : children}
    </Link>
  );
}
