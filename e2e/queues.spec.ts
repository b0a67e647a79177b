import { expect as baseExpect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatAmount } from '@vaultdesk/contract';
import { COMPLIANCE, SUPER_ADMIN } from './fixtures/accounts';
import { queryE2eDb } from './fixtures/db';
import { bearer, openAs } from './fixtures/session';
import { dropWalletAccounts, e2eChainUrl, installTestWallet, walletAddedChains } from './fixtures/wallet';
import { chooseOption } from './fixtures/select';
import { confirmYes } from './fixtures/confirm';
import { connectWallet, processListPanel, startBatch } from './fixtures/batches';
import { createPublicClient, http, parseUnits, type Address } from 'viem';
import { LOCAL_CONTRACTS, testTokenAbi } from '@vaultdesk/chain';

// Every step here waits on the chain or the server and then on a re-render: on a machine shared by
// several test runs the page can take well over the default 10 s to show it.
const expect = baseExpect.configure({ timeout: 30_000 });

const panel = processListPanel;

/** Picks a status in the filter (the open list shows each option as a titled item). */
async function chooseStatus(page: Page, label: string) {
  await chooseOption(page, page.getByRole('combobox', { name: 'Status filter' }), label);
}

/** The row checkboxes of a queue table (not its "Select all"). */
const rowBoxes = (page: Page, table: string) =>
  page.getByRole('table', { name: table }).getByRole('checkbox', { name: /^Select (?!all$)/ });

/**
 * Records, in the page, every text the batch's current step takes, in order, as the DOM shows it
 * (a MutationObserver, so a step replaced within the same render would never appear).
 */
