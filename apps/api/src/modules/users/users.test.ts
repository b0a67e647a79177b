import { beforeAll, describe, expect, it } from 'vitest';
import {
  balanceSearchPage,
  envelope,
  exportStarted,
  textMessages,
  USER_SEARCH_MIN_LENGTH,
  userGlobalSearchResult,
  userListPage,
  userSearchResult,
} from '@vaultdesk/contract';
import { z } from 'zod';
import { bearer, demo, sessionFor, useTestApp } from '../../../test/helpers';
import { searchStatement } from './users.service';

const { t, tokens } = useTestApp();

const q = (text: string, params: unknown[] = []) => t.db.$client.query(text, params);
const get = (url: string, auth: string | null = tokens.support) =>
  t.app.inject({ method: 'GET', url, headers: auth ? bearer(auth) : {} });
const ok = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe('Successfully fetched records');
  return res.json().data;
};

const COUNTRIES = ['NG', 'NG', 'NG', 'GH', 'KE', null];
/**
 * `n` users signed up one hour apart from `from` (countries cycling through COUNTRIES, a few
 * sharing a sign-up time so ties on created_at are ordered by id).
 */
const addUsers = async (prefix: string, n: number, from: string) => {
  const { rows } = await q(
    `INSERT INTO users (full_name, username, email, phone_no, referral_code, zone_country, ip_country, residence_country, created_at)
     SELECT $1 || ' Person ' || i, $1 || '_user' || i, $1 || '.user' || i || '@example.test', '+23480' || lpad(i::text, 8, '0'), $1 || '-ref-' || i,
            ($3::text[])[1 + i % 6], ($3::text[])[1 + (i + 1) % 6], ($3::text[])[1 + (i + 2) % 6],
            $2::timestamptz + ((i - i % 7 / 6) * interval '1 hour')
       FROM generate_series(1, $4::int) AS i
     RETURNING id`,
    [prefix, from, COUNTRIES, n],
  );
  return rows.map((r) => r.id as string);
};

type Row = { _id: string };
/** What a plain ORDER BY ... OFFSET query answers for the same page. */
const plainPage = async (where: string, params: unknown[], page: number, size = 10) => {
  const { rows } = await q(
    `SELECT id FROM users u WHERE ${where} ORDER BY created_at DESC, id DESC OFFSET ${(page - 1) * size} LIMIT ${size}`,
    params,
  );
  const {
    rows: [{ n }],
  } = await q(`SELECT count(*)::int AS n FROM users u WHERE ${where}`, params);
  return { ids: rows.map((r) => r.id as string), total: n as number };
};

