import { useLayoutEffect, useRef } from 'react';
import { Link } from '../shared/navigation';
import './tabs.css';

export interface TabLink {
  /** Which page the link leads to (compared with `active`). */
  id: string;
  to: string;
  label: string;
}

/**
 * The site's one row of tabs (docs/product.md#tabs): links between sibling pages, each its own
 * address, so a navigation landmark whose current link has aria-current="page" (WAI-ARIA keeps
 * role="tablist" for panels shown in place). They are ordinary links in the Tab order. The row
 * never wraps: where it is wider than the page (a phone, long Russian or Greek words) it scrolls
 * sideways, and the current tab is brought into view before the first paint of the client.
 */
export const Tabs = ({ label, links, active }: { label: string; links: readonly TabLink[]; active: string }) => {
  const list = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    // Only the row scrolls, never the window (scrollIntoView would move the page too).
    const start = current.offsetLeft;
    const end = start + current.offsetWidth;
    if (start >= row.scrollLeft && end <= row.scrollLeft + row.clientWidth) return;
    row.scrollLeft = start - (row.clientWidth - current.offsetWidth) / 2;
  }, [active]);
  return (
    <nav aria-label={label} className="tabs">
      <ul className="tabs__list" ref={list}>
        {links.map((link) => (
          <li key={link.id} className="tabs__item">
            <Link to={link.to} className="tabs__tab" aria-current={link.id === active ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
};
