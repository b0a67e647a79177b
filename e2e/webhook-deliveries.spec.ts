import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { SUPER_ADMIN } from './fixtures/accounts';
import { confirmYes } from './fixtures/confirm';
import { queryE2eDb } from './fixtures/db';
import { openAs } from './fixtures/session';

// A service client whose endpoint refuses connections (port 9), with one delivered and two failed
// deliveries written here; the page lists them, filters by status and replays.
test('Super Admin reads a client’s webhook deliveries, filters the failed ones and replays one, then all', async ({
  page,
  request,
}) => {
  const tag = randomUUID().slice(0, 8);
  const [client] = await queryE2eDb<{ id: string }>(
    `INSERT INTO service_clients (name, key_id, secret_enc, scopes, webhook_url)
     VALUES ($1, $2, 'not-a-sealed-secret', '{events.read}', 'http://127.0.0.1:9/hook') RETURNING id`,
    [`E2E hooks ${tag}`, `vdk_e2e${tag}`],
  );
  const types = [`e2e.delivered.${tag}`, `e2e.failed.${tag}`, `e2e.lost.${tag}`];
  for (const [i, type] of types.entries()) {
    const [e] = await queryE2eDb<{ id: string; event_id: string }>(
      `INSERT INTO outbox_events (type, payload) VALUES ($1, '{}') RETURNING id, event_id`,
      [type],
    );
    await queryE2eDb(
      `INSERT INTO webhook_deliveries (client_id, outbox_id, event_id, event_type, status, attempts, last_status_code,
                                       last_error, last_attempt_at, first_attempt_at, delivered_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now(), now(), CASE WHEN $5 = 'delivered' THEN now() END)
       ON CONFLICT (client_id, outbox_id) DO UPDATE SET status = EXCLUDED.status, attempts = EXCLUDED.attempts,
         last_status_code = EXCLUDED.last_status_code, last_error = EXCLUDED.last_error, delivered_at = EXCLUDED.delivered_at`,
      [
        client!.id,
        e!.id,
        e!.event_id,
        type,
        i ? 'failed' : 'delivered',
        i ? 9 : 1,
        i ? 500 : 200,
        i ? 'The endpoint answered 500' : null,
      ],
    );
  }
  const statuses = async () =>
    (
      await queryE2eDb<{ event_type: string; status: string }>(
        `SELECT event_type, status FROM webhook_deliveries WHERE client_id = $1 ORDER BY id`,
        [client!.id],
      )
    ).map((r) => r.status);

  await openAs(page, request, SUPER_ADMIN, `/advanced/integrations/${client!.id}/deliveries`);
  await expect(page.getByRole('heading', { name: `Webhook deliveries · E2E hooks ${tag}` })).toBeVisible();
  const table = page.getByTestId('deliveries-table');
  for (const type of types) await expect(table.getByRole('row').filter({ hasText: type })).toBeVisible();

  await page.getByRole('button', { name: 'Failed', exact: true }).click();
  await expect(page).toHaveURL(/status=failed/);
  await expect(table.getByRole('row').filter({ hasText: types[0]! })).toHaveCount(0);
  const failedRow = table.getByRole('row').filter({ hasText: types[1]! });
  await expect(failedRow).toContainText('500 · The endpoint answered 500');

  await failedRow.getByRole('button', { name: /Replay delivery/ }).click();
  await expect(page.getByText('Delivery queued again')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: types[1]! })).toHaveCount(0);
  expect(await statuses()).toEqual(['delivered', 'pending', 'failed']);

  await page.getByRole('button', { name: 'Replay all failed' }).click();
  await confirmYes(page);
  await expect(page.getByText('1 failed deliveries queued again')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: types[2]! })).toHaveCount(0);
  const audit = await queryE2eDb<{ action: string }>(
    `SELECT action FROM audit_log WHERE action LIKE 'webhook.%' AND (target_id = $1 OR after ->> 'clientId' = $1) ORDER BY id`,
    [client!.id],
  );
  expect(audit.map((a) => a.action)).toEqual(['webhook.replay', 'webhook.replay_failed']);
  // Revoked at the end: the e2e server's worker stops trying the unreachable endpoint.
  await queryE2eDb(`UPDATE service_clients SET status = 'revoked', revoked_at = now() WHERE id = $1`, [client!.id]);
});
