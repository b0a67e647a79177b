import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, sessionFor, type TestApp } from '../../../test/helpers';

let t: TestApp;
let superToken: string;
let complianceToken: string;

beforeAll(async () => {
  t = await createTestApp();
  superToken = await sessionFor(t.db, demo('superadmin').email);
  complianceToken = await sessionFor(t.db, demo('compliance').email);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'PUT', url: string, token = superToken, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload, remoteAddress: '10.31.0.1' });
const q = async (text: string, params: unknown[] = []) => (await t.db.$client.query(text, params)).rows;

describe('internal settings', () => {
  it('GET admin/all-Process-settings answers the current version as data[0]', async () => {
    const res = await call('GET', '/v1/admin/all-Process-settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0]).toMatchObject({
      vltTokenUsdPrice: '0.25',
      busdTokenUsdPrice: '1',
      vltTokenAPR: '12',
      updatedBy: null,
    });
  });

  it('PUT admin/update-Process-settings keeps a version with who and when, updates the token prices and audits', async () => {
    const res = await call('PUT', '/v1/admin/update-Process-settings', complianceToken, {
      vltTokenUsdPrice: '0.3125',
      busdTokenUsdPrice: 0.9998,
      vltTokenAPR: '14.5',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('level updated Successfully');
    expect(res.json().data).toMatchObject({
      vltTokenUsdPrice: '0.3125',
      busdTokenUsdPrice: '0.9998',
      vltTokenAPR: '14.5',
      updatedBy: demo('compliance').email,
    });
    const current = (await call('GET', '/v1/admin/all-Process-settings')).json().data[0];
    expect(current).toEqual(res.json().data);
    const history = (await call('GET', '/v1/admin/process-settings-history')).json().data;
    expect(history.totalRecords).toBe(2);
    expect(history.records.map((r: { vltTokenUsdPrice: string }) => r.vltTokenUsdPrice)).toEqual(['0.3125', '0.25']);
    expect(
      await q(
        `SELECT currency, usd_price::float AS p FROM token_prices WHERE currency IN ('VLT', 'BUSD') ORDER BY currency`,
      ),
    ).toEqual([
      { currency: 'BUSD', p: 0.9998 },
      { currency: 'VLT', p: 0.3125 },
    ]);
    const audit = await q(`SELECT actor_email, before, after FROM audit_log WHERE action = 'settings.update'`);
    expect(audit).toEqual([
      {
        actor_email: demo('compliance').email,
        before: { vltTokenUsdPrice: '0.25', busdTokenUsdPrice: '1', vltTokenAPR: '12' },
        after: { vltTokenUsdPrice: '0.3125', busdTokenUsdPrice: '0.9998', vltTokenAPR: '14.5' },
      },
    ]);
  });

  it('answers 400 naming the field for bad input, and keeps no version', async () => {
    const before = await q(`SELECT count(*)::int AS n FROM process_settings_versions`);
    const cases: [object, string][] = [
      [{ vltTokenUsdPrice: 'abc', busdTokenUsdPrice: '1', vltTokenAPR: '5' }, 'vltTokenUsdPrice'],
      [{ vltTokenUsdPrice: '0', busdTokenUsdPrice: '1', vltTokenAPR: '5' }, 'vltTokenUsdPrice'],
      [{ vltTokenUsdPrice: '1', busdTokenUsdPrice: '-1', vltTokenAPR: '5' }, 'busdTokenUsdPrice'],
      [{ vltTokenUsdPrice: '1', busdTokenUsdPrice: '1', vltTokenAPR: '101' }, 'vltTokenAPR'],
      [{ vltTokenUsdPrice: '1', busdTokenUsdPrice: '1' }, 'vltTokenAPR'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('PUT', '/v1/admin/update-Process-settings', superToken, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields), JSON.stringify(payload)).toContain(field);
    }
    expect(await q(`SELECT count(*)::int AS n FROM process_settings_versions`)).toEqual(before);
  });

  it('keeps every one of concurrent updates as its own version, each audited against the one before', async () => {
    const results = await Promise.all(
      ['1.1', '1.2', '1.3', '1.4'].map((p) =>
        call('PUT', '/v1/admin/update-Process-settings', superToken, {
          vltTokenUsdPrice: p,
          busdTokenUsdPrice: '1',
          vltTokenAPR: '10',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await q(
      `SELECT before->>'vltTokenUsdPrice' AS b, after->>'vltTokenUsdPrice' AS a FROM audit_log WHERE action = 'settings.update' ORDER BY id`,
    );
    for (let i = 1; i < rows.length; i++) expect(rows[i].b).toBe(rows[i - 1].a);
  });

  it('is refused to Support (403)', async () => {
    const support = await sessionFor(t.db, demo('support').email);
    expect((await call('GET', '/v1/admin/all-Process-settings', support)).statusCode).toBe(403);
    expect(
      (
        await call('PUT', '/v1/admin/update-Process-settings', support, {
          vltTokenUsdPrice: '9',
          busdTokenUsdPrice: '1',
          vltTokenAPR: '1',
        })
      ).statusCode,
    ).toBe(403);
  });
});
