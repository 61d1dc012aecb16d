import type { ReactNode } from 'react';

/**
 * A security section's state beside its title (docs/product.md#my-account), in words: the colour
 * and the mark (a tick for what protects the account, a circle for what does not yet) only repeat them.
 */
export const StateBadge = ({ tone, children }: { tone: 'on' | 'off'; children: ReactNode }) => (
  <span className={`state-badge state-badge--${tone}`}>
    <span aria-hidden="true">{tone === 'on' ? '✓' : '○'}</span> {children}
  </span>
);
