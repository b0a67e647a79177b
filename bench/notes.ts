/**
 * Notes on cases at scale (issue 24): the reads the user profile, Manage KYC and Activity Search
 * make, on a database of `--users` customers and `--notes` notes, timed in PostgreSQL one at a
 * time (the SQL the services send, each `--runs` times; median and p95 of the client's round
 * trip). Not part of `npm test`.
 *
 *   npx tsx bench/notes.ts --users 1000000 --notes 1000000 --pg-port 55271 --out bench/results/<date>-notes-1m.md
 */
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { closeDb, createDb, runMigrations, startEmbeddedPostgres } from '@vaultdesk/db';
import { loadConfig } from '../apps/api/src/config/config';
import { syncSystemRoles } from '../apps/api/src/modules/admins/system-roles';
import { seedDemoStaff } from '../apps/api/src/demo/demo-staff';
import { createFinderService } from '../apps/api/src/modules/finder/finder.service';
import { NOTE_COLUMNS } from '../apps/api/src/modules/notes/notes.service';
import { testEnv, withDatabase } from '../test/test-env';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '1000000' },
    notes: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '50' },
    'pg-port': { type: 'string', default: '55271' },
    'data-dir': { type: 'string', default: '.data/bench-notes' },
    /** Measure the data an earlier run left in --data-dir instead of loading it again. */
    reuse: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const users = Number(args.users);
const notes = Number(args.notes);
const runs = Number(args.runs);
const dataDir = path.resolve(args['data-dir']);
if (!args.reuse) rmSync(dataDir, { recursive: true, force: true });
const embedded = await startEmbeddedPostgres({
  dataDir: path.join(dataDir, 'pg'),
  port: Number(args['pg-port']),
  database: 'postgres',
});
if (!args.reuse) {
  const admin = new pg.Client({ connectionString: embedded.url });
  await admin.connect();
  await admin.query('CREATE DATABASE notes_bench');
  await admin.end();
}
const db = createDb(withDatabase(embedded.url, 'notes_bench'), 2);
const q = (text: string, params: unknown[] = []) => db.$client.query(text, params);
const lines: string[] = [];
const log = (m: string) => {
  console.log(m);
  lines.push(m);
};

