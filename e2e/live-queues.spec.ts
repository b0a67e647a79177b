import { expect, test, type Page } from '@playwright/test';
import { ITEM_CANCELLED } from '@vaultdesk/contract';
import { COMPLIANCE, SUPER_ADMIN } from './fixtures/accounts';
import { confirmYes } from './fixtures/confirm';
import { queryE2eDb } from './fixtures/db';
import { openAs } from './fixtures/session';

const FIRST_RENDER = { timeout: 30_000 };

/** A mark only this very page (no reload since) carries. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    (globalThis as unknown as { __notReloaded: boolean }).__notReloaded = true;
  });
const stillSamePage = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __notReloaded?: boolean }).__notReloaded === true);

test.describe('Live queues (issue 24)', () => {
  test("an item a colleague cancels leaves the other's deposit queue within a second, without a reload", async ({
    browser,
    request,
  }) => {
    // A pending deposit item on the first page (oldest first, 30 a page) of a customer with no other item.
    const [item] = await queryE2eDb<{ id: string; username: string }>(
      `WITH page AS (SELECT qi.id, qi.user_id, qi.created_at FROM queue_items qi WHERE qi.queue = 'deposit' AND qi.status = 'pending' ORDER BY qi.created_at, qi.id LIMIT 30)
       SELECT p.id, u.username::text FROM page p JOIN users u ON u.id = p.user_id
        WHERE (SELECT count(*) FROM queue_items o WHERE o.user_id = p.user_id) = 1
        ORDER BY p.created_at DESC LIMIT 1`,
    );
    expect(item, 'a pending deposit item of a customer with no other').toBeTruthy();
    const rowOf = (page: Page) =>
      page
        .getByRole('table', { name: 'Deposit Queue items' })
        .getByRole('row', { name: new RegExp(`@${item!.username}\\b`) });

    // Two members of staff, each in their own browser, on the same queue.
    const watcherContext = await browser.newContext();
    const actorContext = await browser.newContext();
    try {
      const watcher = await watcherContext.newPage();
      const actor = await actorContext.newPage();
      const streams: string[] = [];
      watcher.on('request', (r) => {
        if (r.url().includes('/v1/admin/live?')) streams.push(r.resourceType());
      });
      await openAs(watcher, request, SUPER_ADMIN, '/advanced/deposit-queue');
      await openAs(actor, request, COMPLIANCE, '/advanced/deposit-queue');
      await expect(rowOf(watcher)).toBeVisible(FIRST_RENDER);
      await expect(rowOf(actor)).toBeVisible(FIRST_RENDER);
      // The live stream is the browser's EventSource: the page still settles for tools that wait
      // for the network to go quiet (the accessibility check does).
      await expect.poll(() => streams, FIRST_RENDER).toEqual(['eventsource']);
      await watcher.waitForLoadState('networkidle');
      // The page says when its stream is open: a change committed from then on reaches it.
      await expect(watcher.locator('html')).toHaveAttribute('data-live', 'ready', FIRST_RENDER);
      await markPage(watcher);

      await rowOf(actor).getByRole('button', { name: 'Cancel' }).click();
      await confirmYes(actor);
      await expect(actor.getByRole('alert').getByText(ITEM_CANCELLED)).toBeVisible();
      const [after] = await queryE2eDb<{ status: string }>(`SELECT status FROM queue_items WHERE id = $1`, [item!.id]);
      expect(after).toEqual({ status: 'cancelled' });
      const committed = Date.now();

      // The other screen drops the row by itself: no reload, no click.
      await expect(rowOf(watcher)).toHaveCount(0, { timeout: 1_000 });
      const tookMs = Date.now() - committed;
      console.log(
        `[live] the colleague's screen dropped the cancelled item ${tookMs} ms after the database said cancelled`,
      );
      expect(await stillSamePage(watcher)).toBe(true);
      expect(streams, 'one stream, never reopened').toHaveLength(1);
    } finally {
      await watcherContext.close();
      await actorContext.close();
    }
  });
});