describe('GET /v1/admin/search-user-date', () => {
  beforeAll(async () => {
    await addUsers('date', 120, '2024-01-01T00:00:00Z');
    // Every 5th row an anchor: pages then start from anchors, as on a large database.
    await q(`SELECT user_list_anchors_rebuild(5)`);
  });

  it('answers the paged shape with the spec names, newest first', async () => {
    const data = await ok('/v1/admin/search-user-date?start=2024-01-01&end=2024-01-02&pageSize=10&page=1');
    expect(Object.keys(data).sort()).toEqual(['currentPage', 'pageSize', 'records', 'totalPage', 'totalRecords']);
    const plain = await plainPage(`created_at >= '2024-01-01' AND created_at < '2024-01-03'`, [], 1);
    expect(data).toMatchObject({
      currentPage: 1,
      pageSize: 10,
      totalRecords: plain.total,
      totalPage: Math.ceil(plain.total / 10),
    });
    expect(plain.total).toBeGreaterThan(40);
    expect(data.records.map((r: Row) => r._id)).toEqual(plain.ids);
    const [first] = data.records;
    expect(Object.keys(first).sort()).toEqual(['_id', 'createdAt', 'email', 'phoneNo', 'referralCount', 'username']);
    expect(first).toMatchObject({ username: expect.stringMatching(/^date_user\d+$/), referralCount: 0 });
    const times = data.records.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Date(times[0]).toISOString() < '2024-01-03').toBe(true);
  });

  it('defaults to page 1 of 10 and includes the whole end day', async () => {
    const data = await ok('/v1/admin/search-user-date?start=2024-01-01&end=2024-01-01');
    expect(data).toMatchObject({ currentPage: 1, pageSize: 10 });
    const plain = await plainPage(`created_at >= '2024-01-01' AND created_at < '2024-01-02'`, [], 1);
    expect(data.totalRecords).toBe(plain.total);
    expect(data.records.map((r: Row) => r._id)).toEqual(plain.ids);
  });

  it('gives every page exactly what ORDER BY/OFFSET gives, with exact totals, before and after changes', async () => {
    const range = `created_at >= '2024-01-01' AND created_at < '2024-01-05'`;
    const check = async () => {
      for (const page of [1, 2, 3, 5, 7, 9, 10, 11]) {
        const data = await ok(`/v1/admin/search-user-date?start=2024-01-01&end=2024-01-04&page=${page}`);
        const plain = await plainPage(range, [], page);
        expect(
          data.records.map((r: Row) => r._id),
          `page ${page}`,
        ).toEqual(plain.ids);
        expect(data.totalRecords).toBe(plain.total);
        expect(data.totalPage).toBe(Math.ceil(plain.total / 10));
      }
    };
    await check();
    // New sign-ups in and around the range, a user moved in time, one deleted: deltas.
    await addUsers('later', 15, '2024-01-02T10:30:00Z');
    await q(`UPDATE users SET created_at = '2023-06-01' WHERE username IN ('date_user40', 'date_user41')`);
    await q(`UPDATE users SET created_at = '2024-01-03T05:05:00Z' WHERE username = 'date_user100'`);
    await q(`DELETE FROM users WHERE username = 'date_user60'`);
    const {
      rows: [{ n }],
    } = await q(`SELECT count(*)::int AS n FROM user_list_deltas WHERE list_key = 'created'`);
    expect(n).toBeGreaterThan(0);
    await check();
    // A refresh folds the deltas into the anchors; the answers stay the same.
    await q(`SELECT user_list_anchors_refresh('created', 5)`);
    const {
      rows: [{ left }],
    } = await q(`SELECT count(*)::int AS left FROM user_list_deltas WHERE list_key = 'created'`);
    expect(left).toBe(0);
    await check();
  });

  it('the periodic sweep folds a list with many deltas into its anchors', async () => {
    await addUsers('swept', 300, '2024-01-03T00:10:00Z');
    const { createListReader } = await import('../../lists/list-anchors');
    expect(await createListReader(t.db, () => undefined).sweep()).toBeGreaterThan(0);
    const {
      rows: [{ n }],
    } = await q(`SELECT count(*)::int AS n FROM user_list_deltas WHERE list_key = 'created'`);
    expect(n).toBe(0);
    for (const page of [1, 4, 20, 40]) {
      const data = await ok(`/v1/admin/search-user-date?start=2023-01-01&end=2024-02-01&page=${page}`);
      const plain = await plainPage(`created_at >= '2023-01-01' AND created_at < '2024-02-02'`, [], page);
      expect(
        data.records.map((r: Row) => r._id),
        `page ${page}`,
      ).toEqual(plain.ids);
      expect(data.totalRecords).toBe(plain.total);
    }
  });

  it('counts the referrals each user made', async () => {
    const {
      rows: [referrer],
    } = await q(`SELECT id FROM users WHERE username = 'date_user3'`);
    const { rows: referred } = await q(`SELECT id FROM users WHERE username IN ('date_user4', 'date_user5')`);
    for (const r of referred)
      await q(`INSERT INTO referrals (referrer_id, referred_user_id) VALUES ($1, $2)`, [referrer.id, r.id]);
    const data = await ok('/v1/admin/search-user-date?start=2024-01-01&end=2024-01-01&pageSize=100');
    const row = data.records.find((r: Row) => r._id === referrer.id);
    expect(row.referralCount).toBe(2);
  });

  it('refuses a start after the end, an end after today and malformed dates with 400 and a message', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const cases: [string, RegExp][] = [
      ['start=2024-02-01&end=2024-01-01', /Start date must not be after end date/],
      [`start=2024-01-01&end=${tomorrow}`, /End date must not be after today/],
      ['start=2024/01/01&end=2024-01-02', /YYYY-MM-DD/],
      ['start=2024-02-30&end=2024-03-01', /Not a valid date/],
      ['end=2024-03-01', /start/],
      ['start=2024-01-01&end=2024-01-02&page=0', /page/],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/v1/admin/search-user-date?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
  });

  it('needs a session with two-factor (401 without one, 403 before 2FA)', async () => {
    expect((await get('/v1/admin/search-user-date?start=2024-01-01&end=2024-01-02', null)).statusCode).toBe(401);
    const pending = await sessionFor(t.db, demo('newstaff').email, { twoFactorPassed: false });
    expect((await get('/v1/admin/search-user-date?start=2024-01-01&end=2024-01-02', pending)).statusCode).toBe(403);
  });
});