try {
  await runMigrations(db);
  await syncSystemRoles(db);
  await seedDemoStaff(db, loadConfig(testEnv()));
  let t = Date.now();
  let loadUsers = 0;
  let loadNotes = 0;
  if (!args.reuse) {
    // The customers' own triggers (list anchors, search suffixes) are off for their load: the
    // notes' reads join users by primary key only, and loading a million customers with them takes
    // the demo generator's time (bench/README.md), not what is measured here.
    const loader = await db.$client.connect();
    try {
      await loader.query('SET session_replication_role = replica');
      await loader.query(
        `INSERT INTO users (full_name, username, email, referral_code)
             SELECT 'Bench User ' || i, 'benchuser' || i, 'bench' || i || '@example.test', 'BN' || i FROM generate_series(1, $1) i`,
        [users],
      );
      await loader.query(
        `INSERT INTO kyc_records (user_id, first_name, last_name, level_two_status) SELECT id, 'Bench', 'User', 'submitted' FROM users`,
      );
    } finally {
      await loader.query('RESET session_replication_role');
      loader.release();
    }
    await q('ANALYZE users');
    await q('ANALYZE kyc_records');
    loadUsers = Date.now() - t;
    // Notes: each drawn to a customer by a hash (about notes/users each); a quarter on the KYC case. The text is drawn from staff-like phrases, one in 1,000 holds
    // "passport", one in 10 "selfie", and each holds a number of its own.
    t = Date.now();
    await q('DROP INDEX case_notes_user_idx, case_notes_kyc_idx, case_notes_body_trgm_idx, case_notes_created_idx');
    await q(
      `
    WITH u AS (SELECT u.id, k.id AS kyc_id, row_number() OVER (ORDER BY u.id) AS rn FROM users u JOIN kyc_records k ON k.user_id = u.id),
         s AS (SELECT id, email, full_name FROM staff ORDER BY email LIMIT 1)
    INSERT INTO case_notes (user_id, kyc_record_id, body, author_id, author_email, author_name, created_at)
    SELECT u.id, CASE WHEN g % 4 = 0 THEN u.kyc_id END,
           (ARRAY['Customer called about a late deposit', 'Asked to resend the ID card, the corners were cut off',
                  'Selfie retaken in daylight', 'Bank details confirmed on the phone', 'Escalated to compliance for a second look',
                  'Address matches the utility bill', 'Customer says the phone number changed last month', 'Wallet address checked twice'])[1 + g % 8]
             || CASE WHEN g % 1000 = 7 THEN ' passport expiring soon' ELSE '' END
             || CASE WHEN g % 10 = 3 THEN ' selfie unclear' ELSE '' END
             || ' #' || g,
           s.id, s.email, s.full_name, now() - (g || ' seconds')::interval
      FROM generate_series(1, $1) g
      JOIN u ON u.rn = 1 + (hashint8(g::bigint) & 2147483647) % $2
      CROSS JOIN s`,
      [notes, users],
    );
    // One customer whose notes grew long: 5,000 of them, to page through.
    await q(`
    INSERT INTO case_notes (user_id, body, author_id, author_email, author_name, created_at)
    SELECT u.id, 'Follow-up call number ' || g, s.id, s.email, s.full_name, now() - (g || ' minutes')::interval
      FROM generate_series(1, 5000) g CROSS JOIN (SELECT id FROM users ORDER BY id LIMIT 1) u CROSS JOIN (SELECT id, email, full_name FROM staff ORDER BY email LIMIT 1) s`);
    loadNotes = Date.now() - t;
  }
  t = Date.now();
  // The migration's indexes (0029), built after the load.
  await q(
    `CREATE INDEX IF NOT EXISTS case_notes_user_idx ON case_notes USING btree (user_id, created_at DESC, id DESC)`,
  );
  await q(
    `CREATE INDEX IF NOT EXISTS case_notes_kyc_idx ON case_notes USING btree (kyc_record_id, created_at DESC, id DESC) WHERE kyc_record_id IS NOT NULL`,
  );
  await q(`CREATE INDEX IF NOT EXISTS case_notes_body_trgm_idx ON case_notes USING gin (body gin_trgm_ops)`);
  await q(`CREATE INDEX IF NOT EXISTS case_notes_created_idx ON case_notes USING btree (created_at DESC, id DESC)`);
  await q('VACUUM ANALYZE case_notes');
  await q('ANALYZE users');
  const indexMs = Date.now() - t;
  const count = async (text: string, params: unknown[] = []) => Number((await q(text, params)).rows[0].n);

  // The customer with the most notes, and one with an average number.
  const busiest = (
    await q(`SELECT user_id, count(*)::int AS n FROM case_notes GROUP BY user_id ORDER BY n DESC LIMIT 1`)
  ).rows[0] as { user_id: string; n: number };
  const typical = (await q(`SELECT user_id FROM case_notes ORDER BY id LIMIT 1`)).rows[0] as { user_id: string };
  const kyc = (await q(`SELECT id FROM kyc_records WHERE user_id = $1`, [busiest.user_id])).rows[0] as { id: string };

  const time = async (
    label: string,
    text: string,
    params: unknown[],
    run: () => Promise<unknown> = () => q(text, params),
  ) => {
    const ms: number[] = [];
    for (let i = 0; i < runs + 3; i += 1) {
      const s = process.hrtime.bigint();
      await run();
      if (i >= 3) ms.push(Number(process.hrtime.bigint() - s) / 1e6);
    }
    ms.sort((a, b) => a - b);
    const plan = (await q(`EXPLAIN ${text}`, params)).rows
      .map((r: Record<string, string>) => r['QUERY PLAN'])
      .join(' ');
    const idx = [...new Set([...plan.matchAll(/(case_notes_\w+|users_pkey)/g)].map((m) => m[1]))].join(', ') || 'none';
    log(
      `| ${label} | ${ms[Math.floor(ms.length / 2)]!.toFixed(2)} | ${ms[Math.floor(ms.length * 0.95)]!.toFixed(2)} | ${idx} |`,
    );
  };
  const page = (cond: string, offset: number) =>
    `SELECT ${NOTE_COLUMNS} FROM case_notes n WHERE n.user_id = $1 AND ${cond} ORDER BY n.created_at DESC, n.id DESC LIMIT 10 OFFSET ${offset}`;
  const search = `SELECT ${NOTE_COLUMNS}, u.full_name, u.username::text AS username, u.email::text AS email
                    FROM case_notes n JOIN users u ON u.id = n.user_id WHERE n.body ILIKE $1 AND true ORDER BY n.created_at DESC, n.id DESC LIMIT 50`;
  const matches = async (term: string) =>
    count(`SELECT count(*)::int AS n FROM case_notes WHERE body ILIKE $1`, [`%${term}%`]);

  log(`# Notes on cases at scale, ${new Date().toISOString()}`);
  log('');
  log(
    `Node ${process.version}, ${os.cpus().length} cores shared with other work, load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ')}. Embedded PostgreSQL, one connection, one query at a time, ${runs} runs each after 3 warm-up runs.`,
  );
  log('');
  log(
    `Data: ${users.toLocaleString('en')} customers each with a KYC case, ${(await count('SELECT count(*)::int AS n FROM case_notes')).toLocaleString('en')} notes (a quarter on the KYC case); ${args.reuse ? 'loaded by an earlier run' : `loaded in ${(loadUsers / 1000).toFixed(0)} s + ${(loadNotes / 1000).toFixed(0)} s`}, indexes built in ${(indexMs / 1000).toFixed(0)} s. The busiest customer has ${busiest.n} notes.`,
  );
  log('');
  log('| read | median ms | p95 ms | indexes in the plan |');
  log('|---|---|---|---|');
  await time('profile notes, page 1 (typical customer)', page('true', 0), [typical.user_id]);
  await time(`profile notes, page 1 (busiest customer, ${busiest.n} notes)`, page('true', 0), [busiest.user_id]);
  await time(
    'profile notes, last page (busiest customer)',
    page('true', Math.max(0, Math.floor((busiest.n - 1) / 10) * 10)),
    [busiest.user_id],
  );
  await time(
    'profile notes, count (busiest customer)',
    `SELECT count(*)::int AS n FROM case_notes n WHERE n.user_id = $1 AND true`,
    [busiest.user_id],
  );
  await time(
    "Manage KYC, the case's notes only, page 1",
    `SELECT ${NOTE_COLUMNS} FROM case_notes n WHERE n.user_id = $1 AND n.kyc_record_id = $2 ORDER BY n.created_at DESC, n.id DESC LIMIT 10`,
    [busiest.user_id, kyc.id],
  );
  await time(
    'Activity Search by e-mail: the newest 50 notes',
    `SELECT ${NOTE_COLUMNS} FROM case_notes n WHERE n.user_id = $1 AND true ORDER BY n.created_at DESC, n.id DESC LIMIT 50`,
    [busiest.user_id],
  );
  // Through the service, as Activity Search calls it.
  const finder = createFinderService(db);
  for (const term of [
    `#${Math.floor(notes / 2)}`,
    'passport expiring',
    'selfie unclear',
    'deposit',
    'Follow-up call',
  ]) {
    await time(
      `note search "${term}" (${(await matches(term)).toLocaleString('en')} matching)`,
      search,
      [`%${term}%`],
      () => finder.searchNotes(term, { customer: true, kyc: true }),
    );
  }
} finally {
  await closeDb(db);
  await embedded.stop();
}
if (args.out) writeFileSync(args.out, `${lines.join('\n')}\n`);