async function recordSteps(page: Page) {
  await page.evaluate(() => {
    // The specs compile without the DOM library: the page's globals, as far as used here.
    type Dom = {
      document: { body: unknown; querySelector: (s: string) => { textContent: string | null } | null };
      MutationObserver: new (cb: () => void) => { observe: (node: unknown, options: object) => void };
      __batchSteps: string[];
    };
    const w = globalThis as unknown as Dom;
    const seen: string[] = [];
    w.__batchSteps = seen;
    const read = () => {
      const text = w.document.querySelector('[data-testid="batch-step"]')?.textContent ?? null;
      if (text !== null && seen.at(-1) !== text) seen.push(text);
    };
    new w.MutationObserver(read).observe(w.document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => [...(globalThis as unknown as { __batchSteps: string[] }).__batchSteps]);
}
const DEPOSIT_STEPS = [
  'Started',
  'Allowance check',
  'Allowance done',
  'Initial share balance',
  'Deposit',
  'Hash received',
  'Wait 2 seconds',
  'Share balance after',
  'Batch saved',
];

/** Confirms the batch and waits for the progress to reach 100 % with the server's answer. */
async function runBatch(
  page: Page,
  button: string,
  beforeOk: (progress: Locator) => Promise<void> = async () => undefined,
) {
  await panel(page).getByRole('button', { name: button }).click();
  const progress = await startBatch(page);
  await expect(progress.getByTestId('batch-step')).toHaveText('Batch saved', { timeout: 45_000 });
  await expect(progress.getByTestId('batch-message')).toHaveText('Batch saved');
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(progress.getByTestId('batch-hash')).toHaveText(/^0x[0-9a-f]{2}\.\.\.[0-9a-f]{4}$/);
  await beforeOk(progress);
  await progress.getByRole('button', { name: 'OK' }).click();
  await expect(panel(page).getByTestId('process-list-status')).toHaveText('1 · To be propagated');
}

/** A token balance on the e2e server's local chain. */
const tokenBalance = (token: 'BUSD' | 'VLT', holder: string) =>
  createPublicClient({ transport: http(e2eChainUrl()) }).readContract({
    address: LOCAL_CONTRACTS[token],
    abi: testTokenAbi,
    functionName: 'balanceOf',
    args: [holder as Address],
  });

type ListPayload = {
  _id: string;
  status: number;
  transactionHash: string | null;
  sentHash: string | null;
  batch: unknown;
  totalAmount: string;
  items: { _id: string }[];
};
/** The open deposit process list, as the API gives it to every browser. */
async function openList(request: APIRequestContext, token: string) {
  const res = await request.get('/v1/advanced/process-lists?type=deposit', { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()).data as ListPayload[]).find((l) => l.status === 0)!;
}

/** Presses the panel's only batch action, "Save sent batch 0x..", confirms, and waits for 100 %. */
async function saveSentBatch(page: Page, hash: string) {
  await panel(page)
    .getByRole('button', { name: `Save sent batch ${hash.slice(0, 4)}...${hash.slice(-4)}` })
    .click();
  const progress = page.getByRole('dialog', { name: 'Batch progress' });
  await expect(async () => {
    if (!(await progress.isVisible()))
      await page
        .getByRole('dialog', { name: 'Are you sure?' })
        .getByRole('button', { name: 'Save batch' })
        .click({ timeout: 2_000 });
    await expect(progress).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(progress.getByTestId('batch-step')).toHaveText('Batch saved', { timeout: 45_000 });
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await progress.getByRole('button', { name: 'OK' }).click();
  await expect(panel(page).getByTestId('process-list-status')).toHaveText('1 · To be propagated');
}

/** The first visit of the Advanced area loads wagmi and the table chunks: on a busy machine that takes a while. */
const FIRST_RENDER = { timeout: 30_000 };

test.describe('queues and on-chain batches', () => {
  // A batch waits for several mined transactions and the share-reading pause.
  test.describe.configure({ timeout: 180_000 });

  test('a deposit batch from selection to Update Queue and Plans, signed by the injected wallet on the local chain', async ({
    page,
    request,
  }) => {
    await installTestWallet(page);
    await openAs(page, request, SUPER_ADMIN, '/advanced/deposit-queue');
    await expect(page.getByRole('heading', { name: 'Deposit Queue' })).toBeVisible(FIRST_RENDER);
    await expect(page.getByTestId('balance-BUSD')).toHaveText(/\d/);
    // The demo's open deposit list (0, yet to be saved), or none when an earlier run finished it.
    const status = panel(page).getByTestId('process-list-status');
    await expect(status.or(panel(page).getByText('No open process list'))).toBeVisible();
    if (await status.count()) await expect(status).toHaveText('0 · Yet to be saved');
    const before = (await status.count())
      ? Number(await panel(page).getByTestId('process-list-count').textContent())
      : 0;

    const processList = page.getByRole('button', { name: 'Process List' });
    await expect(processList).toBeDisabled();
    const boxes = rowBoxes(page, 'Deposit Queue items');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await expect(processList).toBeEnabled();
    await processList.click();
    await expect(page.getByText('2 items added to the process list')).toBeVisible();
    await expect(panel(page).getByTestId('process-list-count')).toHaveText(String(before + 2));

    await connectWallet(page);
    const steps = await recordSteps(page);
    await runBatch(page, 'Deposit batch', async (progress) => {
      // Spec §4: every step painted, in order, each before the next replaced it; and listed with its percentage.
      expect(await steps()).toEqual(DEPOSIT_STEPS);
      await expect(progress.getByRole('list', { name: 'Batch steps' }).getByRole('listitem')).toHaveText([
        'Started 10%',
        'Allowance check 20%',
        'Allowance done 30%',
        'Initial share balance 40%',
        'Deposit 50%',
        'Hash received 60%',
        'Wait 2 seconds',
        'Share balance after 70%',
        'Batch saved 100%',
      ]);
    });
    await panel(page).getByRole('button', { name: 'Update Queue and Plans' }).click();
    await expect(page.getByText('Plan updated')).toBeVisible();
    await expect(panel(page)).toContainText('No open process list');

    const [list] = await queryE2eDb<{ status: number; items: number; done: number }>(
      `SELECT pl.status, count(qi.id)::int AS items, count(qi.id) FILTER (WHERE qi.status = 'done')::int AS done
         FROM process_lists pl JOIN queue_items qi ON qi.process_list_id = pl.id
        WHERE pl.type = 'deposit' AND pl.transaction_hash IS NOT NULL GROUP BY pl.id ORDER BY max(pl.updated_at) DESC LIMIT 1`,
    );
    expect(list).toEqual({ status: 2, items: before + 2, done: before + 2 });
  });

  test("a deposit batch whose save the server refuses: 90 % with the server's message, nothing saved, the sent hash kept; then saved with that hash", async ({
    page,
    request,
  }) => {
    await installTestWallet(page);
    const { token } = await openAs(page, request, SUPER_ADMIN, '/advanced/deposit-queue');
    await expect(page.getByRole('heading', { name: 'Deposit Queue' })).toBeVisible(FIRST_RENDER);
    const boxes = rowBoxes(page, 'Deposit Queue items');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByRole('button', { name: 'Process List' }).click();
    await expect(page.getByText('2 items added to the process list')).toBeVisible();
    const list = await openList(request, token);
    expect(list.items.length).toBeGreaterThanOrEqual(2);

    // The browser's save says the transaction is in another block than it is: the server checks
    // it on chain and refuses (400) with its message.
    await page.route(
      '**/v1/advanced/save-batch',
      async (route) => {
        const body = route.request().postDataJSON() as { block: string };
        await route.continue({ postData: JSON.stringify({ ...body, block: String(BigInt(body.block) + 7n) }) });
      },
      { times: 1 },
    );
    await connectWallet(page);
    await panel(page).getByRole('button', { name: 'Deposit batch' }).click();
    const progress = await startBatch(page);
    await expect(progress.getByTestId('batch-step')).toHaveText('Saving the batch failed', { timeout: 45_000 });
    await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '90');
    await expect(progress.getByTestId('batch-message')).toHaveText(/^block: the transaction is in block \d+, not \d+$/);
    await progress.getByRole('button', { name: 'OK' }).click();

    // Nothing was saved: the list is still open, without batch, holding the same items, with the hash the wallet sent.
    const after = await openList(request, token);
    expect(after).toMatchObject({
      _id: list._id,
      status: 0,
      transactionHash: null,
      batch: null,
      sentHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(after.items.map((i) => i._id)).toEqual(list.items.map((i) => i._id));
    await expect(panel(page).getByTestId('process-list-status')).toHaveText('0 · Yet to be saved');
    const batches = await queryE2eDb<{ n: number }>(
      `SELECT count(*)::int AS n FROM batches WHERE process_list_id = $1`,
      [list._id],
    );
    expect(batches).toEqual([{ n: 0 }]);

    // The only way on is to save that hash; it is accepted once the body is right.
    await saveSentBatch(page, after.sentHash!);
    await panel(page).getByRole('button', { name: 'Update Queue and Plans' }).click();
    await expect(page.getByText('Plan updated')).toBeVisible();
  });

  test('a sent batch is never sent again: the save lost once, the recorded hash seen by a second browser, which saves it; the vault got one deposit', async ({
    page,
    request,
    browser,
  }) => {
    await installTestWallet(page);
    const { token } = await openAs(page, request, SUPER_ADMIN, '/advanced/deposit-queue');
    await expect(page.getByRole('heading', { name: 'Deposit Queue' })).toBeVisible(FIRST_RENDER);
    const boxes = rowBoxes(page, 'Deposit Queue items');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByRole('button', { name: 'Process List' }).click();
    await expect(page.getByText('2 items added to the process list')).toBeVisible();
    const list = await openList(request, token);
    const vaultBefore = await tokenBalance('BUSD', LOCAL_CONTRACTS.xBUSD);

    // The first save never reaches the server (the network cuts it).
    let saves = 0;
    await page.route(
      '**/v1/advanced/save-batch',
      async (route) => {
        saves += 1;
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await connectWallet(page);
    await panel(page).getByRole('button', { name: 'Deposit batch' }).click();
    const progress = await startBatch(page);
    await expect(progress.getByTestId('batch-step')).toHaveText('Saving the batch failed', { timeout: 45_000 });
    await expect(progress.getByTestId('batch-message')).toHaveText('Could not send batch details to server');
    await expect(progress.getByTestId('batch-recorded')).toHaveText(
      'Hash recorded on the server: this batch will not be sent again',
    );
    await progress.getByRole('button', { name: 'OK' }).click();
    expect(saves).toBe(1);

    const sent = (await openList(request, token)).sentHash!;
    expect(sent).toMatch(/^0x[0-9a-f]{64}$/);
    const label = `Save sent batch ${sent.slice(0, 4)}...${sent.slice(-4)}`;
    // This browser: only the save of that hash; no batch to send, no item to take out.
    const only = async (p: Page) => {
      await expect(panel(p).getByRole('button', { name: label })).toBeVisible(FIRST_RENDER);
      await expect(panel(p).getByRole('button', { name: /^(Deposit|Withdraw) batch$/ })).toHaveCount(0);
      await expect(panel(p).getByRole('button', { name: 'Remove' })).toHaveCount(0);
      await expect(panel(p).getByTestId('process-list-sent')).toContainText(
        `${sent.slice(0, 4)}...${sent.slice(-4)} by ${SUPER_ADMIN.email}`,
      );
    };
    await only(page);

    // Another member of staff in another browser sees the same, and saves it from there.
    const other = await browser.newContext();
    const second = await other.newPage();
    await installTestWallet(second);
    await openAs(second, request, COMPLIANCE, '/advanced/deposit-queue');
    await only(second);
    // A transaction that went through is never released for sending again: the server checks the chain.
    await panel(second).getByRole('button', { name: 'Release reverted batch' }).click();
    await confirmYes(second);
    await expect(
      second
        .getByRole('alert')
        .getByText(`The sent transaction ${sent} succeeded on chain: save it, it cannot be released`),
    ).toBeVisible();
    await only(second);
    await connectWallet(second);
    await saveSentBatch(second, sent);
    await other.close();

    // One deposit reached the vault: the list's total, once.
    expect((await tokenBalance('BUSD', LOCAL_CONTRACTS.xBUSD)) - vaultBefore).toBe(parseUnits(list.totalAmount, 18));
    const [saved] = await queryE2eDb<{ status: number; transaction_hash: string; sent_hash: string; batches: number }>(
      `SELECT pl.status, pl.transaction_hash, pl.sent_hash, (SELECT count(*)::int FROM batches b WHERE b.process_list_id = pl.id) AS batches FROM process_lists pl WHERE pl.id = $1`,
      [list._id],
    );
    expect(saved).toEqual({ status: 1, transaction_hash: sent, sent_hash: sent, batches: 1 });
    await page.reload();
    await expect(panel(page).getByTestId('process-list-status')).toHaveText('1 · To be propagated', FIRST_RENDER);
    await panel(page).getByRole('button', { name: 'Update Queue and Plans' }).click();
    await expect(page.getByText('Plan updated')).toBeVisible();
  });

  test('Set status offers Cancelled on a pending item (spec 4): after "Are you sure?" the item is Cancelled', async ({
    page,
    request,
  }) => {
    await openAs(page, request, SUPER_ADMIN, '/advanced/withdraw-queue');
    const table = page.getByRole('table', { name: 'Withdraw Queue items' });
    const [item] = await queryE2eDb<{ id: string; username: string }>(
      `WITH page AS (SELECT qi.id, qi.user_id, qi.created_at FROM queue_items qi WHERE qi.queue = 'withdraw' AND qi.status = 'pending' ORDER BY qi.created_at, qi.id LIMIT 30)
       SELECT p.id, u.username::text FROM page p JOIN users u ON u.id = p.user_id
        WHERE (SELECT count(*) FROM queue_items o WHERE o.user_id = p.user_id AND o.queue = 'withdraw') = 1
        ORDER BY p.created_at DESC LIMIT 1`,
    );
    expect(item, 'a pending withdraw item of a customer with no other').toBeTruthy();
    const select = table.getByRole('combobox', { name: `Set status of ${item!.username}` });
    await expect(select).toBeVisible(FIRST_RENDER);
    await select.click();
    // The state machine's moves from pending: Processing and Cancelled (Success needs processing first).
    await expect(page.getByTitle('Processing', { exact: true })).toBeVisible();
    await expect(page.getByTitle('Success', { exact: true })).toHaveCount(0);
    await page.getByTitle('Cancelled', { exact: true }).click();
    await confirmYes(page);
    await expect(page.getByRole('alert').getByText('queue updated', { exact: true })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(`@${item!.username}\\b`) })).toHaveCount(0);
    await chooseStatus(page, 'Cancelled');
    await expect(table.getByRole('row', { name: new RegExp(`@${item!.username}\\b`) })).toContainText('Cancelled');
    const [after] = await queryE2eDb<{ status: string }>(`SELECT status FROM queue_items WHERE id = $1`, [item!.id]);
    expect(after).toEqual({ status: 'cancelled' });
    const audit = await queryE2eDb<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM audit_log WHERE action = 'queue.withdraw.status' AND target_id = $1`,
      [item!.id],
    );
    expect(audit).toEqual([
      { before: { status: 'pending', processListId: null }, after: { status: 'cancelled', processListId: null } },
    ]);
  });

  test('a withdraw batch: the saved list propagated, items updated after withdrawal, a new batch in the wallet', async ({
    page,
    request,
  }) => {
    await installTestWallet(page);
    await openAs(page, request, SUPER_ADMIN, '/advanced/withdraw-queue');
    await expect(panel(page).getByTestId('process-list-status')).toHaveText('1 · To be propagated', FIRST_RENDER);
    await panel(page).getByRole('button', { name: 'Update Queue and Plans' }).click();
    await expect(page.getByText('Plan updated')).toBeVisible();
    await expect(panel(page)).toContainText('No open process list');

    await chooseStatus(page, 'Processing');
    await expect(page).toHaveURL(/status=processing/);
    const update = page.getByRole('button', { name: 'Update after withdrawal' });
    await expect(update.first()).toBeVisible();
    const count = await update.count();
    await update.first().click();
    await expect(page.getByRole('alert').getByText('done', { exact: true })).toBeVisible();
    await expect(update).toHaveCount(count - 1);

    await chooseStatus(page, 'Pending');
    await rowBoxes(page, 'Withdraw Queue items').first().check();
    await page.getByRole('button', { name: 'Process List' }).click();
    await expect(page.getByText('1 items added to the process list')).toBeVisible();
    await connectWallet(page);
    await runBatch(page, 'Withdraw batch');
    await panel(page).getByRole('button', { name: 'Update Queue and Plans' }).click();
    // The first 'Plan updated' of this test may still be on screen.
    await expect(page.getByText('Plan updated').last()).toBeVisible();
  });

  test('Withdrawal Out: Review by default with counters; Cancel Request returns the funds, visible on the profile', async ({
    page,
    request,
  }) => {
    const [r] = await queryE2eDb<{
      user_id: string;
      username: string;
      amount: string;
      wallet_name: string;
      balance: string;
      currency: number;
    }>(
      `SELECT r.user_id, u.username::text, trim_scale(r.amount)::text AS amount, w.name AS wallet_name, r.currency,
              coalesce((SELECT trim_scale(balance)::text FROM wallet_balances b WHERE b.wallet_id = r.wallet_id AND b.currency = CASE WHEN r.currency = 2 THEN 'VLT' ELSE 'BUSD' END), '0') AS balance
         FROM withdrawal_requests r JOIN users u ON u.id = r.user_id JOIN wallets w ON w.id = r.wallet_id
        WHERE r.status = 0 AND (SELECT count(*) FROM wallets w2 WHERE w2.user_id = r.user_id) = 1
          AND (SELECT count(*) FROM withdrawal_requests r2 WHERE r2.user_id = r.user_id) = 1
        ORDER BY r.created_at DESC LIMIT 1`,
    );
    expect(r, 'a pending withdrawal-out request in the demo data').toBeTruthy();
    await openAs(page, request, SUPER_ADMIN, '/advanced/withdraw-out');
    // The select shows its chosen option as a titled item beside the combobox input.
    await expect(page.getByTitle('8 Review', { exact: true })).toBeVisible(FIRST_RENDER);
    await expect(page).toHaveURL(/\/advanced\/withdraw-out$/);
    await expect(page.getByTestId('queue-counters')).toContainText('Review');
    await page.goto('/advanced/withdraw-out?status=0');
    const row = page.getByRole('row', { name: new RegExp(r!.username) });
    await row.getByRole('button', { name: 'Cancel Request' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Process triggered')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(r!.username) })).toHaveCount(0);

    const expected = (Number(r!.balance) + Number(r!.amount)).toFixed(6);
    await page.goto(`/user-profile/${r!.user_id}`);
    const column = r!.currency === 2 ? 2 : 1;
    await expect(
      page
        .getByTestId('balances')
        .getByRole('row', { name: new RegExp(r!.wallet_name) })
        .getByRole('cell')
        .nth(column),
    ).toHaveText(formatAmount(expected));
  });

  test("Withdrawal Out: a request under review set to Pending, then paid from the wallet and processed with the transfer's hash", async ({
    page,
    request,
  }) => {
    const [r] = await queryE2eDb<{
      id: string;
      username: string;
      destination_address: string;
      final_amount: string;
      currency: number;
    }>(
      `SELECT r.id, u.username::text, r.destination_address, trim_scale(r.final_amount)::text AS final_amount, r.currency
         FROM withdrawal_requests r JOIN users u ON u.id = r.user_id
        WHERE r.status = 8 AND NOT r.in_app_transaction AND (SELECT count(*) FROM withdrawal_requests r2 WHERE r2.user_id = r.user_id) = 1
        ORDER BY r.created_at DESC LIMIT 1`,
    );
    expect(r, 'a withdrawal-out request under review in the demo data').toBeTruthy();
    await installTestWallet(page);
    await openAs(page, request, SUPER_ADMIN, '/advanced/withdraw-out');
    const row = () => page.getByRole('row', { name: new RegExp(r!.username) });
    await row()
      .getByRole('combobox', { name: `Change status of ${r!.username}` })
      .click(FIRST_RENDER);
    // Super Admin may also set Review, Processing and Retry; the request is under review already.
    await expect(page.getByTitle('Retry', { exact: true })).toBeVisible();
    await page.getByTitle('Pending', { exact: true }).click();
    await expect(page.getByRole('alert').getByText('Status changed!')).toBeVisible();
    await expect(row()).toHaveCount(0);

    await page.goto('/advanced/withdraw-out?status=0');
    await connectWallet(page);
    await row().getByRole('button', { name: 'Process Request' }).click(FIRST_RENDER);
    const dialog = page.getByRole('dialog', { name: 'Process Request' });
    await dialog.getByLabel('Transaction hash').fill('0x1234');
    await dialog.getByRole('button', { name: 'Process', exact: true }).click();
    await expect(dialog.getByText('Enter a transaction hash: 0x followed by 64 hex digits')).toBeVisible();
    // The payout from the connected wallet: a token transfer of the final amount to the destination, mined on the local chain.
    await dialog.getByLabel('Transaction hash').fill('');
    const token = r!.currency === 2 ? 'VLT' : 'BUSD';
    const held = () => tokenBalance(token, r!.destination_address);
    const before = await held();
    await dialog.getByRole('button', { name: 'Transfer with wallet' }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('alert').getByText('Funds transfer was successful. Continue process.')).toBeVisible();
    const hash = await dialog.getByLabel('Transaction hash').inputValue();
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await held()) - before).toBe(parseUnits(r!.final_amount, 18));
    // One payout per request: the wallet button cannot pay the same request a second time.
    await expect(dialog.getByRole('button', { name: 'Transferred' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Process', exact: true }).click();
    await expect(page.getByRole('alert').getByText('Process triggered')).toBeVisible();
    await expect(row()).toHaveCount(0);
    const [after] = await queryE2eDb<{ status: number; transaction_hash: string; channel: string }>(
      `SELECT status, transaction_hash, channel FROM withdrawal_requests WHERE id = $1`,
      [r!.id],
    );
    expect(after).toEqual({ status: 1, transaction_hash: hash, channel: 'human' });
  });

  test('Liquidity Providers: add with a valid address, deactivate with confirmation, editedBy shown', async ({
    page,
    request,
  }) => {
    await openAs(page, request, SUPER_ADMIN, '/advanced/liquidity-providers');
    await expect(page.getByRole('table', { name: 'Liquidity providers' }).getByRole('row')).not.toHaveCount(1);
    await page.getByLabel('Name').fill('Zebra Desk');
    await page.getByLabel('Wallet address').fill('0x1234');
    await page.getByRole('button', { name: 'Add provider' }).click();
    await expect(page.getByText('Enter a valid wallet address')).toBeVisible();
    await page.getByLabel('Wallet address').fill(`0x${'5a'.repeat(20)}`);
    await page.getByRole('button', { name: 'Add provider' }).click();
    await expect(page.getByText('Liquidity provider added')).toBeVisible();
    const row = page.getByRole('row', { name: /Zebra Desk/ });
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Liquidity provider deactivated')).toBeVisible();
    await expect(row).toContainText('Inactive');
    await expect(row).toContainText(SUPER_ADMIN.email);
    await expect(row.getByRole('button', { name: 'Activate' })).toBeVisible();
  });

  test('VLT bridge: Input a reference, No data with order reference, and a found request', async ({
    page,
    request,
  }) => {
    const [b] = await queryE2eDb<{ order_reference: string; user_email: string }>(
      `SELECT order_reference, user_email FROM bridge_sell_requests ORDER BY order_reference LIMIT 1`,
    );
    await openAs(page, request, SUPER_ADMIN, '/advanced/vlt-bridge');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Input a reference')).toBeVisible();
    await page.getByLabel('Order reference').fill('VLT-NOTHING');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('bridge-message')).toHaveText('No data with order reference');
    await page.getByLabel('Order reference').fill(b!.order_reference);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('bridge-request')).toContainText(b!.user_email);
  });

  test('/internals: the pending deposit queue with its process-list panel and Process List; Cancel on a row says Item cancelled', async ({
    page,
    request,
  }) => {
    await openAs(page, request, COMPLIANCE, '/internals');
    await expect(page.getByRole('heading', { name: 'Internal Operations' })).toBeVisible(FIRST_RENDER);
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByText(/^Process list \(deposit\)$|No open process list/)).toBeVisible();
    const processList = page.getByRole('button', { name: 'Process List' });
    await expect(processList).toBeVisible();
    await expect(processList).toBeDisabled();
    // Pending only (no status filter on this page), oldest first, 30 a page.
    await expect(page.getByRole('combobox', { name: 'Status filter' })).toHaveCount(0);
    const [pending] = await queryE2eDb<{ n: number }>(
      `SELECT count(*)::int AS n FROM queue_items WHERE queue = 'deposit' AND status = 'pending'`,
    );
    const n = pending!.n;
    expect(n).toBeGreaterThan(0);
    await expect(page.getByText(`${n} items`, { exact: true })).toBeVisible();
    const table = page.getByRole('table', { name: 'Internal Operations items' });
    const rows = table.getByRole('row').filter({ has: page.getByRole('checkbox', { name: /^Select (?!all$)/ }) });
    await expect(rows).toHaveCount(Math.min(n, 30));
    await expect(table.getByRole('cell', { name: 'Pending', exact: true })).toHaveCount(Math.min(n, 30));

    const [item] = await queryE2eDb<{ id: string; username: string }>(
      `WITH page AS (SELECT qi.id, qi.user_id, qi.created_at FROM queue_items qi WHERE qi.queue = 'deposit' AND qi.status = 'pending' ORDER BY qi.created_at, qi.id LIMIT 30)
       SELECT p.id, u.username::text FROM page p JOIN users u ON u.id = p.user_id
        WHERE (SELECT count(*) FROM queue_items o WHERE o.user_id = p.user_id AND o.queue = 'deposit' AND o.status = 'pending') = 1
        ORDER BY p.created_at DESC LIMIT 1`,
    );
    expect(item, 'a pending deposit item of a customer with no other').toBeTruthy();
    const row = table.getByRole('row', { name: new RegExp(`@${item!.username}\\b`) });
    await row.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('alert').getByText('Item cancelled', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
    const [after] = await queryE2eDb<{ status: string }>(`SELECT status FROM queue_items WHERE id = $1`, [item!.id]);
    expect(after).toEqual({ status: 'cancelled' });
  });

  test("the wallet: Can't create contract without a provider; an account change to none signs the admin out", async ({
    page,
    request,
    browser,
  }) => {
    await openAs(page, request, SUPER_ADMIN, '/advanced/deposit-queue');
    await page.getByRole('button', { name: 'Connect Metamask' }).click();
    await expect(page.getByText("Can't create contract")).toBeVisible();

    const withWallet = await browser.newPage();
    await installTestWallet(withWallet);
    await openAs(withWallet, request, SUPER_ADMIN, '/advanced/withdraw-out');
    await connectWallet(withWallet);
    // Chain 56 is unknown to the wallet: the switch fails with 4902, the page asks the wallet to add it, and it is then on 56.
    await withWallet.getByRole('combobox', { name: 'Network' }).click();
    await withWallet.getByTitle('BNB Smart Chain (56)', { exact: true }).click();
    await expect.poll(() => walletAddedChains(withWallet)).toEqual(['0x38']);
    // The select shows the wallet's chain (its chosen item comes first in the page, before the option list).
    await expect(withWallet.getByTitle('BNB Smart Chain (56)', { exact: true }).first()).toBeVisible();
    await withWallet.getByTestId('wallet-address').click();
    await expect(withWallet.getByRole('dialog', { name: 'Logout' })).toBeVisible();
    await withWallet.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'Cancel' }).click();
    await dropWalletAccounts(withWallet);
    await expect(withWallet).toHaveURL(/\/login$/);
    await withWallet.close();
  });
});