describe('GET /v1/admin/users (by country)', () => {
  beforeAll(async () => {
    await addUsers('ctry', 90, '2022-05-01T00:00:00Z');
    await q(`SELECT user_list_anchors_rebuild(4)`);
  });

  const compare = async (countryType: string, countryCode: string, where: string, params: unknown[]) => {
    for (const page of [1, 2, 4, 6, 30]) {
      const data = await ok(
        `/v1/admin/users?countryType=${countryType}&countryCode=${countryCode}&page=${page}&pageSize=10`,
      );
      const plain = await plainPage(where, params, page);
      expect(
        data.records.map((r: Row) => r._id),
        `${countryType} ${countryCode} page ${page}`,
      ).toEqual(plain.ids);
      expect(data.totalRecords).toBe(plain.total);
      expect(data.currentPage).toBe(page);
    }
  };

  it('lists the users of a country type and code, and "none" for no country, like ORDER BY/OFFSET', async () => {
    await compare('zone', 'NG', `zone_country = $1`, ['NG']);
    await compare('ip', 'GH', `ip_country = $1`, ['GH']);
    await compare('residence', 'none', `residence_country IS NULL`, []);
    // Lower case is the same code.
    const lower = await ok('/v1/admin/users?countryType=zone&countryCode=ng');
    const upper = await ok('/v1/admin/users?countryType=zone&countryCode=NG');
    expect(lower).toEqual(upper);
    const row = upper.records[0];
    expect(Object.keys(row).sort()).toEqual(['_id', 'createdAt', 'email', 'phoneNo', 'referralCount', 'username']);
  });

  it('stays exact when users change country, sign up or leave', async () => {
    await q(`UPDATE users SET zone_country = 'GH' WHERE username IN ('ctry_user3', 'ctry_user9', 'ctry_user15')`);
    await q(`UPDATE users SET zone_country = NULL WHERE username = 'ctry_user21'`);
    await q(`UPDATE users SET zone_country = 'NG' WHERE username IN ('ctry_user4', 'ctry_user5')`);
    await addUsers('ctry2', 20, '2022-05-02T03:30:00Z');
    await q(`DELETE FROM users WHERE username = 'ctry_user30'`);
    await compare('zone', 'NG', `zone_country = $1`, ['NG']);
    await compare('zone', 'GH', `zone_country = $1`, ['GH']);
    await compare('zone', 'none', `zone_country IS NULL`, []);
    await q(`SELECT user_list_anchors_refresh('zone:NG', 4)`);
    await compare('zone', 'NG', `zone_country = $1`, ['NG']);
  });

  it('answers an empty page past the end and refuses bad input', async () => {
    const data = await ok('/v1/admin/users?countryType=zone&countryCode=ZZ');
    expect(data).toEqual({ records: [], currentPage: 1, totalRecords: 0, totalPage: 0, pageSize: 10 });
    for (const query of ['countryType=planet&countryCode=NG', 'countryType=zone&countryCode=NGA', 'countryType=zone']) {
      const res = await get(`/v1/admin/users?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await get('/v1/admin/users?countryType=zone&countryCode=NG', null)).statusCode).toBe(401);
  });
});

describe('GET /v1/admin/search-user and /v1/admin/user-global-Search', () => {
  let referrerId: string;
  beforeAll(async () => {
    const {
      rows: [r],
    } = await q(
      `INSERT INTO users (full_name, username, email, phone_no, referral_code, created_at, profile_url)
       VALUES ('Chidinma Okafor', 'chioma_ref', 'chidinma@example.test', '+2348012345678', 'srch-1', '2023-01-01', '/avatars/avatar-01.svg') RETURNING id`,
    );
    referrerId = r.id;
    await q(
      `INSERT INTO users (full_name, username, email, phone_no, referral_code, created_at, referee_id)
       VALUES ('Emeka Nwosu', 'emeka_n', 'emeka.nwosu@mail.test', '+2348099990000', 'srch-2', '2023-02-01', $1),
              ('Nwosu Family', 'nwosu', 'family@mail.test', NULL, 'srch-3', '2021-01-01', NULL),
              ('Ada 100%_sure', 'ada_pct', 'ada@pct.test', NULL, 'srch-4', '2023-03-01', NULL)`,
      [referrerId],
    );
  });

  it('finds by any part of name, username, e-mail or phone, exact matches first, then newest', async () => {
    const byName = await ok('/v1/admin/search-user?search=nwosu');
    // The exact username "nwosu" first although it is the oldest.
    expect(byName.map((r: { username: string }) => r.username)).toEqual(['nwosu', 'emeka_n']);
    expect(Object.keys(byName[0]).sort()).toEqual(['_id', 'createdAt', 'email', 'fullName', 'phoneNo', 'username']);
    expect((await ok('/v1/admin/search-user?search=KAFO')).map((r: { username: string }) => r.username)).toEqual([
      'chioma_ref',
    ]);
    expect((await ok('/v1/admin/search-user?search=9999000')).map((r: { username: string }) => r.username)).toEqual([
      'emeka_n',
    ]);
    expect((await ok('/v1/admin/search-user?search=mail.test')).map((r: { username: string }) => r.username)).toEqual([
      'emeka_n',
      'nwosu',
    ]);
    // LIKE wildcards typed by staff match only themselves.
    expect((await ok('/v1/admin/search-user?search=100%25_s')).map((r: { username: string }) => r.username)).toEqual([
      'ada_pct',
    ]);
    expect(await ok('/v1/admin/search-user?search=a%25s')).toEqual([]);
    // A match never spans two fields.
    expect(await ok('/v1/admin/search-user?search=okaforchioma')).toEqual([]);
  });

  it('text longer than the stored suffixes is matched against the whole field', async () => {
    // The first 16 characters are one suffix of the e-mail; the rest decides.
    expect(
      (await ok('/v1/admin/search-user?search=meka.nwosu%40mail.te')).map((r: { username: string }) => r.username),
    ).toEqual(['emeka_n']);
    expect(await ok('/v1/admin/search-user?search=meka.nwosu%40mail.xx')).toEqual([]);
  });

  it('follows changes of the searched fields, and removed users', async () => {
    const {
      rows: [u],
    } = await q(
      `INSERT INTO users (full_name, username, email, phone_no, referral_code, created_at)
       VALUES ('Tobenna Eze', 'tobenna_e', 'tobenna@eze.test', '+2348071112222', 'srch-5', '2023-04-01') RETURNING id`,
    );
    expect((await ok('/v1/admin/search-user?search=obenn')).map((r: { _id: string }) => r._id)).toEqual([u.id]);
    await q(
      `UPDATE users SET username = 'zikora_q', full_name = 'Zikora Eze', email = 'zikora@eze.test' WHERE id = $1`,
      [u.id],
    );
    expect(await ok('/v1/admin/search-user?search=obenn')).toEqual([]);
    expect((await ok('/v1/admin/search-user?search=ikora')).map((r: { _id: string }) => r._id)).toEqual([u.id]);
    // Other columns leave the suffixes alone; the phone still finds the user.
    await q(`UPDATE users SET profile_url = '/avatars/avatar-02.svg' WHERE id = $1`, [u.id]);
    expect((await ok('/v1/admin/search-user?search=7111222')).map((r: { _id: string }) => r._id)).toEqual([u.id]);
    const {
      rows: [{ n }],
    } = await q(`SELECT count(*)::int AS n FROM user_search_suffixes WHERE user_id = $1`, [u.id]);
    const {
      rows: [{ m }],
    } = await q(
      `SELECT count(*)::int AS m FROM user_search_suffixes_of('Zikora Eze', 'zikora_q', 'zikora@eze.test', '+2348071112222')`,
    );
    expect(n).toBe(m);
    await q(`DELETE FROM users WHERE id = $1`, [u.id]);
    expect(await ok('/v1/admin/search-user?search=ikora')).toEqual([]);
    expect((await q(`SELECT count(*)::int AS n FROM user_search_suffixes WHERE user_id = $1`, [u.id])).rows[0].n).toBe(
      0,
    );
  });

  it('answers at most 20 rows', async () => {
    const data = await ok('/v1/admin/search-user?search=example.test');
    expect(data.length).toBe(20);
  });

  it('the advanced search adds the avatar and the referrer', async () => {
    const data = await ok('/v1/admin/user-global-Search?search_text=emeka');
    expect(data).toEqual([
      {
        _id: expect.any(String),
        profileUrl: null,
        fullName: 'Emeka Nwosu',
        email: 'emeka.nwosu@mail.test',
        username: 'emeka_n',
        referredBy: 'chioma_ref',
        createdAt: '2023-02-01T00:00:00.000Z',
      },
    ]);
    const [chi] = await ok('/v1/admin/user-global-Search?search_text=chidinma@example.test');
    expect(chi).toMatchObject({ _id: referrerId, profileUrl: '/avatars/avatar-01.svg', referredBy: null });
  });

  it('runs the body of the database function user_search, and answers what the function answers', async () => {
    // The API sends the function's body itself (one call less for PostgreSQL), read from the database.
    const {
      rows: [fn],
    } = await q(`SELECT prosrc FROM pg_proc WHERE proname = 'user_search'`);
    const statement = await searchStatement(t.db);
    expect(statement.text).toContain((fn.prosrc as string).replaceAll('p_text', '$1::text').trim());
    expect(statement.text).not.toContain('p_text');
    for (const text of ['nwosu', 'emeka', 'example.test', 'chidinma@example.test', '+2348099990000', '100%_sure']) {
      const { rows } = await q('SELECT * FROM user_search($1)', [text]);
      const data = await ok(`/v1/admin/user-global-Search?search_text=${encodeURIComponent(text)}`);
      expect(data.map((r: { _id: string; referredBy: string | null }) => [r._id, r.referredBy])).toEqual(
        rows.map((r) => [r.id, r.referred_by]),
      );
    }
  });

  it('refuses fewer than 3 characters, and no text, with 400 and a message', async () => {
    for (const url of [
      '/v1/admin/search-user?search=ab',
      '/v1/admin/search-user?search=%20%20ab%20',
      '/v1/admin/user-global-Search?search_text=ab',
      '/v1/admin/search-user',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      if (!url.endsWith('search-user'))
        expect(res.json().message, url).toContain(textMessages.tooShort('Search', USER_SEARCH_MIN_LENGTH));
    }
    expect((await get('/v1/admin/search-user?search=nwosu', null)).statusCode).toBe(401);
  });
});

describe('GET /v1/admin/users-by-wallet-balance', () => {
  const walletIds: string[] = [];
  beforeAll(async () => {
    const ids = await addUsers('bal', 40, '2022-01-01T00:00:00Z');
    for (const [i, userId] of ids.entries()) {
      const {
        rows: [w],
      } = await q(
        `INSERT INTO wallets (user_id, name, address) VALUES ($1, 'Main', '0x' || lpad(to_hex($2::int), 40, '0')) RETURNING id`,
        [userId, i + 1],
      );
      walletIds.push(w.id);
      // Balances 0..390 BUSD in steps of 10, a few equal; some VLT.
      await q(`INSERT INTO ledger_entries (wallet_id, currency, amount, kind) VALUES ($1, 'BUSD', $2, 'funding')`, [
        w.id,
        String((i % 37) * 10) + '.5',
      ]);
      if (i % 3 === 0)
        await q(`INSERT INTO ledger_entries (wallet_id, currency, amount, kind) VALUES ($1, 'VLT', $2, 'funding')`, [
          w.id,
          String(i * 7),
        ]);
    }
    await q(`SELECT balance_anchors_rebuild(3)`);
  });

  const plain = async (currency: string, min: string, page: number, size = 10) => {
    const { rows } = await q(
      `SELECT wallet_id, balance::text AS amount FROM wallet_balances WHERE currency = $1 AND balance >= $2
        ORDER BY balance DESC, wallet_id DESC OFFSET ${(page - 1) * size} LIMIT ${size}`,
      [currency, min],
    );
    const {
      rows: [{ n }],
    } = await q(`SELECT count(*)::int AS n FROM wallet_balances WHERE currency = $1 AND balance >= $2`, [
      currency,
      min,
    ]);
    return { rows: rows.map((r) => [r.wallet_id, r.amount]), total: n as number };
  };
  const compare = async (currency: string, code: string, min: string) => {
    for (const page of [1, 2, 3, 4, 9]) {
      const data = await ok(
        `/v1/admin/users-by-wallet-balance?page=${page}&pageSize=10&currency=${currency}&balance=${min}`,
      );
      const expected = await plain(code, min, page);
      expect(
        data.records.map((r: { walletId: { _id: string }; balance: string }) => [r.walletId._id, r.balance]),
        `${currency} ${min} page ${page}`,
      ).toEqual(expected.rows);
      expect(data.totalRecords).toBe(expected.total);
    }
  };

  it('lists wallets holding at least the amount, largest first, with wallet and user', async () => {
    const data = await ok('/v1/admin/users-by-wallet-balance?page=1&pageSize=10&currency=busd&balance=100');
    expect(Object.keys(data).sort()).toEqual(['currentPage', 'pageSize', 'records', 'totalPage', 'totalRecords']);
    const [first] = data.records;
    expect(first).toEqual({
      walletId: {
        _id: expect.any(String),
        name: 'Main',
        address: expect.stringMatching(/^0x[0-9a-f]{40}$/),
        userId: {
          _id: expect.any(String),
          username: expect.stringMatching(/^bal_user/),
          email: expect.any(String),
          phoneNo: expect.any(String),
        },
      },
      balance: '360.500000000000000000',
    });
    // "At least": a wallet holding exactly the amount is listed.
    const exact = await ok('/v1/admin/users-by-wallet-balance?currency=busd&balance=100.5&pageSize=100');
    expect(exact.records.at(-1).balance).toBe('100.500000000000000000');
    await compare('busd', 'BUSD', '100');
    await compare('vlt', 'VLT', '0');
    await compare('BNB', 'BNB', '1');
  });

  it('stays exact while balances move through the ledger', async () => {
    await q(
      `INSERT INTO ledger_entries (wallet_id, currency, amount, kind) VALUES ($1, 'BUSD', '-250.5', 'withdrawal')`,
      [walletIds[30]],
    );
    await q(`INSERT INTO ledger_entries (wallet_id, currency, amount, kind) VALUES ($1, 'BUSD', '1000', 'funding')`, [
      walletIds[2],
    ]);
    await q(`INSERT INTO ledger_entries (wallet_id, currency, amount, kind) VALUES ($1, 'BUSD', '150', 'funding')`, [
      walletIds[0],
    ]);
    await q(`INSERT INTO ledger_entries (wallet_id, currency, amount, kind) VALUES ($1, 'VLT', '5', 'funding')`, [
      walletIds[1],
    ]);
    const {
      rows: [{ n }],
    } = await q(`SELECT count(*)::int AS n FROM balance_deltas WHERE list_key = 'BUSD'`);
    expect(n).toBe(6);
    await compare('busd', 'BUSD', '100');
    await compare('busd', 'BUSD', '0');
    await compare('vlt', 'VLT', '0');
    await q(`SELECT balance_anchors_refresh('BUSD', 3)`);
    await compare('busd', 'BUSD', '100');
  });

  it('refuses a bad currency or amount with 400 and a message', async () => {
    for (const query of [
      'currency=eth&balance=100',
      'currency=busd&balance=-1',
      'currency=busd&balance=abc',
      'currency=busd',
    ]) {
      const res = await get(`/v1/admin/users-by-wallet-balance?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await get('/v1/admin/users-by-wallet-balance?currency=busd&balance=100', null)).statusCode).toBe(401);
  });
});

