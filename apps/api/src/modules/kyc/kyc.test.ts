import { createDecipheriv, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CID_REGEX, envelope, KYC_ESCALATION_MESSAGE, kycList } from '@vaultdesk/contract';
import { bearer, demo, expect400, insertStaff, sessionFor, useTestApp } from '../../../test/helpers';
import { createFileStore } from '../../files/file-store';
import { localObjectStore } from '../../files/local-object-store';
import { attachKycDemoImages } from '../../demo/kyc-demo-images';

const { t, tokens, q } = useTestApp();

let seq = 0;
type KycSeed = {
  status?: string | null;
  level3?: string | null;
  phone?: string;
  idcard?: string;
  device?: string;
  dob?: string;
  address?: string;
  createdAt?: string;
};
async function insertKyc(o: KycSeed = {}) {
  const n = ++seq;
  const status = o.status === undefined ? 'submitted' : o.status;
  const [u] = await q<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code, phone_no, kyc_level_two_status, kyc_level_three_status, registration_device_details)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      `Kyc Person${n}`,
      `kyc${n}`,
      `kyc${n}@example.test`,
      `KYC${n}`,
      o.phone ?? `+2348100${String(n).padStart(5, '0')}`,
      status,
      o.level3 ?? null,
      JSON.stringify({ serial: o.device ?? `dev-${n}` }),
    ],
  );
  const [k] = await q<{ id: string }>(
    `INSERT INTO kyc_records (user_id, first_name, last_name, phone_number, date_of_birth, gender, resident_address, country_code, device_id,
                              idcard_type, idcard_number, level_two_status, level_three_status, created_at)
     VALUES ($1, 'Kyc', $2, $3, $4, 'f', $5, 'NG', $6, 'National_ID', $7, $8, $9, coalesce($10::timestamptz, now())) RETURNING id`,
    [
      u!.id,
      `Person${n}`,
      o.phone ?? `+2348100${String(n).padStart(5, '0')}`,
      o.dob ?? '1990-04-02',
      o.address ?? '12 Awolowo Road, Lagos',
      o.device ?? `dev-${n}`,
      o.idcard ?? `ID${n}`,
      status,
      o.level3 ?? null,
      o.createdAt ?? null,
    ],
  );
  return { userId: u!.id, kycId: k!.id };
}

const get = (url: string, token = tokens.support) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown, token = tokens.support) =>
  t.app.inject({ method, url, payload: payload as object, headers: bearer(token) });
const decide = (payload: unknown, token = tokens.support) =>
  send('POST', '/v1/admin/kyc/update-levelTwo-kyc', payload, token);
const kycRow = async (id: string) => (await q(`SELECT * FROM kyc_records WHERE id = $1`, [id]))[0]!;
const userStatus = async (id: string) =>
  (await q<{ s: string | null }>(`SELECT kyc_level_two_status AS s FROM users WHERE id = $1`, [id]))[0]!.s;
const audits = (action: string, targetId: string) =>
  q<{ actor_email: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
    `SELECT actor_email, before, after FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id`,
    [action, targetId],
  );
const counter = async (level: number, status: string) =>
  Number(
    (
      await q<{ n: string }>(`SELECT n::text FROM kyc_status_counts WHERE level = $1 AND status = $2`, [level, status])
    )[0]?.n ?? 0,
  );
/** Rows a decision writes: history and audit. A refused call must leave both as they were. */
const trail = async () =>
  (
    await q<{ history: number; audit: number }>(
      `SELECT (SELECT count(*)::int FROM kyc_history) AS history, (SELECT count(*)::int FROM audit_log) AS audit`,
    )
  )[0]!;
/** Nothing waits in the queue but what a test puts there. */
const clearQueue = () => q(`UPDATE kyc_records SET level_two_status = 'approved' WHERE level_two_status = 'submitted'`);

