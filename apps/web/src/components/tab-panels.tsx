import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { tabIndexAfterKey } from './tab-keys';
import './tabs.css';
import './tab-panels.css';

export interface TabPanel {
  id: string;
  label: string;
  render: () => ReactNode;
}

/**
 * Panels shown in place under one address (WAI-ARIA tabs): role=tablist, the arrow keys, Home and
 * End move between tabs and show the one they reach; only the selected tab is in the Tab order.
 * In the site's one tab style (tabs.css), wrapping where the row does not fit. More tabs join by adding a panel to the list (docs/product.md#my-account, docs/product.md#console).
 */
export const TabPanels = ({
  label,
  panels,
  selected: shown,
  onSelect,
}: {
  label: string;
  panels: readonly TabPanel[];
  /** With onSelect, the tab shown is the caller's (a form shows the tab holding its first error). */
  selected?: string;
  onSelect?: (id: string) => void;
}) => {
  const [own, setOwn] = useState(panels[0]?.id ?? '');
  const selected = shown ?? own;
  const setSelected = onSelect ?? setOwn;
  const base = useId();
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});
  const current = panels.find((panel) => panel.id === selected) ?? panels[0];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = panels.findIndex((panel) => panel.id === current?.id);
    const next = tabIndexAfterKey(event.key, index, panels.length);
    if (next === undefined) return;
    event.preventDefault();
    const id = panels[next]!.id;
    setSelected(id);
    tabs.current[id]?.focus();
  };

  return (
    <div className="tab-panels">
      <div role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {panels.map((panel) => (
          <button
            key={panel.id}
            ref={(element) => {
              tabs.current[panel.id] = element;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${panel.id}`}
            aria-controls={`${base}-panel-${panel.id}`}
            aria-selected={panel.id === current?.id}
            tabIndex={panel.id === current?.id ? 0 : -1}
            className="tabs__tab"
            onClick={() => setSelected(panel.id)}
          >
            {panel.label}
          </button>
        ))}
      </div>
      {current && (
        <div
          role="tabpanel"
          id={`${base}-panel-${current.id}`}
          aria-labelledby={`${base}-tab-${current.id}`}
          tabIndex={0}
          className="tab-panels__panel"
        >
          {current.render()}
        </div>
      )}
    </div>
  );
};