describe('anchors of rows loaded without the triggers', () => {
  it('are built when missing, and the lists answer the same', async () => {
    const before = await ok(`/v1/admin/search-user-date?start=2021-01-01&end=2024-12-31&page=3`);
    await q(`DELETE FROM user_list_anchors`);
    await q(`DELETE FROM balance_anchors`);
    const { createListReader } = await import('../../lists/list-anchors');
    const reader = createListReader(t.db, () => undefined);
    expect(await reader.rebuildIfMissing()).toEqual({ users: true, balances: false });
    const {
      rows: [{ n }],
    } = await q(`SELECT count(*)::int AS n FROM user_list_anchors WHERE list_key = 'created'`);
    expect(n).toBeGreaterThan(0);
    expect(await reader.rebuildIfMissing()).toEqual({ users: false, balances: false });
    expect(await ok(`/v1/admin/search-user-date?start=2021-01-01&end=2024-12-31&page=3`)).toEqual(before);
  });
});

describe('answers written without the response schema encode', () => {
  it('every list and search answers exactly what its response schema encode gives', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const lists = envelope(z.union([userListPage, exportStarted]));
    const cases: [string, z.ZodType][] = [
      [`/v1/admin/search-user-date?start=2021-01-01&end=${today}&page=2`, lists],
      ['/v1/admin/users?countryType=zone&countryCode=NG', lists],
      ['/v1/admin/users?countryType=ip&countryCode=none&page=2', lists],
      ['/v1/admin/search-user?search=example.test', envelope(userSearchResult)],
      ['/v1/admin/search-user?search=nwosu', envelope(userSearchResult)],
      ['/v1/admin/user-global-Search?search_text=emeka', envelope(userGlobalSearchResult)],
      [
        '/v1/admin/users-by-wallet-balance?currency=busd&balance=100&page=2',
        envelope(z.union([balanceSearchPage, exportStarted])),
      ],
      [
        '/v1/admin/users-by-wallet-balance?currency=vlt&balance=1000000',
        envelope(z.union([balanceSearchPage, exportStarted])),
      ],
    ];
    for (const [url, schema] of cases) {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(JSON.parse(JSON.stringify(schema.encode(body))), url).toEqual(body);
    }
  });
});
