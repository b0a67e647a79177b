import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { A11Y_SCREENS } from './a11y-routes';
import { apiLogin, seedSession } from './fixtures/session';

// WCAG 2.1 A and AA, the rules a regulated company's accessibility statement refers to.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

// One sign-in per account for the whole file: each takes a TOTP step, and the server accepts
// only a few per half-minute. Nothing here signs out, so the sessions stay valid.
const sessions = new Map<string, Awaited<ReturnType<typeof apiLogin>>>();

test.describe('accessibility (axe-core)', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const screen of A11Y_SCREENS) {
    test(`${screen.name}: no serious or critical violation`, async ({ page, request }) => {
      if (screen.as) {
        const session = sessions.get(screen.as.email) ?? (await apiLogin(request, screen.as));
        sessions.set(screen.as.email, session);
        await seedSession(page, session);
      }
      await page.goto(typeof screen.path === 'string' ? screen.path : await screen.path());
      await screen.ready(page);
      await screen.open?.(page);

      const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      const blocking = violations
        .filter((v) => BLOCKING.has(v.impact ?? ''))
        // The first node's summary says what is wrong (for contrast: both colours and the ratio).
        .map(
          (v) =>
            `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes[0]?.failureSummary ?? ''}\n    ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 5)
              .join('\n    ')}`,
        );
      expect(blocking, blocking.join('\n')).toEqual([]);
    });
  }
});
