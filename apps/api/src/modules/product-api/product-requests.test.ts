import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoImage } from '../../demo/demo-image';
import { credit } from '../../ledger/ledger';
import { bearer, expect400, useTestApp } from '../../../test/helpers';
import { insertServiceClient, productCall, type TestServiceClient } from '../../../test/product';

/*
 * The customer app's requests after registration, through signed calls: what the client gets,
 * what staff see in their lists, and the database after (ledger, queues, KYC, audit).
 */
describe('product API requests', () => {
  const { t, tokens, q } = useTestApp();
  let client: TestServiceClient;
  let seq = 0;

  beforeAll(async () => {
    client = await insertServiceClient(t.db, t.config.secretsKey);
  });

  const post = (url: string, body: unknown, who: TestServiceClient = client) =>
    productCall(t.app, who, 'POST', url, body, { idempotencyKey: randomUUID() });
  const staffGet = (url: string, token = tokens.superadmin) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });

  async function customer(opts: { deactivated?: boolean; device?: string } = {}) {
    const n = `${process.pid}x${++seq}`;
    const [u] = await q<{ id: string; email: string }>(
      `INSERT INTO users (full_name, username, email, referral_code, deactivated, registration_device_details)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, email::text`,
      [
        `Product Customer ${n}`,
        `product${n}`,
        `product${n}@example.test`,
        `PRD${n}`,
        opts.deactivated ?? false,
        opts.device ? { serial: opts.device } : null,
      ],
    );
    const [w] = await q<{ id: string }>(
      `INSERT INTO wallets (user_id, name, address) VALUES ($1, 'Main', $2) RETURNING id`,
      [u!.id, `0x${randomUUID().replace(/-/g, '').padEnd(40, 'b')}`],
    );
    return { id: u!.id, email: u!.email, walletId: w!.id };
  }

  /** Funds a wallet the way money arrives: a credit through the ledger. */
  const fund = (walletId: string, userId: string, currency: string, amount: string) =>
    t.db.transaction((tx) =>
      credit(tx, {
        walletId,
        currency,
        amount,
        kind: 'funding',
        reference: { type: 'test', id: randomUUID() },
        staffId: null,
        mirror: { userId, state: 0, type: 'funding', description: 'Test funding' },
      }),
    );

  const balance = async (walletId: string, currency: string) =>
    (
      await q<{ b: string }>(
        `SELECT coalesce(trim_scale(balance)::text, '0') AS b FROM wallet_balances WHERE wallet_id = $1 AND currency = $2`,
        [walletId, currency],
      )
    )[0]?.b ?? '0';

  const counts = async () =>
    (
      await q<Record<string, number>>(`SELECT
        (SELECT count(*)::int FROM kyc_records) AS kyc, (SELECT count(*)::int FROM savings_plans) AS plans,
        (SELECT count(*)::int FROM queue_items) AS items, (SELECT count(*)::int FROM withdrawal_requests) AS requests,
        (SELECT count(*)::int FROM funding_requests) AS funding, (SELECT count(*)::int FROM ledger_entries) AS ledger,
        (SELECT count(*)::int FROM audit_log) AS audit, (SELECT count(*)::int FROM stored_files) AS files`)
    )[0]!;

  const kycBody = () => ({
    firstName: 'Ada',
    lastName: 'Obi',
    phoneNumber: '+234 801 234 5678',
    dateOfBirth: '14/03/1990',
    gender: 'female',
    residentAddress: '12 Marina, Lagos',
    countryCode: 'NG',
    deviceId: 'device-1',
    idcardType: 'passport',
    idcardNumber: `A${++seq}`,
    idcardImage: demoImage(3, 'idcard').toString('base64'),
    selfieImage: demoImage(4, 'selfie').toString('base64'),
  });

  it('submits a KYC case with its pictures stored encrypted: staff see it in the KYC list and its counter', async () => {
    const c = await customer();
    const list = () => staffGet(`/v1/admin/kyc/getkyc-by-level?kycLevel=2&kycStatus=submitted`);
    const before = (await list()).json().data;

    const res = await post(`/product/v1/customers/${c.id}/kyc`, kycBody());
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made).toMatchObject({ customerId: c.id, level: 2, status: 'submitted' });
    expect(made.idcardImage.cid).toMatch(/^b/);

    const after = (await list()).json().data;
    expect(after.kycCount.levelTwosubmittedKyc).toBe(before.kycCount.levelTwosubmittedKyc + 1);
    expect(after.totalRecords).toBe(before.totalRecords + 1);
    const mine = (await staffGet(`/v1/admin/kyc/getkyc-by-level?kycLevel=2&userId=${c.id}`)).json().data.record;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ _id: made.kycId, firstName: 'Ada', lastName: 'Obi', idcardType: 'passport' });

    // The picture is stored encrypted: the stored object is not the JPEG, and staff read it back as one.
    const [row] = await q<{ key: string; status: string; dob: string }>(
      `SELECT k.idcard_encrypt_key AS key, u.kyc_level_two_status AS status, k.date_of_birth::text AS dob
         FROM kyc_records k JOIN users u ON u.id = k.user_id WHERE k.id = $1`,
      [made.kycId],
    );
    expect(row).toMatchObject({ status: 'submitted', dob: '1990-03-14' });
    expect(row!.key).toMatch(/^[0-9a-f]{64}$/);
    const [audit] = await q<{ actor_email: string; action: string }>(
      `SELECT actor_email::text, action FROM audit_log WHERE target_id = $1`,
      [made.kycId],
    );
    expect(audit).toEqual({ actor_email: `service:${client.name}`, action: 'product.kyc.submit' });

    // A case pending: 409, nothing changed.
    const before2 = await counts();
    const again = await post(`/product/v1/customers/${c.id}/kyc`, kycBody());
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'This customer already has a KYC case pending review',
    ]);
    expect(await counts()).toEqual(before2);

    // Rejected by staff: the customer may submit again, the same case back in review.
    await q(`UPDATE kyc_records SET level_two_status = 'rejected' WHERE id = $1`, [made.kycId]);
    const resubmitted = await post(`/product/v1/customers/${c.id}/kyc`, kycBody());
    expect(resubmitted.statusCode, resubmitted.body).toBe(201);
    expect(resubmitted.json().kycId).toBe(made.kycId);
  });

  it('refuses bad KYC input with 400 and nothing stored: not a picture, a wrong date, a missing field', async () => {
    const c = await customer();
    const before = await counts();
    const notPicture = await post(`/product/v1/customers/${c.id}/kyc`, {
      ...kycBody(),
      idcardImage: Buffer.from('%PDF-1.4 not a picture').toString('base64'),
    });
    expect400(notPicture, 'idcardImage', 'a PDF as the ID card');
    expect400(
      await post(`/product/v1/customers/${c.id}/kyc`, { ...kycBody(), dateOfBirth: '31/02/1990' }),
      'dateOfBirth',
      'a date the calendar does not have',
    );
    expect400(
      await post(`/product/v1/customers/${c.id}/kyc`, { ...kycBody(), lastName: undefined }),
      'lastName',
      'no last name',
    );
    expect400(
      await post(`/product/v1/customers/${c.id}/kyc`, { ...kycBody(), firstName: 'x'.repeat(101) }),
      'firstName',
      'an over-long first name',
    );
    expect(await counts()).toEqual(before);
    const missing = await post(`/product/v1/customers/${randomUUID()}/kyc`, kycBody());
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Customer not found']);
    expect(await counts()).toEqual(before);
  });

  it('opens a plan, asks a deposit: the wallet debited through the ledger and a pending deposit queue item staff see', async () => {
    const c = await customer();
    await fund(c.walletId, c.id, 'BUSD', '100');
    const plan = await post(`/product/v1/customers/${c.id}/plans`, {
      planType: 'fixed',
      planName: 'House',
      termDays: 30,
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const p = plan.json();
    expect(p).toMatchObject({
      planType: 'fixed',
      planName: 'House',
      currency: 'BUSD',
      depositAmount: '0',
      planState: 'active',
    });
    expect(Date.parse(p.lockPeriod) - Date.now()).toBeGreaterThan(29 * 86_400_000);

    const counters = async () => (await staffGet('/v1/advanced/queue-status?queue=deposit')).json().data;
    const pendingBefore = (await counters()).pending;
    const dep = await post(`/product/v1/customers/${c.id}/plans/${p.planId}/deposits`, { amount: '40.5' });
    expect(dep.statusCode, dep.body).toBe(201);
    const d = dep.json();
    expect(d).toMatchObject({
      queue: 'deposit',
      planId: p.planId,
      amount: '40.5',
      status: 'pending',
      balanceAfter: '59.5',
    });
    expect(await balance(c.walletId, 'BUSD')).toBe('59.5');
    const [ledger] = await q<{ amount: string; kind: string; reference_type: string }>(
      `SELECT trim_scale(amount)::text AS amount, kind, reference_type FROM ledger_entries WHERE reference_id = $1`,
      [d.queueItemId],
    );
    expect(ledger).toEqual({ amount: '-40.5', kind: 'savings-deposit', reference_type: 'queue_item' });

    // In the staff deposit queue (oldest first: the newest item is on the last page) and its counter.
    expect((await counters()).pending).toBe(pendingBefore + 1);
    const first = (await staffGet('/v1/admin/deposit-queue?status=pending')).json().data;
    const last = (await staffGet(`/v1/admin/deposit-queue?status=pending&page=${first.totalPage}`)).json().data;
    expect(last.records.find((r: { _id: string }) => r._id === d.queueItemId)).toMatchObject({
      amount: '40.5',
      planId: p.planId,
      planName: 'House',
      planType: 1,
      userId: { _id: c.id },
    });

    // More than the wallet holds: 409 naming what is available, nothing changed.
    const before = await counts();
    const tooMuch = await post(`/product/v1/customers/${c.id}/plans/${p.planId}/deposits`, { amount: '60' });
    expect([tooMuch.statusCode, tooMuch.json().message]).toEqual([409, 'Insufficient balance: 59.5 BUSD available']);
    expect(await counts()).toEqual(before);

    // Another customer's plan is not found; bad bodies are 400.
    const other = await customer();
    expect(
      (await post(`/product/v1/customers/${other.id}/plans/${p.planId}/deposits`, { amount: '1' })).statusCode,
    ).toBe(404);
    for (const [amount, what] of [
      ['-1', 'a negative amount'],
      ['0', 'zero'],
      ['1e3', 'an exponent'],
      ['1.0000000000000000001', '19 decimals'],
    ] as const)
      expect400(await post(`/product/v1/customers/${c.id}/plans/${p.planId}/deposits`, { amount }), 'amount', what);
    expect400(
      await post(`/product/v1/customers/${c.id}/plans`, { planType: 'fixed', planName: 'No term' }),
      'termDays',
      'a fixed plan without a term',
    );
    expect400(
      await post(`/product/v1/customers/${c.id}/plans`, { planType: 'flexible', planName: 'x', termDays: 30 }),
      'termDays',
      'a flexible plan with a term',
    );
    expect(await counts()).toEqual(before);
  });

  it('a deposit item staff cancel gives the amount back to the wallet once, and takes it off the plan', async () => {
    const c = await customer();
    await fund(c.walletId, c.id, 'BUSD', '10');
    const plan = (await post(`/product/v1/customers/${c.id}/plans`, { planType: 'flexible', planName: 'Back' })).json();
    const d = (await post(`/product/v1/customers/${c.id}/plans/${plan.planId}/deposits`, { amount: '7' })).json();
    expect(await balance(c.walletId, 'BUSD')).toBe('3');
    const cancel = () =>
      t.app.inject({
        method: 'PUT',
        url: '/v1/admin/cancel-deposit-queue-item',
        headers: bearer(tokens.superadmin),
        payload: { queueItemId: d.queueItemId },
      });
    const [first, second] = await Promise.all([cancel(), cancel()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await balance(c.walletId, 'BUSD')).toBe('10');
    const rows = await q<{ kind: string; amount: string }>(
      `SELECT kind, trim_scale(amount)::text AS amount FROM ledger_entries WHERE reference_id = $1 ORDER BY id`,
      [d.queueItemId],
    );
    expect(rows).toEqual([
      { kind: 'savings-deposit', amount: '-7' },
      { kind: 'savings-deposit-refund', amount: '7' },
    ]);
    const [p] = await q<{ d: string }>(
      `SELECT trim_scale(deposit_amount)::text AS d FROM savings_plans WHERE id = $1`,
      [plan.planId],
    );
    expect(p!.d).toBe('0');
  });

  it('a withdrawal out of a wallet becomes a Withdrawal Out request in Review, the amount held at once', async () => {
    const c = await customer();
    await fund(c.walletId, c.id, 'VLT', '25');
    const destination = `0x${'c'.repeat(40)}`;
    const res = await post(`/product/v1/customers/${c.id}/withdrawals`, {
      amount: '10',
      currency: 'VLT',
      destinationAddress: destination,
    });
    expect(res.statusCode, res.body).toBe(201);
    const w = res.json();
    expect(w).toMatchObject({
      route: 'withdrawal-out',
      status: 'Review',
      amount: '10',
      currency: 'VLT',
      formerBalance: '25',
      balance: '15',
      walletId: c.walletId,
    });
    expect(await balance(c.walletId, 'VLT')).toBe('15');
    const first = (await staffGet('/v1/admin/withdrawal-requests?status=8')).json().data;
    expect(first.records.find((r: { _id: string }) => r._id === w.requestId)).toMatchObject({
      userId: { _id: c.id },
      currency: 2,
      status: 8,
      initiator: 1,
      destinationAddress: destination,
    });

    const before = await counts();
    const tooMuch = await post(`/product/v1/customers/${c.id}/withdrawals`, {
      amount: '15.01',
      currency: 'VLT',
      destinationAddress: destination,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      message: 'Insufficient balance: 15 VLT available',
      fields: { available: ['15'] },
    });
    expect400(
      await post(`/product/v1/customers/${c.id}/withdrawals`, { amount: '1', currency: 'VLT' }),
      'destinationAddress',
      'neither a plan nor an address',
    );
    expect400(
      await post(`/product/v1/customers/${c.id}/withdrawals`, {
        amount: '1',
        currency: 'VLT',
        destinationAddress: '0x12',
      }),
      'destinationAddress',
      'a short address',
    );
    expect(await counts()).toEqual(before);
  });

  it('a withdrawal out of a plan becomes a withdraw queue item within what the plan holds; a locked plan refuses', async () => {
    const c = await customer();
    const [plan] = await q<{ id: string }>(
      `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount) VALUES ($1, 'flexible', 'Rainy day', 30) RETURNING id`,
      [c.id],
    );
    const res = await post(`/product/v1/customers/${c.id}/withdrawals`, { amount: '20', planId: plan!.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ route: 'withdraw-queue', status: 'pending', planId: plan!.id, amount: '20' });
    const [item] = await q<{ queue: string; status: string }>(`SELECT queue, status FROM queue_items WHERE id = $1`, [
      res.json().requestId,
    ]);
    expect(item).toEqual({ queue: 'withdraw', status: 'pending' });

    const before = await counts();
    const tooMuch = await post(`/product/v1/customers/${c.id}/withdrawals`, { amount: '10.5', planId: plan!.id });
    expect([tooMuch.statusCode, tooMuch.json().message]).toEqual([409, 'Insufficient plan balance: 10 BUSD available']);
    await q(`UPDATE savings_plans SET locked = true, locked_amount = 5 WHERE id = $1`, [plan!.id]);
    const locked = await post(`/product/v1/customers/${c.id}/withdrawals`, { amount: '1', planId: plan!.id });
    expect([locked.statusCode, locked.json().message]).toEqual([
      409,
      'The plan is locked by staff: nothing can be withdrawn from it',
    ]);
    expect(await counts()).toEqual(before);
  });

  it('20 different withdrawals racing on a balance that covers 5: exactly 5 accepted, the balance never negative', async () => {
    const c = await customer();
    await fund(c.walletId, c.id, 'BUSD', '50');
    const results = await Promise.all(
      [...Array(20).keys()].map(() =>
        post(`/product/v1/customers/${c.id}/withdrawals`, {
          amount: '10',
          currency: 'BUSD',
          destinationAddress: `0x${'d'.repeat(40)}`,
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(results.filter((r) => r.statusCode !== 201 && r.statusCode !== 409).map((r) => r.body)).toEqual([]);
    expect(codes.filter((s) => s === 201)).toHaveLength(5);
    expect(codes.filter((s) => s === 409)).toHaveLength(15);
    expect(await balance(c.walletId, 'BUSD')).toBe('0');
    const [rows] = await q<{ requests: number; debits: number; negative: number }>(
      `SELECT (SELECT count(*)::int FROM withdrawal_requests WHERE user_id = $1) AS requests,
              (SELECT count(*)::int FROM ledger_entries WHERE wallet_id = $2 AND kind = 'withdrawal') AS debits,
              (SELECT count(*)::int FROM ledger_entries WHERE wallet_id = $2 AND balance_after < 0) AS negative`,
      [c.id, c.walletId],
    );
    expect(rows).toEqual({ requests: 5, debits: 5, negative: 0 });
  });

  it('files a funding request compliance finds on its Funding Requests screen', async () => {
    const c = await customer();
    const hash = `0x${'e'.repeat(64)}`;
    const res = await post(`/product/v1/customers/${c.id}/funding-requests`, {
      amountReceived: '250.75',
      currency: 'BUSD',
      receivingAddress: `0x${'f'.repeat(40)}`,
      transactionHash: hash,
    });
    expect(res.statusCode, res.body).toBe(201);
    const found = await staffGet(`/v1/admin/funding-request?email=${encodeURIComponent(c.email)}`, tokens.compliance);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.records).toEqual([
      expect.objectContaining({
        userEmail: c.email,
        amountReceived: '250.75',
        currency: 'BUSD',
        transactionHash: hash,
      }),
    ]);
    expect400(
      await post(`/product/v1/customers/${c.id}/funding-requests`, {
        amountReceived: '1',
        receivingAddress: `0x${'f'.repeat(40)}`,
        transactionHash: 'abc',
      }),
      'transactionHash',
      'a short hash',
    );
  });

  it('answers the state of each request, newest first, bounded by limit', async () => {
    const c = await customer();
    await fund(c.walletId, c.id, 'BUSD', '10');
    const plan = (await post(`/product/v1/customers/${c.id}/plans`, { planType: 'flexible', planName: 'Pot' })).json();
    await post(`/product/v1/customers/${c.id}/plans/${plan.planId}/deposits`, { amount: '4' });
    await post(`/product/v1/customers/${c.id}/withdrawals`, {
      amount: '1',
      currency: 'BUSD',
      destinationAddress: `0x${'a'.repeat(40)}`,
    });
    const res = await productCall(t.app, client, 'GET', `/product/v1/customers/${c.id}/requests`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().requests.map((r: { kind: string; status: string }) => [r.kind, r.status])).toEqual([
      ['withdrawal-out', 'Review'],
      ['deposit', 'pending'],
      ['plan', 'active'],
    ]);
    const one = await productCall(t.app, client, 'GET', `/product/v1/customers/${c.id}/requests?limit=1`);
    expect(one.json().requests).toHaveLength(1);
    expect400(
      await productCall(t.app, client, 'GET', `/product/v1/customers/${c.id}/requests?limit=201`),
      'limit',
      'a limit over 200',
    );
    expect((await productCall(t.app, client, 'GET', `/product/v1/customers/${randomUUID()}/requests`)).statusCode).toBe(
      404,
    );
  });

  it('refuses a client without the scope (403), a deactivated customer and a blacklisted device (409), nothing changed', async () => {
    const c = await customer();
    const readOnly = await insertServiceClient(t.db, t.config.secretsKey, { scopes: ['customers.read'] });
    const before = await counts();
    for (const [url, body] of [
      [`/product/v1/customers/${c.id}/kyc`, kycBody()],
      [`/product/v1/customers/${c.id}/plans`, { planType: 'flexible', planName: 'x' }],
      [`/product/v1/customers/${c.id}/withdrawals`, { amount: '1', planId: randomUUID() }],
      [`/product/v1/customers/${c.id}/funding-requests`, { amountReceived: '1' }],
    ] as const) {
      const res = await post(url, body, readOnly);
      expect(res.statusCode, url).toBe(403);
    }
    const off = await customer({ deactivated: true });
    const refused = await post(`/product/v1/customers/${off.id}/plans`, { planType: 'flexible', planName: 'x' });
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'This customer account is deactivated']);

    const device = `dev-${randomUUID()}`;
    const flagged = await customer({ device });
    await fund(flagged.walletId, flagged.id, 'BUSD', '5');
    await q(`INSERT INTO blacklisted_devices (device_id, user_id) VALUES ($1, $2)`, [device, flagged.id]);
    const before2 = await counts();
    const out = await post(`/product/v1/customers/${flagged.id}/withdrawals`, {
      amount: '1',
      currency: 'BUSD',
      destinationAddress: `0x${'a'.repeat(40)}`,
    });
    expect(out.statusCode).toBe(409);
    expect(out.json().message).toMatch(/blacklisted device/);
    expect(await counts()).toEqual(before2);
    expect((await counts()).audit).toBe(before.audit);
  });
});
