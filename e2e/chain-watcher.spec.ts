import { expect, test } from '@playwright/test';
import { shortAddress } from '@vaultdesk/contract';
import { localRpc } from '@vaultdesk/chain/node';
import { sendTransfers } from '@vaultdesk/chain/transfers';
import type { Address } from 'viem';
import { SUPER_ADMIN } from './fixtures/accounts';
import { queryE2eDb } from './fixtures/db';
import { openAs } from './fixtures/session';
import { e2eChainUrl } from './fixtures/wallet';

// The e2e server runs the chain watcher on its local chain (2 confirmations there); its chain mines
// only on transactions (LOCAL_CHAIN_BLOCK_SECONDS=0), so the test mines the confirming block itself.
test('a BUSD transfer to a customer is credited once after its confirmations, in the panel and on the profile', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const [who] = await queryE2eDb<{ user_id: string; address: string }>(
    `SELECT w.user_id, lower(w.address) AS address FROM wallets w JOIN users u ON u.id = w.user_id
      WHERE w.is_active AND w.address ~ '^0x[0-9a-fA-F]{40}$'
        AND NOT EXISTS (SELECT 1 FROM blacklisted_devices b WHERE b.blacklisted
                          AND (b.user_id = w.user_id OR b.device_id = u.registration_device_details ->> 'serial'))
        AND NOT EXISTS (SELECT 1 FROM wallets o WHERE lower(o.address) = lower(w.address) AND o.id <> w.id)
      ORDER BY w.created_at DESC, w.id LIMIT 1`,
  );
  expect(who, 'a demo customer with an active wallet').toBeTruthy();
  const url = e2eChainUrl();
  const [sent] = await sendTransfers({
    url,
    recipients: [who!.address as Address],
    count: 1,
    rate: 0,
    tokens: ['BUSD'],
    amount: '12.34',
    senders: 1,
  });
  const hash = sent!.hash.toLowerCase();
  const deposit = async () =>
    (
      await queryE2eDb<{ status: string; confirmations: number | null }>(
        `SELECT status, confirmations FROM chain_deposits WHERE tx_hash = $1 ORDER BY id`,
        [hash],
      )
    ).map((d) => d.status);
  // Seen in its block, one confirmation: not credited yet.
  await expect.poll(deposit, { timeout: 60_000 }).toEqual(['seen']);
  await localRpc(url, 'evm_mine');
  await expect.poll(deposit, { timeout: 60_000 }).toEqual(['credited']);
  const ledger = await queryE2eDb<{ amount: string }>(
    `SELECT trim_scale(l.amount)::text AS amount FROM ledger_entries l JOIN chain_deposits d ON d.ledger_entry_id = l.id WHERE d.tx_hash = $1`,
    [hash],
  );
  expect(ledger).toEqual([{ amount: '12.34' }]);
  const events = await queryE2eDb<{ type: string }>(`SELECT type FROM outbox_events WHERE payload ->> 'txHash' = $1`, [
    hash,
  ]);
  expect(events).toEqual([{ type: 'deposit.credited' }]);

  await openAs(page, request, SUPER_ADMIN, '/advanced/chain-watcher');
  await expect(page.getByRole('heading', { name: 'Chain watcher' })).toBeVisible();
  await expect(page.getByTestId('chain-31337')).toContainText('Last block processed');
  const row = page
    .getByTestId('chain-deposits-table')
    .getByRole('row')
    .filter({ hasText: shortAddress(hash) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Credited');
  await expect(row).toContainText('12.3400');

  await page.goto(`/user-profile/${who!.user_id}`);
  const history = page
    .getByTestId('wallet-transactions')
    .getByRole('row')
    .filter({ hasText: shortAddress(hash) });
  await expect(history).toHaveCount(1);
  await expect(history).toContainText(/\(\d+ confirmations\)/);
  await expect(history).toContainText('funding');
});