describe('KYC levels', () => {
  it('GET admin/kycLevel/get-kyclevel lists the three seeded levels, level number order, with limits as strings', async () => {
    const res = await get('/v1/admin/kycLevel/get-kyclevel?pageSize=10&page=1');
    expect(res.statusCode, res.body).toBe(200);
    const { message, data } = res.json();
    expect(message).toBe('Successfully fetched records');
    expect(data.levelList.map((l: { levelNumber: number }) => l.levelNumber)).toEqual([1, 2, 3]);
    expect(data.levelList[1]).toMatchObject({
      levelName: 'Verified',
      dailyWithdrawal: '5000',
      monthlyWithdrawal: '50000',
    });
    expect(data).toMatchObject({ totalRecords: 3, currentPage: 1, pageSize: 10 });
  });

  it('GET get-kyclevel: 400 naming page or pageSize for bad paging, the levels unchanged', async () => {
    const levels = () =>
      q(
        `SELECT id, level_name, level_number, daily_withdrawal::text, monthly_withdrawal::text FROM kyc_levels ORDER BY level_number`,
      );
    const before = await levels();
    const cases: [string, string][] = [
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=abc', 'page'],
      ['page=1.5', 'page'],
      ['pageSize=0', 'pageSize'],
      ['pageSize=101', 'pageSize'],
      ['pageSize=ten', 'pageSize'],
      ['pageSize=2.5', 'pageSize'],
    ];
    for (const [query, field] of cases) expect400(await get(`/v1/admin/kycLevel/get-kyclevel?${query}`), field, query);
    expect(await levels()).toEqual(before);
  });

  it('POST create-KycLevel: 403 for an open role, 409 for a number in use, 400 for level number 4 with nothing created', async () => {
    const body = { levelName: 'Premium', levelNumber: 3, dailyWithdrawal: 100, monthlyWithdrawal: '1000' };
    expect((await send('POST', '/v1/admin/kycLevel/create-KycLevel', body)).statusCode).toBe(403);
    const dup = await send('POST', '/v1/admin/kycLevel/create-KycLevel', body, tokens.compliance);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toMatch(/number 3 already exists/);
    const bad = await send(
      'POST',
      '/v1/admin/kycLevel/create-KycLevel',
      { ...body, levelNumber: 4 },
      tokens.compliance,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.levelNumber).toBeDefined();
    const badAmount = await send(
      'POST',
      '/v1/admin/kycLevel/create-KycLevel',
      { ...body, dailyWithdrawal: 'lots' },
      tokens.compliance,
    );
    expect(badAmount.statusCode).toBe(400);
    expect(badAmount.json().fields.dailyWithdrawal).toBeDefined();
    expect((await q(`SELECT count(*)::int AS n FROM kyc_levels`))[0]!.n).toBe(3);
  });

  it('creates a level once a number is free, with an audit row', async () => {
    await q(`DELETE FROM kyc_levels WHERE level_number = 3`);
    const res = await send(
      'POST',
      '/v1/admin/kycLevel/create-KycLevel',
      { levelName: 'Premium', levelNumber: '3', dailyWithdrawal: '20000', monthlyWithdrawal: 200000 },
      tokens.compliance,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      levelName: 'Premium',
      levelNumber: 3,
      dailyWithdrawal: '20000',
      monthlyWithdrawal: '200000',
    });
    const [a] = await audits('kyc-level.create', res.json().data._id);
    expect(a!.actor_email).toBe(demo('compliance').email);
  });

  it('PUT update-kycLevel?id updates name and limits with before/after audit; 404 unknown id; 400 bad amount', async () => {
    const [level] = await q<{ id: string }>(`SELECT id FROM kyc_levels WHERE level_number = 2`);
    const body = { id: level!.id, levelName: 'Verified plus', dailyWithdrawal: '7500.5', monthlyWithdrawal: '80000' };
    expect((await send('PUT', `/v1/admin/kycLevel/update-kycLevel?id=${level!.id}`, body)).statusCode).toBe(403);
    const res = await send('PUT', `/v1/admin/kycLevel/update-kycLevel?id=${level!.id}`, body, tokens.superadmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('level updated Successfully');
    const [row] = await q(`SELECT level_name, trim_scale(daily_withdrawal)::text AS d FROM kyc_levels WHERE id = $1`, [
      level!.id,
    ]);
    expect(row).toEqual({ level_name: 'Verified plus', d: '7500.5' });
    const [a] = await audits('kyc-level.update', level!.id);
    expect(a!.before).toMatchObject({ levelName: 'Verified' });
    expect(a!.after).toMatchObject({ levelName: 'Verified plus', dailyWithdrawal: '7500.5' });
    expect(
      (await send('PUT', `/v1/admin/kycLevel/update-kycLevel?id=${randomUUID()}`, body, tokens.superadmin)).statusCode,
    ).toBe(404);
    const levelRow = async () =>
      (
        await q(
          `SELECT level_name, level_number, daily_withdrawal::text, monthly_withdrawal::text, updated_at FROM kyc_levels WHERE id = $1`,
          [level!.id],
        )
      )[0];
    const saved = await levelRow();
    const auditsBefore = (await audits('kyc-level.update', level!.id)).length;
    const bad = await send(
      'PUT',
      `/v1/admin/kycLevel/update-kycLevel?id=${level!.id}`,
      { ...body, monthlyWithdrawal: '-5' },
      tokens.superadmin,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.monthlyWithdrawal).toBeDefined();
    expect400(
      await send(
        'PUT',
        `/v1/admin/kycLevel/update-kycLevel?id=${level!.id}`,
        { ...body, levelName: 'Changed', dailyWithdrawal: 'lots' },
        tokens.superadmin,
      ),
      'dailyWithdrawal',
      'daily lots',
    );
    // The level reads as it was after the good update: neither bad call changed it, nor audited anything.
    expect(await levelRow()).toEqual(saved);
    expect(saved).toMatchObject({ level_name: 'Verified plus' });
    expect(await audits('kyc-level.update', level!.id)).toHaveLength(auditsBefore);
  });

  it('DELETE delete-kyclevel is refused (the button is permanently disabled) and removes nothing', async () => {
    const [level] = await q<{ id: string }>(`SELECT id FROM kyc_levels WHERE level_number = 1`);
    const res = await send(
      'DELETE',
      `/v1/admin/kycLevel/delete-kyclevel?id=${level!.id}`,
      undefined,
      tokens.superadmin,
    );
    expect(res.statusCode).toBe(409);
    expect((await q(`SELECT count(*)::int AS n FROM kyc_levels WHERE id = $1`, [level!.id]))[0]!.n).toBe(1);
  });
});

