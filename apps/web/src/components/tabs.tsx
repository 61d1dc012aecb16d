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
 * role="tablist" for panels shown in place, tab-panels.tsx). They are ordinary links in the Tab
 * order. Both look alike (tabs.css): where the row is wider than the page (a phone, twelve
 * statistics tabs, long Russian or Greek words) it wraps, so every tab stays in view.
 */
export const Tabs = ({ label, links, active }: { label: string; links: readonly TabLink[]; active: string }) => (
  <nav aria-label={label} className="tabs">
    <ul className="tabs__list">
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
