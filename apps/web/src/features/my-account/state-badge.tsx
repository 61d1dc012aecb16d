import type { ReactNode } from 'react';

const MARKS = { on: '✓', off: '○', count: '' } as const;

/**
 * A security section's state beside its title (docs/product.md#my-account), in words: the colour
 * and the mark (a tick for what protects the account, a circle for what does not yet) only repeat
 * them; a count (the sessions) is neither, and has no mark.
 */
export const StateBadge = ({ tone, children }: { tone: keyof typeof MARKS; children: ReactNode }) => (
  <span className={`state-badge state-badge--${tone}`}>
    {MARKS[tone] && <span aria-hidden="true">{MARKS[tone]}</span>}
    {MARKS[tone] && ' '}
    {children}
  </span>
);