describe('GET admin/kyc/getkyc-by-level', () => {
  it('lists level 2 records by status with the six counters, the user, level 1 data and fraud indicators', async () => {
    const shared = `shared-${randomUUID()}`;
    const a = await insertKyc({
      device: shared,
      phone: '+234811111111',
      idcard: 'DUP-1',
      dob: '2010-01-01',
      address: 'Lagos',
    });
    await insertKyc({ device: shared, phone: '+234811111111', idcard: 'DUP-1', status: 'approved' });
    await q(`INSERT INTO blacklisted_devices (device_id, blacklisted) VALUES ($1, true)`, [shared]);
    const res = await get(
      `/v1/admin/kyc/getkyc-by-level?kycLevel=2&kycStatus=submitted&pageSize=20&page=1&userId=${a.userId}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ totalRecords: 1, pageSize: 20, currentPage: 1, totalPage: 1 });
    expect(Object.keys(data.kycCount).sort()).toEqual(
      [
        'levelThreeApprovedKyc',
        'levelThreeRejectedKyc',
        'levelThreeSubmittedKyc',
        'levelTwoapprovedKyc',
        'levelTworejectedKyc',
        'levelTwosubmittedKyc',
      ].sort(),
    );
    // The list is written without the response schema's encode (plainJsonSerializer): it must be exactly what the encode gives.
    expect(JSON.parse(JSON.stringify(envelope(kycList).encode(res.json())))).toEqual(res.json());
    const r = data.record[0];
    expect(r).toMatchObject({
      _id: a.kycId,
      firstName: 'Kyc',
      dateOfBirth: '01/01/2010',
      residentAddress: 'Lagos',
      deviceId: shared,
      levelTwoStatus: 'submitted',
      userId: { _id: a.userId, kycLevelTwoStatus: 'submitted' },
      fraud: {
        blacklistDetails: { blacklisted: true },
        kycsRegisteredWithDevice: 2,
        userRegisteredWithDevice: 2,
        duplicatephoneNumber: 2,
        duplicateIdcardNumber: 2,
      },
    });
  });

  it('counters follow the records, totals come from them, and email and paging filter', async () => {
    const before = await counter(2, 'submitted');
    const x = await insertKyc();
    expect(await counter(2, 'submitted')).toBe(before + 1);
    const res = await get('/v1/admin/kyc/getkyc-by-level?kycLevel=2&kycStatus=submitted&pageSize=2&page=1');
    const data = res.json().data;
    expect(data.totalRecords).toBe(before + 1);
    expect(data.kycCount.levelTwosubmittedKyc).toBe(before + 1);
    expect(data.record).toHaveLength(2);
    // A level's list page leaves the fraud indicators out: they are read for one customer (Manage KYC).
    expect(data.record.every((r: Record<string, unknown>) => !('fraud' in r))).toBe(true);
    expect(data.totalPage).toBe(Math.ceil((before + 1) / 2));
    const byEmail = (
      await get(`/v1/admin/kyc/getkyc-by-level?email=${encodeURIComponent(`kyc${seq}@example.test`)}`)
    ).json().data;
    expect(byEmail.record.map((r: { _id: string }) => r._id)).toEqual([x.kycId]);
    const l3 = await insertKyc({ status: 'approved', level3: 'submitted' });
    const level3 = (await get('/v1/admin/kyc/getkyc-by-level?kycLevel=3&kycStatus=submitted&pageSize=100')).json().data;
    expect(level3.record.map((r: { _id: string }) => r._id)).toContain(l3.kycId);
    expect(level3.record.every((r: { levelThreeStatus: string }) => r.levelThreeStatus === 'submitted')).toBe(true);
  });

  it('400 naming the field for an unknown status, level 4 or a malformed user id', async () => {
    for (const [query, field] of [
      ['kycStatus=pending', 'kycStatus'],
      ['kycLevel=4', 'kycLevel'],
      ['userId=42', 'userId'],
      ['pageSize=0', 'pageSize'],
    ] as const) {
      const res = await get(`/v1/admin/kyc/getkyc-by-level?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fields[field], query).toBeDefined();
    }
  });
});

