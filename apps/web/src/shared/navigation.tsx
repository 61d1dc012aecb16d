import { type ComponentProps, type ReactNode, forwardRef, useCallback, useEffect, useMemo } from 'react';
import { Link as WouterLink, useLocation as useWouterLocation, useSearch } from 'wouter';
import { useHistoryState, useLocationProperty } from 'wouter/use-browser-location';
import { normalizePath } from '../i18n/routes';

/**
 * The site's one door to the browser's address (wouter underneath: decision 004). Which
 * page a path shows is decided by the route table (i18n/routes.ts), not here. Without a wouter
 * <Router> around it this reads the browser; tests wrap it in one with a memory location.
 */
export interface SiteLocation {
  pathname: string;
  /** With its '?', or empty. */
  search: string;
  /** With its '#', or empty. */
  hash: string;
  /** What the navigation that led here carried (history state). */
  state: unknown;
}

export type NavigateTo = string | { pathname: string; search?: string; hash?: string };
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

const currentHash = () => window.location.hash;

export const useLocation = (): SiteLocation => {
  const [pathname] = useWouterLocation();
  const search = useSearch();
  const hash = useLocationProperty(currentHash, () => '');
  const state: unknown = useHistoryState();
  // One object per address, as effects that depend on it expect.
  return useMemo(
    () => ({ pathname, search: search ? `?${search}` : '', hash, state }),
    [pathname, search, hash, state],
  );
};

const withPrefix = (value: string | undefined, prefix: string) =>
  !value ? '' : value.startsWith(prefix) ? value : `${prefix}${value}`;

export const toHref = (to: NavigateTo): string =>
  typeof to === 'string' ? to : `${to.pathname}${withPrefix(to.search, '?')}${withPrefix(to.hash, '#')}`;

export const useNavigate = (): ((to: NavigateTo, options?: NavigateOptions) => void) => {
  const [, navigate] = useWouterLocation();
  return useCallback((to, options) => navigate(toHref(to), options), [navigate]);
};

/** Replaces the current address as soon as it renders (an unknown or re-languaged path). */
export const Navigate = ({ to }: { to: NavigateTo }) => {
  const navigate = useNavigate();
  const href = toHref(to);
  useEffect(() => navigate(href, { replace: true }), [navigate, href]);
  return null;
};

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string; children?: ReactNode };

/** An in-site link: a real <a href>, followed without a page load (modifier keys open a tab). */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(({ to, ...props }, ref) => (
  <WouterLink ref={ref} href={to} {...props} />
));
Link.displayName = 'Link';

/**
 * A menu link that marks the page it leads to: class "active" and aria-current="page". Without
 * `end` it also marks the pages below its path. `section` lists the other pages of its section,
 * on which it is marked with aria-current="true" (the top menu's Account on all five account pages).
 */
export const NavLink = forwardRef<HTMLAnchorElement, LinkProps & { end?: boolean; section?: readonly string[] }>(
  ({ to, end = false, section, className, ...props }, ref) => {
    const current = normalizePath(useLocation().pathname);
    const target = normalizePath(to);
    const page = current === target || (!end && target !== '/' && current.startsWith(`${target}/`));
    // Another page of its section: current, but not the page the link leads to.
    const inSection = !page && (section?.some((path) => normalizePath(path) === current) ?? false);
    const active = page || inSection;
    return (
      <Link
        ref={ref}
        to={to}
        className={[className, active ? 'active' : undefined].filter(Boolean).join(' ') || undefined}
        aria-current={page ? 'page' : inSection ? 'true' : undefined}
        {...props}
      />
    );
  },
);
NavLink.displayName = 'NavLink';
