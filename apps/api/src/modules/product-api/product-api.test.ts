import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PRODUCT_HEADERS } from '@vaultdesk/contract';
import { credit } from '../../ledger/ledger';
import { RATE_COUNT_SQL } from './rate-limit';
import { bearer, useTestApp } from '../../../test/helpers';
import { insertServiceClient, productCall, signedHeaders, type TestServiceClient } from '../../../test/product';

const unique = () => randomBytes(5).toString('hex');

/** A registration body a customer app's backend would send. */
const newCustomer = (extra: Record<string, unknown> = {}) => {
  const u = unique();
  return {
    fullName: 'Ada Obi',
    username: `ada_${u}`,
    email: `ada.${u}@example.com`,
    phoneNo: '+2348012345678',
    country: 'NG',
    ipCountry: 'NG',
    zoneCountry: 'NG',
    registrationIp: '102.89.33.10',
    device: { type: 'android', serial: `SER${u}`, description: 'Pixel 8 (GKWS6), Android 15', build: '3.4.1' },
    coordinates: { lat: 6.5244, long: 3.3792 },
    ...extra,
  };
};

const randomAddress = () => `0x${randomBytes(20).toString('hex')}`;

describe('the product API', () => {
  const { t, tokens, q } = useTestApp();
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await q<{ n: string }>(`SELECT count(*) AS n FROM (${sql}) x`, params))[0]!.n);

  const register = async (client: TestServiceClient, body = newCustomer()) => {
    const res = await productCall(t.app, client, 'POST', '/product/v1/customers', body, { idempotencyKey: unique() });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ customerId: string; referralCode: string; username: string }>();
  };

  describe('signatures, scopes and the staff side', () => {
    it('refuses a wrong signature, an old timestamp, a revoked key and a missing scope, and changes nothing', async () => {
      const client = await insertServiceClient(t.db, t.config.secretsKey);
      const reader = await insertServiceClient(t.db, t.config.secretsKey, { scopes: ['customers.read'] });
      const revoked = await insertServiceClient(t.db, t.config.secretsKey);
      await q(`UPDATE service_clients SET status = 'revoked', revoked_at = now() WHERE id = $1`, [revoked.id]);
      const body = newCustomer();
      const users = () => count(`SELECT 1 FROM users WHERE email = $1`, [body.email]);
      const keys = () => count(`SELECT 1 FROM idempotency_keys WHERE client_id = ANY($1)`, [[client.id, reader.id]]);
      const audit = () =>
        count(`SELECT 1 FROM audit_log WHERE actor_id = ANY($1)`, [[client.id, reader.id, revoked.id]]);
      const call = (c: TestServiceClient, opts: Parameters<typeof productCall>[5] = {}) =>
        productCall(t.app, c, 'POST', '/product/v1/customers', body, { idempotencyKey: unique(), ...opts });

      const wrong = await call({ ...client, secret: 'vds_wrong' });
      expect([wrong.statusCode, wrong.json().message]).toEqual([401, 'The signature does not match the request']);
      const old = await call(client, { timestamp: Math.floor(Date.now() / 1000) - 600 });
      expect(old.statusCode).toBe(401);
      expect(old.json().message).toMatch(/more than 5 minutes/);
      const gone = await call(revoked);
      expect([gone.statusCode, gone.json().message]).toEqual([401, 'This key is revoked']);
      const scope = await call(reader);
      expect([scope.statusCode, scope.json().message]).toEqual([403, 'This client lacks the scope customers.write']);
      // A signed body changed on the way: refused.
      const raw = JSON.stringify(body);
      const tampered = await t.app.inject({
        method: 'POST',
        url: '/product/v1/customers',
        headers: {
          'content-type': 'application/json',
          [PRODUCT_HEADERS.idempotencyKey]: unique(),
          ...signedHeaders(client, 'POST', '/product/v1/customers', raw),
        },
        payload: raw.replace('Ada', 'Eve'),
      });
      expect(tampered.statusCode).toBe(401);

      expect(await users()).toBe(0);
      expect(await keys()).toBe(0);
      expect(await audit()).toBe(0);
    });

    it('is closed to staff sessions, and a service client opens no staff route', async () => {
      const client = await insertServiceClient(t.db, t.config.secretsKey);
      const staff = await t.app.inject({
        method: 'POST',
        url: '/product/v1/customers',
        headers: { ...bearer(tokens.superadmin), [PRODUCT_HEADERS.idempotencyKey]: unique() },
        payload: newCustomer(),
      });
      expect(staff.statusCode).toBe(401);
      const staffRead = await t.app.inject({
        method: 'GET',
        url: `/product/v1/customers/${crypto.randomUUID()}`,
        headers: bearer(tokens.superadmin),
      });
      expect(staffRead.statusCode).toBe(401);

      for (const url of ['/v1/admin/dashboard', '/v1/admin/permissions']) {
        const res = await t.app.inject({ method: 'GET', url, headers: signedHeaders(client, 'GET', url, '') });
        expect(res.statusCode, url).toBe(401);
      }
    });
  });

  describe('idempotency', () => {
    it('requires an Idempotency-Key on every write, naming the header', async () => {
      const client = await insertServiceClient(t.db, t.config.secretsKey);
      const body = newCustomer();
      const none = await productCall(t.app, client, 'POST', '/product/v1/customers', body);
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toMatch(/Idempotency-Key/);
      expect(Object.keys(none.json().fields)).toEqual(['Idempotency-Key']);
      const long = await productCall(t.app, client, 'POST', '/product/v1/customers', body, {
        idempotencyKey: 'k'.repeat(201),
      });
      expect(long.statusCode).toBe(400);
      expect(await count(`SELECT 1 FROM users WHERE email = $1`, [body.email])).toBe(0);
      // A read needs none.
      expect((await productCall(t.app, client, 'GET', '/product/v1/client')).statusCode).toBe(200);
    });

    it('50 identical requests at once register one customer; each answer is that 201 or "still being processed"', async () => {
      const client = await insertServiceClient(t.db, t.config.secretsKey);
      const body = newCustomer();
      const key = `register-${unique()}`;
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          productCall(t.app, client, 'POST', '/product/v1/customers', body, { idempotencyKey: key }),
        ),
      );
      expect(await count(`SELECT 1 FROM users WHERE email = $1`, [body.email])).toBe(1);
      const created = answers.filter((a) => a.statusCode === 201);
      const busy = answers.filter((a) => a.statusCode === 409);
      expect(created.length + busy.length, answers.map((a) => `${a.statusCode} ${a.body}`).join('\n')).toBe(50);
      expect(created.length).toBeGreaterThanOrEqual(1);
      const first = created[0]!.json<{ customerId: string }>();
      for (const a of created) expect(a.json()).toEqual(first);
      expect(created.filter((a) => a.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
      for (const b of busy) expect(b.json().message).toMatch(/still being processed/);
      expect(
        await count(`SELECT 1 FROM audit_log WHERE action = 'customer.register' AND target_id = $1`, [
          first.customerId,
        ]),
      ).toBe(1);

      // Later the same key and body answer the same 201, replayed.
      const again = await productCall(t.app, client, 'POST', '/product/v1/customers', body, { idempotencyKey: key });
      expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, 'true']);
      expect(again.json()).toEqual(first);
      // The same key with another body: 409, nothing changed.
      const other = newCustomer();
      const clash = await productCall(t.app, client, 'POST', '/product/v1/customers', other, { idempotencyKey: key });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().message).toMatch(/already used with another request/);
      expect(await count(`SELECT 1 FROM users WHERE email = $1`, [other.email])).toBe(0);
      // Another client may use the same key for its own request.
      const client2 = await insertServiceClient(t.db, t.config.secretsKey);
      const theirs = await productCall(t.app, client2, 'POST', '/product/v1/customers', other, { idempotencyKey: key });
      expect(theirs.statusCode).toBe(201);
      const [row] = await q<{ state: string; status_code: number; hours: number }>(
        `SELECT state, status_code, extract(epoch FROM expires_at - created_at) / 3600 AS hours
           FROM idempotency_keys WHERE client_id = $1 AND key = $2`,
        [client.id, key],
      );
      expect(row).toMatchObject({ state: 'done', status_code: 201 });
      expect(Number(row!.hours)).toBeGreaterThanOrEqual(24);
    });

    it('replays a 4xx answer as well, and lets a stale claim of a crashed request run again', async () => {
      const client = await insertServiceClient(t.db, t.config.secretsKey);
      const missing = `/product/v1/customers/${crypto.randomUUID()}`;
      const key = unique();
      const first = await productCall(t.app, client, 'PATCH', missing, { country: 'GH' }, { idempotencyKey: key });
      expect(first.statusCode).toBe(404);
      const replayed = await productCall(t.app, client, 'PATCH', missing, { country: 'GH' }, { idempotencyKey: key });
      expect([replayed.statusCode, replayed.headers['idempotent-replayed'], replayed.json()]).toEqual([
        404,
        'true',
        first.json(),
      ]);

      // A process died holding a claim two minutes ago: the same request runs again.
      const body = newCustomer();
      const stale = unique();
      const hash = createHash('sha256')
        .update(`POST\n/product/v1/customers\n${JSON.stringify(body)}`)
        .digest('hex');
      await q(
        `INSERT INTO idempotency_keys (client_id, key, request_hash, state, created_at, expires_at)
         VALUES ($1, $2, $3, 'in_progress', now() - interval '3 minutes', now() + interval '1 day')`,
        [client.id, stale, hash],
      );
      const fresh = await q(
        `INSERT INTO idempotency_keys (client_id, key, request_hash, state, created_at, expires_at)
         VALUES ($1, $2, $3, 'in_progress', now(), now() + interval '1 day') RETURNING key`,
        [client.id, `${stale}-busy`, hash],
      );
      const busy = await productCall(t.app, client, 'POST', '/product/v1/customers', body, {
        idempotencyKey: fresh[0]!.key as string,
      });
      expect(busy.statusCode).toBe(409);
      const retried = await productCall(t.app, client, 'POST', '/product/v1/customers', body, {
        idempotencyKey: stale,
      });
      expect(retried.statusCode, retried.body).toBe(201);
      expect(await count(`SELECT 1 FROM users WHERE email = $1`, [body.email])).toBe(1);
    });

    it('releases the key after a 5xx, so a retry with it runs', async () => {
      const client = await insertServiceClient(t.db, t.config.secretsKey);
      const body = newCustomer();
      const key = unique();
      // The database fails this one registration (a real error inside the transaction, not a mock).
      await q(`CREATE FUNCTION test_refuse_${key}() RETURNS trigger LANGUAGE plpgsql AS $$
               BEGIN IF NEW.email = '${body.email}' THEN RAISE EXCEPTION 'disk on fire'; END IF; RETURN NEW; END $$`);
      await q(
        `CREATE TRIGGER test_refuse_${key} BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION test_refuse_${key}()`,
      );
      try {
        const failed = await productCall(t.app, client, 'POST', '/product/v1/customers', body, { idempotencyKey: key });
        expect(failed.statusCode).toBe(500);
        expect(await count(`SELECT 1 FROM idempotency_keys WHERE client_id = $1`, [client.id])).toBe(0);
      } finally {
        await q(`DROP TRIGGER test_refuse_${key} ON users`);
        await q(`DROP FUNCTION test_refuse_${key}()`);
      }
      const retried = await productCall(t.app, client, 'POST', '/product/v1/customers', body, { idempotencyKey: key });
      expect([retried.statusCode, retried.headers['idempotent-replayed']]).toEqual([201, undefined]);
      expect(await count(`SELECT 1 FROM users WHERE email = $1`, [body.email])).toBe(1);
    });
  });

  describe('rate limit', () => {
    it('answers 429 with Retry-After over the per-minute limit, and stamps last_used_at', async () => {
      // Not across a minute's boundary: the counter is per clock minute.
      const second = new Date().getUTCSeconds();
      if (second > 54) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
      const client = await insertServiceClient(t.db, t.config.secretsKey, { rateLimitPerMinute: 3 });
      for (let i = 0; i < 3; i++)
        expect((await productCall(t.app, client, 'GET', '/product/v1/client')).statusCode).toBe(200);
      const over = await productCall(t.app, client, 'GET', '/product/v1/client');
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
      expect(over.json().message).toMatch(/3 requests a minute/);
      const wait = Number(over.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      const [row] = await q<{ used: boolean; n: number }>(
        `SELECT c.last_used_at IS NOT NULL AS used, r.n FROM service_clients c
           JOIN product_rate_counts r ON r.client_id = c.id WHERE c.id = $1`,
        [client.id],
      );
      expect(row).toEqual({ used: true, n: 4 });
    });

    it('counts with one cheap statement per request', async () => {
      const client = await insertServiceClient(t.db, t.config.secretsKey, { rateLimitPerMinute: 100000 });
      // The counting statement alone, as each request runs it, beside the smallest write there is
      // (one row by its primary key), interleaved so both see the same load on a shared machine.
      let counting = 0;
      let smallest = 0;
      for (let i = 0; i < 200; i++) {
        let started = performance.now();
        await q(RATE_COUNT_SQL, [client.id]);
        counting += performance.now() - started;
        started = performance.now();
        await q(`UPDATE service_clients SET name = name WHERE id = $1`, [client.id]);
        smallest += performance.now() - started;
      }
      console.log(
        `[product] rate-limit statement ${(counting / 200).toFixed(2)} ms, a one-row update ${(smallest / 200).toFixed(2)} ms (average of 200)`,
      );
      expect(counting).toBeLessThan(smallest * 3 + 200);
      const [row] = await q<{ n: number }>(`SELECT sum(n)::int AS n FROM product_rate_counts WHERE client_id = $1`, [
        client.id,
      ]);
      // (All 200 unless a minute turned during the loop and the past minute's row was purged.)
      expect(row!.n).toBeGreaterThan(0);
      expect(row!.n).toBeLessThanOrEqual(200);
      const plan = await q<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT n FROM product_rate_counts WHERE client_id = $1 AND minute = date_trunc('minute', now())`,
        [client.id],
      );
      expect(plan.map((p) => p['QUERY PLAN']).join('\n')).toMatch(/product_rate_counts_client_id_minute_pk/);
    });
  });

  describe('customers', () => {
    it('registers a customer with a referral, opens wallets, updates it and reads it back with balances', async () => {
      const client = await insertServiceClient(t.db, t.config.secretsKey);
      const referrer = await register(client);
      const body = newCustomer({ referralCode: referrer.referralCode.toLowerCase() });
      const created = await productCall(t.app, client, 'POST', '/product/v1/customers', body, {
        idempotencyKey: unique(),
      });
      expect(created.statusCode, created.body).toBe(201);
      const customer = created.json();
      expect(customer).toMatchObject({
        fullName: 'Ada Obi',
        username: body.username,
        email: body.email,
        phoneNo: '+2348012345678',
        country: 'NG',
        referredBy: referrer.customerId,
        deactivated: false,
        kyc: { levelTwo: null, levelThree: null },
      });
      expect(customer.referralCode).toMatch(/^[A-Z0-9]{8}$/);
      const [stored] = await q<{ device: Record<string, unknown>; referral_state: string; serial: string }>(
        `SELECT u.registration_device_details AS device, r.referral_state, r.device_serial_number AS serial
           FROM users u JOIN referrals r ON r.referred_user_id = u.id AND r.referrer_id = $2 WHERE u.id = $1`,
        [customer.customerId, referrer.customerId],
      );
      expect(stored).toEqual({
        device: {
          type: 'android',
          serial: body.device.serial,
          description: 'Pixel 8 (GKWS6), Android 15',
          build: '3.4.1',
          country: 'NG',
          ip: '102.89.33.10',
        },
        referral_state: 'pending',
        serial: body.device.serial,
      });
      const [audit] = await q<{ actor_id: string; actor_email: string; after: Record<string, unknown> }>(
        `SELECT actor_id, actor_email::text, after FROM audit_log WHERE action = 'customer.register' AND target_id = $1`,
        [customer.customerId],
      );
      expect(audit).toMatchObject({
        actor_id: client.id,
        actor_email: `service:${client.name}`,
        after: { username: body.username, referredBy: referrer.customerId },
      });

      const url = `/product/v1/customers/${customer.customerId}`;
      const address = randomAddress();
      const opened = await productCall(
        t.app,
        client,
        'POST',
        `${url}/wallets`,
        { address, network: 56 },
        { idempotencyKey: unique() },
      );
      expect(opened.statusCode, opened.body).toBe(201);
      expect(opened.json()).toMatchObject({ name: 'Main Wallet', address, network: 56, isActive: true, balances: [] });
      const walletId = opened.json().walletId as string;

      // One per network; an address another customer holds: 409, nothing written.
      const twice = await productCall(
        t.app,
        client,
        'POST',
        `${url}/wallets`,
        { address: randomAddress(), network: 56 },
        { idempotencyKey: unique() },
      );
      expect([twice.statusCode, twice.json().message]).toEqual([
        409,
        'This customer already has a wallet on network 56',
      ]);
      const taken = await productCall(
        t.app,
        client,
        'POST',
        `/product/v1/customers/${referrer.customerId}/wallets`,
        { address: address.toUpperCase().replace('0X', '0x'), network: 56 },
        { idempotencyKey: unique() },
      );
      expect([taken.statusCode, taken.json().message]).toEqual([409, 'This address belongs to another customer']);
      expect(
        await count(`SELECT 1 FROM wallets WHERE user_id = ANY($1)`, [[customer.customerId, referrer.customerId]]),
      ).toBe(1);

      // Money arrives through the ledger (as the chain watcher credits it): the read shows it.
      await t.db.transaction((tx) =>
        credit(tx, {
          walletId,
          currency: 'BUSD',
          amount: '125.5',
          kind: 'funding',
          reference: { type: 'test', id: unique() },
          staffId: null,
          mirror: { userId: customer.customerId, state: 0, type: 'funding', description: 'Test funding' },
        }),
      );

      const patched = await productCall(
        t.app,
        client,
        'PATCH',
        url,
        { country: 'GH', phoneNo: null, device: { type: 'ios', serial: `IOS-${unique()}` } },
        { idempotencyKey: unique() },
      );
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json()).toMatchObject({ country: 'GH', phoneNo: null });
      const [update] = await q<{ before: unknown; after: unknown }>(
        `SELECT before, after FROM audit_log WHERE action = 'customer.update' AND target_id = $1`,
        [customer.customerId],
      );
      expect(update).toMatchObject({
        before: { country: 'NG', phoneNo: '+2348012345678' },
        after: { country: 'GH', phoneNo: null },
      });

      const read = await productCall(t.app, client, 'GET', url);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({
        customerId: customer.customerId,
        country: 'GH',
        wallets: [
          {
            walletId,
            address,
            network: 56,
            balances: [{ currency: 'BUSD', balance: expect.stringMatching(/^125\.50*$/) }],
          },
        ],
        plans: [],
        plansTruncated: false,
        kyc: { levelTwo: null, levelThree: null },
      });
    });

    it('refuses duplicates, unknown referral codes, blacklisted devices and unknown customers, changing nothing', async () => {
      const client = await insertServiceClient(t.db, t.config.secretsKey);
      const first = newCustomer();
      await register(client, first);
      const post = (body: unknown) =>
        productCall(t.app, client, 'POST', '/product/v1/customers', body, { idempotencyKey: unique() });
      const before = await count(`SELECT 1 FROM users`);

      const sameEmail = await post(newCustomer({ email: first.email.toUpperCase() }));
      expect([sameEmail.statusCode, sameEmail.json().message]).toEqual([
        409,
        'A customer with this email already exists',
      ]);
      const sameName = await post(newCustomer({ username: first.username }));
      expect([sameName.statusCode, sameName.json().message]).toEqual([
        409,
        'A customer with this username already exists',
      ]);
      const badCode = await post(newCustomer({ referralCode: 'NOSUCH99' }));
      expect(badCode.statusCode).toBe(400);
      expect(badCode.json().fields).toHaveProperty('referralCode');

      const serial = `BLOCKED${unique()}`;
      await q(`INSERT INTO blacklisted_devices (device_id) VALUES ($1)`, [serial]);
      const blocked = await post(newCustomer({ device: { type: 'web', serial } }));
      expect([blocked.statusCode, blocked.json().message]).toEqual([
        403,
        'This device is blacklisted: the customer cannot be registered or moved to it',
      ]);
      expect(await count(`SELECT 1 FROM users`)).toBe(before);

      const missing = crypto.randomUUID();
      const read = await productCall(t.app, client, 'GET', `/product/v1/customers/${missing}`);
      expect([read.statusCode, read.json().message]).toEqual([404, 'Customer not found']);
      const wallet = await productCall(
        t.app,
        client,
        'POST',
        `/product/v1/customers/${missing}/wallets`,
        { address: randomAddress(), network: 56 },
        { idempotencyKey: unique() },
      );
      expect(wallet.statusCode).toBe(404);
      const badId = await productCall(t.app, client, 'GET', '/product/v1/customers/not-a-uuid');
      expect(badId.statusCode).toBe(400);
      const empty = await productCall(
        t.app,
        client,
        'PATCH',
        `/product/v1/customers/${missing}`,
        {},
        {
          idempotencyKey: unique(),
        },
      );
      expect(empty.statusCode).toBe(400);
    });
  });
});
