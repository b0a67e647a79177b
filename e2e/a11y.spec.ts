import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { A11Y_SCREENS, type A11yScreen } from './a11y-routes';
import { test } from './fixtures/pages';

// WCAG 2.1 A and AA, the rules a regulated company's accessibility statement refers to.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

// One test per screen, so a report names each screen that fails. The signed-in screens are opened
// in one tab per account kept for the whole file (fixtures/pages.ts `pageAs`): one sign-in per
// account, and no new browser context and no extra page load per screen; each screen is still a
// full page load of its own route. Public screens get a fresh tab with no session.
test.describe('accessibility (axe-core)', () => {
  test.describe.configure({ timeout: 120_000 });

  /** Opens the screen in `page`, brings up its state, and runs every rule of TAGS at once. */
  const check = async (page: Page, screen: A11yScreen) => {
    const to = typeof screen.path === 'string' ? screen.path : await screen.path();
    // A dialog of the screen the tab already shows (the line before it in A11Y_SCREENS, passed: a
    // failure restarts the worker and its tabs) is opened on that load: one page load per route.
    const here = new URL(page.url());
    if (!(screen.open && here.pathname + here.search === to)) await page.goto(to);
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
  };

  for (const screen of A11Y_SCREENS) {
    const title = `${screen.name}: no serious or critical violation`;
    const account = screen.as;
    if (!account) {
      // A public screen: the test's own tab, with no session.
      test(title, async ({ page }) => check(page, screen));
      continue;
    }
    test(title, async ({ pageAs }, testInfo) => {
      const page = await pageAs(account);
      try {
        await check(page, screen);
      } catch (error) {
        // The kept tab is not the test's own page, which the config screenshots on failure.
        if (!page.isClosed())
          await testInfo.attach('screenshot', { body: await page.screenshot(), contentType: 'image/png' });
        throw error;
      }
    });
  }
});
