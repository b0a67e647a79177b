import { randomUUID } from 'node:crypto';
import { expect as baseExpect, test } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { ALL_PRODUCT_SCOPES } from '@vaultdesk/contract';
import { localRpc } from '@vaultdesk/chain/node';
import { sendTransfers } from '@vaultdesk/chain/transfers';
import { createProductClient, kycPictures, startWebhookReceiver } from '@vaultdesk/customer-app';
import { SUPER_ADMIN } from './fixtures/accounts';
import { confirmYes } from './fixtures/confirm';
import { connectWallet, processListPanel, startBatch } from './fixtures/batches';
import { queryE2eDb } from './fixtures/db';
import { bearer, openAs, reusableSession } from './fixtures/session';
import { e2eChainUrl, installTestWallet } from './fixtures/wallet';

// Each staff step waits on the chain or the server and then on a re-render.
const expect = baseExpect.configure({ timeout: 30_000 });

const panel = processListPanel;

/**
 * One customer's life as the customer app's backend lives it: the simulator
 * (apps/customer-app) calls the product API with a service client a Super Admin created, and
 * receives the webhooks on its own endpoint, checking each signature; staff decide in Chromium.
 */
test("a customer's life: registered, KYC approved, funded on chain, a plan funded through the deposit queue, a withdrawal processed in Withdrawal Out, each decision received as a signed webhook", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const tag = randomUUID().slice(0, 8);
  let secret = '';
  const receiver = await startWebhookReceiver({ secret: () => secret });
  try {
    // A Super Admin creates the customer app's client, subscribed to every event, its webhooks to the simulator.
    const admin = await reusableSession(request, SUPER_ADMIN);
    const created = await request.post('/v1/advanced/integrations', {
      headers: bearer(admin.token),
      data: { name: `Customer app ${tag}`, scopes: ALL_PRODUCT_SCOPES, webhookUrl: receiver.url, eventTypes: [] },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { data } = (await created.json()) as { data: { client: { keyId: string }; secret: string } };
    secret = data.secret;
    const app = createProductClient({
      baseUrl: String(testInfo.project.use.baseURL),
      keyId: data.client.keyId,
      secret,
    });

    // Registered, with a wallet on the local chain.
    const customer = await app.ok<{ customerId: string; username: string }>('POST', '/product/v1/customers', {
      fullName: `Life Customer ${tag}`,
      username: `life_${tag}`,
      email: `life_${tag}@example.test`,
      country: 'NG',
      registrationIp: '203.0.113.7',
      device: { type: 'android', serial: `life-device-${tag}` },
    });
    const customerId = customer.customerId;
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const wallet = await app.ok<{ walletId: string }>('POST', `/product/v1/customers/${customerId}/wallets`, {
      name: 'Main',
      address,
      network: 31337,
    });
    expect(wallet.walletId).toBeTruthy();

    // KYC submitted with its pictures; a reviewer approves it in Chromium.
    const pictures = kycPictures(7);
    await app.ok('POST', `/product/v1/customers/${customerId}/kyc`, {
      firstName: 'Life',
      lastName: `Customer${tag}`,
      dateOfBirth: '02/02/1990',
      countryCode: 'NG',
      idcardType: 'National_ID',
      idcardNumber: `ID${tag}`,
      idcardImage: pictures.idcard.toString('base64'),
      selfieImage: pictures.selfie.toString('base64'),
    });
    await installTestWallet(page);
    await openAs(page, request, SUPER_ADMIN, `/manage-kyc/${customerId}`);
    await page.getByRole('button', { name: 'Approve' }).click();
    await confirmYes(page);
    await expect(page.getByText('Approved successfully')).toBeVisible();
    const approved = await receiver.waitFor('kyc.approved', (e) => e.customerId === customerId);
    expect(approved.data).toMatchObject({ customerId, level: 2 });

    // 100 BUSD sent to the wallet on chain: credited by the chain watcher after its confirmations.
    const chain = e2eChainUrl();
    await sendTransfers({
      url: chain,
      recipients: [address],
      count: 1,
      rate: 0,
      tokens: ['BUSD'],
      amount: '100',
      senders: 1,
    });
    await localRpc(chain, 'evm_mine');
    const credited = await receiver.waitFor('deposit.credited', (e) => e.customerId === customerId);
    expect(credited.data).toMatchObject({ customerId, currency: 'BUSD', amount: '100' });

    // A plan opened and a deposit asked: an item of the deposit queue, processed in Chromium.
    const plan = await app.ok<{ planId: string }>('POST', `/product/v1/customers/${customerId}/plans`, {
      planType: 'flexible',
      planName: `Holiday ${tag}`,
      currency: 'BUSD',
    });
    const deposit = await app.ok<{ queueItemId: string; status: string }>(
      'POST',
      `/product/v1/customers/${customerId}/plans/${plan.planId}/deposits`,
      { amount: '40' },
    );
    expect(deposit.queueItemId).toBeTruthy();
    await page.goto('/advanced/deposit-queue');
    await expect(page.getByRole('heading', { name: 'Deposit Queue' })).toBeVisible();
    await page.getByRole('checkbox', { name: `Select ${customer.username}` }).check();
    await page.getByRole('button', { name: 'Process List' }).click();
    await expect(page.getByText(/items? added to the process list/)).toBeVisible();
    await connectWallet(page);
    await panel(page).getByRole('button', { name: 'Deposit batch' }).click();
    const progress = await startBatch(page);
    await expect(progress.getByTestId('batch-step')).toHaveText('Batch saved', { timeout: 60_000 });
    await progress.getByRole('button', { name: 'OK' }).click();
    await panel(page).getByRole('button', { name: 'Update Queue and Plans' }).click();
    await expect(page.getByText('Plan updated')).toBeVisible();
    const funded = await receiver.waitFor('plan.funded', (e) => e.customerId === customerId);
    expect(funded.data).toMatchObject({ customerId, planId: plan.planId });

    // A withdrawal out of the wallet to an address: a Withdrawal Out request, held at once, paid and processed in Chromium.
    const destination = privateKeyToAccount(generatePrivateKey()).address;
    const withdrawal = await app.ok<{ route: string; requestId: string; balance: string }>(
      'POST',
      `/product/v1/customers/${customerId}/withdrawals`,
      { amount: '25', currency: 'BUSD', destinationAddress: destination },
    );
    expect(withdrawal.route).toBe('withdrawal-out');
    await page.goto('/advanced/withdraw-out');
    const row = () => page.getByRole('row', { name: new RegExp(customer.username) });
    await row()
      .getByRole('combobox', { name: `Change status of ${customer.username}` })
      .click();
    await page.getByTitle('Pending', { exact: true }).click();
    await expect(page.getByRole('alert').getByText('Status changed!')).toBeVisible();
    await page.goto('/advanced/withdraw-out?status=0');
    await connectWallet(page);
    await row().getByRole('button', { name: 'Process Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Process Request' });
    await dialog.getByRole('button', { name: 'Transfer with wallet' }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('alert').getByText('Funds transfer was successful. Continue process.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Process', exact: true }).click();
    await expect(page.getByRole('alert').getByText('Process triggered')).toBeVisible();
    const processed = await receiver.waitFor('withdrawal.processed', (e) => e.customerId === customerId);
    expect(processed.data).toMatchObject({
      customerId,
      withdrawalId: withdrawal.requestId,
      currency: 'BUSD',
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });

    // What the customer app reads back: 100 in, 40 into the plan, 25 out.
    const read = await app.ok<{ wallets: { balances: { currency: string; balance: string }[] }[] }>(
      'GET',
      `/product/v1/customers/${customerId}`,
    );
    expect(read.wallets[0]!.balances.find((b) => b.currency === 'BUSD')?.balance).toMatch(/^35(\.0+)?$/);
    // Every webhook it received was signed with its secret, each event once, in the order they happened.
    expect(receiver.rejectedCount()).toBe(0);
    const types = receiver.events.filter((e) => e.customerId === customerId).map((e) => e.type);
    expect(types.indexOf('kyc.approved')).toBeLessThan(types.indexOf('deposit.credited'));
    expect(types.indexOf('plan.funded')).toBeLessThan(types.indexOf('withdrawal.processed'));
    const [outbox] = await queryE2eDb<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox_events WHERE user_id = $1`,
      [customerId],
    );
    expect(new Set(receiver.events.filter((e) => e.customerId === customerId).map((e) => e.id)).size).toBe(outbox!.n);
  } finally {
    await receiver.close();
  }
});