describe('KYC lists at any depth (rank anchors)', () => {
  type Page = { totalRecords: number; totalPage: number; record: { _id: string }[]; kycCount: Record<string, number> };
  const listOf = async (level: 2 | 3, status: string | null, page: number, pageSize = 5): Promise<Page> => {
    const res = await get(
      `/v1/admin/kyc/getkyc-by-level?kycLevel=${level}${status ? `&kycStatus=${status}` : ''}&page=${page}&pageSize=${pageSize}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(JSON.stringify(envelope(kycList).encode(res.json())))).toEqual(res.json());
    return res.json().data;
  };
  /** The same page with plain SQL: ORDER BY/OFFSET and count(*) over the table. */
  const plainOf = async (level: 2 | 3, status: string | null, page: number, pageSize = 5) => {
    const col = level === 3 ? 'level_three_status' : 'level_two_status';
    const where = status ? `${col} = $1` : `${col} IS NOT NULL AND $1::text IS NULL`;
    const ids = await q<{ id: string }>(
      `SELECT id FROM kyc_records WHERE ${where} ORDER BY updated_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      [status],
    );
    const [c] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM kyc_records WHERE ${where}`, [status]);
    return { ids: ids.map((r) => r.id), total: c!.n };
  };
  const lists: [2 | 3, string | null][] = [
    [2, 'submitted'],
    [2, 'approved'],
    [2, 'rejected'],
    [2, 'escalated'],
    [2, null],
    [3, 'submitted'],
    [3, null],
  ];
  const check = async (label: string) => {
    for (const [level, status] of lists) {
      const { total } = await plainOf(level, status, 1);
      const last = Math.max(1, Math.ceil(total / 5));
      for (const page of new Set(
        [1, 2, Math.ceil(last / 3), Math.ceil(last / 2), last - 1, last, last + 1].filter((p) => p >= 1),
      )) {
        const data = await listOf(level, status, page);
        const plain = await plainOf(level, status, page);
        const where = `${label}: level ${level} ${status ?? 'all'} page ${page}`;
        expect(
          data.record.map((r) => r._id),
          where,
        ).toEqual(plain.ids);
        expect(data.totalRecords, where).toBe(plain.total);
        expect(data.totalPage, where).toBe(Math.ceil(plain.total / 5));
      }
    }
  };

  it('every page and total equal plain SQL before and after decisions, new records, a refresh and a rebuild', async () => {
    // Records spread in time, and anchors every 4 rows so that these lists have many.
    for (let i = 0; i < 36; i++) {
      const status = ['submitted', 'approved', 'rejected'][i % 3]!;
      const { kycId } = await insertKyc({ status, level3: i % 4 === 0 ? 'submitted' : null });
      await q(`UPDATE kyc_records SET updated_at = now() - make_interval(hours => $2) WHERE id = $1`, [
        kycId,
        500 - i * 7,
      ]);
    }
    expect(Number((await q<{ n: string }>(`SELECT kyc_list_anchors_rebuild(4)::text AS n`))[0]!.n)).toBeGreaterThan(20);
    await check('rebuilt');

    // Decisions move records between lists (and to the top of their new list), in the guarded transaction.
    const submitted = (await plainOf(2, 'submitted', 1, 100)).ids;
    const approvedIds = (await plainOf(2, 'approved', 1, 100)).ids;
    expect((await decide({ id: submitted[3], kycStatus: 'approved' })).statusCode).toBe(200);
    expect(
      (
        await decide({
          id: submitted[submitted.length - 2],
          kycStatus: 'rejected',
          RejectionReason: 'NO_IMAGE',
          RejectionMessage: 'Please retry',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await decide({
          id: approvedIds[approvedIds.length - 1],
          kycStatus: 'escalated',
          RejectionReason: 'DATA_MISMATCH',
        })
      ).statusCode,
    ).toBe(200);
    // A new submission, a level 3 change and a removed record.
    await insertKyc();
    await q(`UPDATE kyc_records SET level_three_status = 'approved', updated_at = now() WHERE id = $1`, [
      approvedIds[2],
    ]);
    const gone = (await plainOf(2, 'rejected', 1, 100)).ids.at(-1)!;
    await q(`DELETE FROM kyc_history WHERE kyc_id = $1`, [gone]);
    await q(`DELETE FROM kyc_records WHERE id = $1`, [gone]);
    expect((await q<{ n: number }>(`SELECT count(*)::int AS n FROM kyc_list_deltas`))[0]!.n).toBeGreaterThan(0);
    await check('after decisions');

    // A refresh folds a list's deltas into its anchors; the answers stay the same.
    for (const key of ['2:submitted', '2:approved', '2:all']) await q(`SELECT kyc_list_anchors_refresh($1, 4)`, [key]);
    expect(
      (
        await q<{ n: number }>(
          `SELECT count(*)::int AS n FROM kyc_list_deltas WHERE list_key IN ('2:submitted', '2:approved', '2:all')`,
        )
      )[0]!.n,
    ).toBe(0);
    await check('after a refresh');

    // The counters agree with the table too.
    const data = await listOf(2, 'submitted', 1);
    const [c] = await q<{
      s: number;
      a: number;
      r: number;
    }>(`SELECT count(*) FILTER (WHERE level_two_status = 'submitted')::int AS s,
      count(*) FILTER (WHERE level_two_status = 'approved')::int AS a, count(*) FILTER (WHERE level_two_status = 'rejected')::int AS r FROM kyc_records`);
    expect(data.kycCount).toMatchObject({
      levelTwosubmittedKyc: c!.s,
      levelTwoapprovedKyc: c!.a,
      levelTworejectedKyc: c!.r,
    });
  });

  it('a page past the end is empty with the exact total; a list without anchors answers the same', async () => {
    const { total } = await plainOf(2, 'approved', 1);
    const past = await listOf(2, 'approved', Math.ceil(total / 5) + 3);
    expect(past.record).toEqual([]);
    expect(past.totalRecords).toBe(total);
    // Enough records for a list's first anchor (every 256th row), loaded in bulk.
    await q(`WITH u AS (
        INSERT INTO users (full_name, username, email, referral_code, kyc_level_two_status)
        SELECT 'Bulk Person' || n, 'bulk' || n, 'bulk' || n || '@example.test', 'BULK' || n, 'approved' FROM generate_series(1, 260) n
        RETURNING id)
      INSERT INTO kyc_records (user_id, first_name, last_name, level_two_status, updated_at)
      SELECT id, 'Bulk', 'Person', 'approved', now() - interval '30 days' FROM u`);
    const before = await listOf(2, 'approved', 2);
    await q(`DELETE FROM kyc_list_anchors`);
    expect(await listOf(2, 'approved', 2)).toEqual(before);
    const { createListReader } = await import('../../lists/list-anchors');
    const reader = createListReader(t.db, () => undefined);
    expect(await reader.rebuildKycIfMissing()).toBe(true);
    expect(await reader.rebuildKycIfMissing()).toBe(false);
    expect(await listOf(2, 'approved', 2)).toEqual(before);
  });

  it('the page statement runs on its cached generic plan, never re-planned per call', async () => {
    for (let i = 0; i < 8; i++)
      expect(
        (await get(`/v1/admin/kyc/getkyc-by-level?kycLevel=2&kycStatus=approved&page=${1 + (i % 3)}&pageSize=5`))
          .statusCode,
      ).toBe(200);
    // The generic pool hands back its most recently used connection: the one that ran the pages.
    const { rows } = await t.appDb.$generic.query<{ generic_plans: number; custom_plans: number }>(
      `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE '%kyc_list_anchors%' AND statement LIKE '%level_two_status = $6%'`,
    );
    expect(rows.length).toBe(1);
    expect(rows[0]!.custom_plans).toBe(0);
    expect(rows[0]!.generic_plans).toBeGreaterThanOrEqual(1);
  });

  it('two reviewers deciding cases of one list at once leave its pages and total exact', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => insertKyc().then((r) => r.kycId)));
    const results = await Promise.all(
      ids.flatMap((id) => [
        decide({ id, kycStatus: 'approved' }),
        decide({ id, kycStatus: 'approved' }, tokens.compliance),
      ]),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(6);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(6);
    await check('after concurrent decisions');
  });
});

describe('POST admin/kyc/update-levelTwo-kyc', () => {
  it('approves a submitted case: user status follows, history and audit rows, "Approved successfully"', async () => {
    const { userId, kycId } = await insertKyc();
    const res = await decide({ id: kycId, kycStatus: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Approved successfully',
      data: { _id: kycId, userId, levelTwoStatus: 'approved', previousStatus: 'submitted' },
    });
    const row = await kycRow(kycId);
    expect(row.level_two_status).toBe('approved');
    expect(row.level_two_approved_at).not.toBeNull();
    expect(await userStatus(userId)).toBe('approved');
    const [h] = await q(`SELECT from_status, to_status, staff_email FROM kyc_history WHERE kyc_id = $1`, [kycId]);
    expect(h).toEqual({ from_status: 'submitted', to_status: 'approved', staff_email: demo('support').email });
    const [a] = await audits('kyc.approved', kycId);
    expect(a!.before).toMatchObject({ levelTwoStatus: 'submitted' });
    expect(a!.after).toMatchObject({ levelTwoStatus: 'approved' });
    const list = (await get(`/v1/admin/kyc/getkyc-by-level?userId=${userId}`)).json().data.record[0];
    expect(list.userId.KycLevelTwoApprovedBy).toBe(demo('support').email);
  });

  it('rejects an approved case with reason and message; the rejected history lists it', async () => {
    const { userId, kycId } = await insertKyc({ status: 'approved' });
    const res = await decide({
      id: kycId,
      kycStatus: 'rejected',
      RejectionReason: 'NAME_MISMATCH',
      RejectionMessage: 'Name differs from the ID',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('KYC rejected successfully');
    const row = await kycRow(kycId);
    expect(row).toMatchObject({
      level_two_status: 'rejected',
      level_two_rejection_reason: 'NAME_MISMATCH',
      level_two_rejection_message: 'Name differs from the ID',
      level_two_approved_by: null,
    });
    expect(await userStatus(userId)).toBe('rejected');
    const hist = await get(`/v1/admin/kyc/rejected-kyc-records?userId=${userId}`);
    expect(hist.statusCode).toBe(200);
    expect(hist.json().data.records).toEqual([
      expect.objectContaining({
        status: 'rejected',
        rejectedBy: demo('support').email,
        levelTwoRejectionReason: 'NAME_MISMATCH',
        levelTwoRejectionMessage: 'Name differs from the ID',
      }),
    ]);
  });

  it('GET rejected-kyc-records: 400 naming userId when it is malformed or missing, nothing changed', async () => {
    const { userId, kycId } = await insertKyc({ status: 'approved' });
    expect((await decide({ id: kycId, kycStatus: 'rejected', RejectionReason: 'NO_LIGHT' })).statusCode).toBe(200);
    const recordBefore = await kycRow(kycId);
    const trailBefore = await trail();
    for (const query of ['userId=not-a-uuid', `userId=${userId}x`, 'userId=', '']) {
      expect400(await get(`/v1/admin/kyc/rejected-kyc-records?${query}`), 'userId', query);
    }
    expect(await kycRow(kycId)).toEqual(recordBefore);
    expect(await trail()).toEqual(trailBefore);
    // The well-formed call still lists the one rejection.
    expect((await get(`/v1/admin/kyc/rejected-kyc-records?userId=${userId}`)).json().data.records).toHaveLength(1);
  });

  it('escalates with the standard message appended', async () => {
    const { userId, kycId } = await insertKyc();
    const res = await decide({
      id: kycId,
      kycStatus: 'escalated',
      RejectionReason: 'FACE_NOT_CLEAR',
      RejectionMessage: 'Selfie blurred.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('KYC escalated successfully');
    expect((await kycRow(kycId)).level_two_rejection_message).toBe(`Selfie blurred. ${KYC_ESCALATION_MESSAGE}`);
    expect(await userStatus(userId)).toBe('escalated');
    expect(await audits('kyc.escalated', kycId)).toHaveLength(1);
  });

  it('409 for a move the state does not allow (approve a rejected case), nothing changed', async () => {
    const { userId, kycId } = await insertKyc({ status: 'rejected' });
    const res = await decide({ id: kycId, kycStatus: 'approved' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/rejected.*approved/);
    expect((await kycRow(kycId)).level_two_status).toBe('rejected');
    expect(await userStatus(userId)).toBe('rejected');
    expect(await q(`SELECT 1 FROM kyc_history WHERE kyc_id = $1`, [kycId])).toHaveLength(0);
  });

  it('400 naming the field for a bad status, a reason outside the list, a missing reason or a malformed id; 404 unknown id', async () => {
    const { userId, kycId } = await insertKyc();
    const recordBefore = await kycRow(kycId);
    const trailBefore = await trail();
    const cases: [unknown, string][] = [
      [{ id: kycId, kycStatus: 'pending' }, 'kycStatus'],
      [{ id: kycId, kycStatus: 'rejected', RejectionReason: 'BAD_HAIR' }, 'RejectionReason'],
      [{ id: kycId, kycStatus: 'rejected' }, 'RejectionReason'],
      [{ id: 'not-an-id', kycStatus: 'approved' }, 'id'],
    ];
    for (const [body, field] of cases) {
      const res = await decide(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields[field], JSON.stringify(body)).toBeDefined();
    }
    expect((await kycRow(kycId)).level_two_status).toBe('submitted');
    expect((await decide({ id: randomUUID(), kycStatus: 'approved' })).statusCode).toBe(404);
    // Nothing changed: the record, the user's status, and no history or audit row written.
    expect(await kycRow(kycId)).toEqual(recordBefore);
    expect(await userStatus(userId)).toBe('submitted');
    expect(await trail()).toEqual(trailBefore);
  });

  it('two reviewers deciding one case at once: exactly one wins, the other gets 409, one history row', async () => {
    const { userId, kycId } = await insertKyc();
    const [a, b] = await Promise.all([
      decide({ id: kycId, kycStatus: 'approved' }, tokens.support),
      decide({ id: kycId, kycStatus: 'rejected', RejectionReason: 'NO_SELFIE' }, tokens.compliance),
    ]);
    const codes = [a!.statusCode, b!.statusCode].sort();
    // Approve then reject is a legal sequence (reject is offered on approved cases); reject then approve is not.
    const history = await q<{ to_status: string }>(`SELECT to_status FROM kyc_history WHERE kyc_id = $1 ORDER BY id`, [
      kycId,
    ]);
    if (codes[1] === 409) {
      expect(codes).toEqual([200, 409]);
      expect(history).toHaveLength(1);
      expect(await userStatus(userId)).toBe(history[0]!.to_status);
    } else {
      expect(history.map((h) => h.to_status)).toEqual(['approved', 'rejected']);
    }
    const same = await insertKyc();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => decide({ id: same.kycId, kycStatus: 'approved' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await q(`SELECT 1 FROM kyc_history WHERE kyc_id = $1`, [same.kycId])).toHaveLength(1);
  });
});

describe('GET /admin/kyc/random-kyc-records', () => {
  it('hands out the oldest unattended case, shows who holds it, and a new one on the next press', async () => {
    await clearQueue();
    const first = await insertKyc({ createdAt: '2020-01-01T00:00:00Z' });
    const second = await insertKyc({ createdAt: '2020-01-02T00:00:00Z' });
    const res = await get('/v1/admin/kyc/random-kyc-records');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toBe(first.userId);
    const rec = (await get(`/v1/admin/kyc/getkyc-by-level?userId=${first.userId}`)).json().data.record[0];
    expect(rec.claimedBy).toBe(demo('support').email);
    expect(new Date(rec.claimedUntil).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(await audits('kyc.claim', first.kycId)).toHaveLength(1);
    // Another reviewer gets the next case, not the held one.
    expect((await get('/v1/admin/kyc/random-kyc-records', tokens.compliance)).json().data).toBe(second.userId);
    const none = await get('/v1/admin/kyc/random-kyc-records', tokens.superadmin);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No Unattended KYC');
    // Pressing again would release the held case for another; with none left the reviewer keeps it.
    const again = await get('/v1/admin/kyc/random-kyc-records');
    expect(again.statusCode).toBe(404);
    expect((await kycRow(first.kycId)).claimed_by).not.toBeNull();
    const third = await insertKyc({ createdAt: '2020-01-03T00:00:00Z' });
    expect((await get('/v1/admin/kyc/random-kyc-records')).json().data).toBe(third.userId);
    expect((await kycRow(first.kycId)).claimed_by).toBeNull();
    // The released case is free for others; an expired claim is free again.
    expect((await get('/v1/admin/kyc/random-kyc-records', tokens.superadmin)).json().data).toBe(first.userId);
    await q(`UPDATE kyc_records SET claimed_until = now() - interval '1 minute' WHERE id = $1`, [second.kycId]);
    expect((await get('/v1/admin/kyc/random-kyc-records', tokens.superadmin)).json().data).toBe(second.userId);
  });

  it('16 reviewers pressing at once get 16 different cases', async () => {
    await clearQueue();
    const cases = [];
    for (let i = 0; i < 20; i++) cases.push(await insertKyc());
    const emails = Array.from({ length: 16 }, (_, i) => `reviewer${i}@vaultdesk.test`);
    for (const e of emails) await insertStaff(t.db, e, 'Reviewer', 'KYC Reviewer');
    const sessions = await Promise.all(emails.map((e) => sessionFor(t.db, e)));
    const results = await Promise.all(sessions.map((s) => get('/v1/admin/kyc/random-kyc-records', s)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(16).fill(200));
    const users = results.map((r) => r.json().data as string);
    expect(new Set(users).size).toBe(16);
    const [held] = await q<{ n: number }>(
      `SELECT count(DISTINCT claimed_by)::int AS n FROM kyc_records WHERE claimed_until > now() AND claimed_by = ANY($1::uuid[])`,
      [(await q<{ id: string }>(`SELECT id FROM staff WHERE email = ANY($1)`, [emails])).map((r) => r.id)],
    );
    expect(held!.n).toBe(16);
  });
});

describe('GET admin/kyc/kyc-filter-by-values', () => {
  it('lists the records sharing a phone, an ID number or a device, paged', async () => {
    const phone = `+2349${Date.now() % 1e9}`;
    for (let i = 0; i < 3; i++) await insertKyc({ phone });
    const res = await get(
      `/v1/admin/kyc/kyc-filter-by-values?page=1&pageSize=2&phoneNumber=${encodeURIComponent(phone)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ totalRecords: 3, totalPage: 2, currentPage: 1, pageSize: 2 });
    expect(res.json().data.records).toHaveLength(2);
    expect(res.json().data.records[0].phoneNumber).toBe(phone);
    // Newest first across pages: five records a day apart behind one device, pages of 2.
    const ring = `dev-ring-${randomUUID().slice(0, 8)}`;
    const made = [];
    for (let d = 5; d >= 1; d--)
      made.push(
        (await insertKyc({ device: ring, createdAt: new Date(Date.now() - d * 86_400_000).toISOString() })).kycId,
      );
    const pages = [];
    for (const page of [1, 2, 3]) {
      const p = (await get(`/v1/admin/kyc/kyc-filter-by-values?page=${page}&pageSize=2&deviceId=${ring}`)).json().data;
      expect(p).toMatchObject({ totalRecords: 5, totalPage: 3, currentPage: page });
      pages.push(...p.records.map((r: { _id: string }) => r._id));
    }
    expect(pages).toEqual([...made].reverse());
    const device = `dev-suspect-${seq}`;
    await insertKyc({ device });
    expect((await get(`/v1/admin/kyc/kyc-filter-by-values?deviceId=${device}`)).json().data.totalRecords).toBe(1);
    const none = await get('/v1/admin/kyc/kyc-filter-by-values?page=1');
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.phoneNumber).toBeDefined();
  });

  it('lists the records sharing an ID card number; 400 naming the field for bad input', async () => {
    const idcard = `IDC-${randomUUID().slice(0, 8)}`;
    const a = await insertKyc({ idcard });
    const b = await insertKyc({ idcard, status: 'approved' });
    await insertKyc();
    const res = await get(`/v1/admin/kyc/kyc-filter-by-values?page=1&pageSize=10&idcardNumber=${idcard}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ totalRecords: 2, totalPage: 1, currentPage: 1, pageSize: 10 });
    expect(res.json().data.records.map((r: { idcardNumber: string }) => r.idcardNumber)).toEqual([idcard, idcard]);
    expect(
      res
        .json()
        .data.records.map((r: { _id: string }) => r._id)
        .sort(),
    ).toEqual([a.kycId, b.kycId].sort());

    const trailBefore = await trail();
    const cases: [string, string][] = [
      [`idcardNumber=${'9'.repeat(65)}`, 'idcardNumber'],
      [`idcardNumber=${idcard}&phoneNumber=%2B2348100`, 'phoneNumber'],
      [`idcardNumber=${idcard}&page=0`, 'page'],
      [`idcardNumber=${idcard}&pageSize=500`, 'pageSize'],
    ];
    for (const [query, field] of cases)
      expect400(await get(`/v1/admin/kyc/kyc-filter-by-values?${query}`), field, query);
    expect(await trail()).toEqual(trailBefore);
    expect((await kycRow(a.kycId)).idcard_number).toBe(idcard);
  });
});

describe('permissions', () => {
  it('a role without kyc.review cannot decide or claim (403), one without kyc.read cannot list', async () => {
    await q(
      `INSERT INTO roles (slug, title, description, permissions) VALUES ('kyc-read', 'Read only KYC', 'x', ARRAY['kyc.read']), ('no-kyc', 'No KYC', 'x', ARRAY['users.read'])`,
    );
    await insertStaff(t.db, 'kycread@vaultdesk.test', 'Reader', 'Read only KYC');
    await insertStaff(t.db, 'nokyc@vaultdesk.test', 'None', 'No KYC');
    const reader = await sessionFor(t.db, 'kycread@vaultdesk.test');
    const none = await sessionFor(t.db, 'nokyc@vaultdesk.test');
    const { kycId } = await insertKyc();
    expect((await decide({ id: kycId, kycStatus: 'approved' }, reader)).statusCode).toBe(403);
    expect((await get('/v1/admin/kyc/random-kyc-records', reader)).statusCode).toBe(403);
    expect((await get('/v1/admin/kyc/getkyc-by-level', reader)).statusCode).toBe(200);
    expect((await get('/v1/admin/kyc/getkyc-by-level', none)).statusCode).toBe(403);
    expect((await kycRow(kycId)).level_two_status).toBe('submitted');
  });
});

describe('KYC images', () => {
  it('demo pictures are stored encrypted, addressed by CID, served by the gateway to KYC staff only, and decrypt to JPEGs', async () => {
    const { kycId } = await insertKyc();
    const dir = await mkdtemp(path.join(tmpdir(), 'kyc-files-'));
    await attachKycDemoImages(
      t.db,
      createFileStore(t.db, localObjectStore(path.join(t.config.dataDir, 'files'))),
      () => undefined,
    );
    const row = await kycRow(kycId);
    expect(row.idcard_ipfs_hash).toMatch(CID_REGEX);
    expect(row.idcard_encrypt_key).toMatch(/^[0-9a-f]{64}$/);
    const rec = (await get(`/v1/admin/kyc/getkyc-by-level?userId=${row.user_id}`)).json().data.record[0];
    expect(rec.idcardIpfsHash).toBe(row.idcard_ipfs_hash);
    expect(rec.idcardEncryptKey).toBe(row.idcard_encrypt_key);
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/ipfs/${row.idcard_ipfs_hash}`,
      headers: bearer(tokens.support),
    });
    expect(res.statusCode).toBe(200);
    const stored = res.rawPayload;
    // At rest and on the wire: ciphertext, not a JPEG.
    expect(stored.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(false);
    const key = Buffer.from(String(row.idcard_encrypt_key), 'hex');
    const decipher = createDecipheriv('aes-256-gcm', key, stored.subarray(0, 12));
    decipher.setAuthTag(stored.subarray(stored.length - 16));
    const plain = Buffer.concat([decipher.update(stored.subarray(12, stored.length - 16)), decipher.final()]);
    expect(plain.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    await q(
      `INSERT INTO roles (slug, title, description, permissions) VALUES ('no-images', 'No images', 'x', ARRAY['users.read'])`,
    );
    await insertStaff(t.db, 'noimages@vaultdesk.test', 'No Images', 'No images');
    const denied = await t.app.inject({
      method: 'GET',
      url: `/v1/ipfs/${row.idcard_ipfs_hash}`,
      headers: bearer(await sessionFor(t.db, 'noimages@vaultdesk.test')),
    });
    expect(denied.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/v1/ipfs/${row.idcard_ipfs_hash}` })).statusCode).toBe(401);
    // Once attached, a second run leaves the records alone.
    await attachKycDemoImages(t.db, createFileStore(t.db, localObjectStore(dir)), () => undefined);
    expect((await kycRow(kycId)).idcard_ipfs_hash).toBe(row.idcard_ipfs_hash);
  });
});
