import type { ReactNode } from 'react';

/**
 * A wide table's horizontal scroll, reachable from the keyboard: a named region that takes focus
 * (arrow keys then scroll it). Used instead of Ant Design's `scroll.x` where that one fails WCAG:
 * its scroll box cannot take focus when the table holds no focusable cell (an empty result), and
 * with row selection its hidden measuring row copies the focusable "select all" checkbox.
 */
export const ScrollRegion = ({ label, children }: { label: string; children: ReactNode }) => (
  // A scrollable region must be focusable (WCAG 2.1.1).
  <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
    {children}
  </div>
);
