import { KYC_REJECTION_REASONS as REASONS } from '@vaultdesk/contract';
import type { ExtrasContext } from './context';
import { withIndexesAfter } from './indexes-after';

/** A deterministic 31-bit number from text (md5-based, stable across PostgreSQL versions). */
const h = (text: string) => `(('x' || substr(md5(${text}), 1, 8))::bit(32)::int & 2147483647)`;
const txHash = (text: string) => `('0x' || md5(${text}) || md5(${text} || ':2'))`;
const address = (text: string) => `('0x' || md5(${text}) || substr(md5(${text} || ':a'), 1, 8))`;

const STREETS = [
  'Adeola Odeku Street',
  'Awolowo Road',
  'Allen Avenue',
  'Ring Road',
  'Kenyatta Avenue',
  'Oxford Street',
  'Moi Avenue',
  'Independence Avenue',
  'Herbert Macaulay Way',
  'Ahmadu Bello Way',
];
const CITIES = ['Lagos', 'Abuja', 'Ibadan', 'Port Harcourt', 'Accra', 'Kumasi', 'Nairobi', 'Mombasa', 'Kano', 'Enugu'];
const arr = (xs: readonly string[]) => `(ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(', ')}])`;

/**
 * Demo identity checks and compliance records, derived from the customer rows already loaded,
 * set-based (one statement per table) and keyed on hashes of ids and the seed:
 * - a KYC record for every customer with a level 2 status (the users' statuses are the truth),
 *   with duplicate phones, ID numbers and shared (farm) devices, some too young, some with a
 *   short address; rejected ones carry their reason and a history row;
 * - blacklisted devices (farm devices, a few de-listed), the fraud watchlist, funding requests,
 *   double fundings, and some plans unlocked after a lock.
 * Images are attached afterwards (`attachKycImages`) once the file store holds them.
 */
export async function seedKycExtras(ctx: ExtrasContext): Promise<void> {
  const { client, seed } = ctx;
  const s = `'${seed}:kyc:'`;
  const now = new Date(ctx.nowMs).toISOString();
  const hu = (salt: string) => h(`${s} || '${salt}:' || u.id`);
  // Shared phone and ID numbers come from small pools, so a few customers share each one.
  const pool = Math.max(2, Math.floor(ctx.users / 400));

  const { rowCount: records } = await withIndexesAfter(client, ['kyc_records'], () =>
    client.query(
      `INSERT INTO kyc_records (user_id, first_name, middle_name, last_name, phone_number, date_of_birth, gender, resident_address,
                              country_code, device_id, idcard_type, idcard_number, level_two_status, level_three_status,
                              rejection_time, level_two_rejection_reason, level_two_rejection_message, created_at, updated_at)
     SELECT u.id,
            split_part(u.full_name, ' ', 1),
            CASE WHEN ${hu('mid')} % 4 = 0 THEN (ARRAY['Ade', 'Chinedu', 'Ama', 'Wanjiru', 'Kofi', 'Ngozi'])[1 + ${hu('midn')} % 6] END,
            coalesce(nullif(substr(u.full_name, length(split_part(u.full_name, ' ', 1)) + 2), ''), 'Unknown'),
            CASE WHEN ${hu('dupphone')} % 40 = 0 THEN '+2348000' || lpad((${hu('dupphonen')} % ${pool})::text, 5, '0') ELSE u.phone_no END,
            (u.created_at - make_interval(years => CASE WHEN ${hu('young')} % 60 = 0 THEN 17 ELSE 19 + ${hu('age')} % 40 END,
                                          days => ${hu('dob')} % 360))::date,
            CASE WHEN ${hu('gender')} % 2 = 0 THEN 'm' ELSE 'f' END,
            CASE WHEN ${hu('addr')} % 30 = 0 THEN ${arr(CITIES)}[1 + ${hu('city')} % ${CITIES.length}]
                 ELSE (1 + ${hu('no')} % 200)::text || ' ' || ${arr(STREETS)}[1 + ${hu('street')} % ${STREETS.length}] || ', '
                      || ${arr(CITIES)}[1 + ${hu('city')} % ${CITIES.length}] END,
            coalesce(u.residence_country, 'NG'),
            u.registration_device_details ->> 'serial',
            (ARRAY['National_ID', 'International_ID', 'Drivers_License'])[1 + ${hu('idtype')} % 3],
            CASE WHEN ${hu('dupid')} % 40 = 0 THEN 'A0000' || lpad((${hu('dupidn')} % ${pool})::text, 6, '0')
                 ELSE upper(substr(md5(${s} || 'id:' || u.id), 1, 11)) END,
            u.kyc_level_two_status,
            u.kyc_level_three_status,
            CASE WHEN u.kyc_level_two_status = 'rejected' THEN least(u.created_at + make_interval(days => 3 + ${hu('rej')} % 20), $1::timestamptz) END,
            CASE WHEN u.kyc_level_two_status = 'rejected' THEN ${arr(REASONS)}[1 + ${hu('reason')} % ${REASONS.length}] END,
            CASE WHEN u.kyc_level_two_status = 'rejected' THEN 'Please upload a clearer picture and try again.' END,
            least(u.created_at + make_interval(days => 1 + ${hu('sub')} % 10), $1::timestamptz),
            least(u.created_at + make_interval(days => 1 + ${hu('sub')} % 10, hours => ${hu('upd')} % 400), $1::timestamptz)
       FROM users u
      WHERE u.kyc_level_two_status IS NOT NULL`,
      [now],
    ),
  );

  await client.query(
    `INSERT INTO kyc_history (kyc_id, user_id, level, from_status, to_status, staff_email, reason, message, created_at)
     SELECT k.id, k.user_id, 2, 'submitted', 'rejected', 'compliance@vaultdesk.test', k.level_two_rejection_reason, k.level_two_rejection_message, k.rejection_time
       FROM kyc_records k WHERE k.level_two_status = 'rejected'`,
  );
  // Counters from the rows (the load may run with triggers off).
  await client.query(`DELETE FROM kyc_status_counts`);
  await client.query(
    `INSERT INTO kyc_status_counts (level, status, n)
     SELECT 2, level_two_status, count(*) FROM kyc_records WHERE level_two_status IS NOT NULL GROUP BY 1, 2
     UNION ALL
     SELECT 3, level_three_status, count(*) FROM kyc_records WHERE level_three_status IS NOT NULL GROUP BY 1, 2`,
  );

  // Devices several customers registered with (referral farms): most blacklisted, a few de-listed.
  const { rowCount: devices } = await client.query(
    `INSERT INTO blacklisted_devices (device_id, user_id, blacklisted, created_at, updated_at)
     SELECT d.serial, d.first_user, ${h(`${s} || 'delist:' || d.serial`)} % 5 <> 0, d.at, d.at
       FROM (SELECT u.registration_device_details ->> 'serial' AS serial, (array_agg(u.id ORDER BY u.created_at, u.id))[1] AS first_user,
                    max(u.created_at) + interval '2 days' AS at
               FROM users u WHERE u.registration_device_details ->> 'serial' IS NOT NULL
              GROUP BY 1 HAVING count(*) >= 3) d
      ORDER BY ${h(`${s} || 'bl:' || d.serial`)}
      LIMIT greatest(8, $1::int / 400)`,
    [ctx.users],
  );

  // The watchlist: customers on blacklisted devices, and the lowest trust scores.
  const { rowCount: watched } = await client.query(
    `INSERT INTO watchlist (user_id, reason, created_at)
     SELECT id, reason, at FROM (
       SELECT DISTINCT ON (u.id) u.id, w.reason, least(u.created_at + interval '5 days', $2::timestamptz) AS at
         FROM users u
         JOIN LATERAL (
           SELECT 'Registered with a blacklisted device' AS reason, 1 AS rank
            WHERE EXISTS (SELECT 1 FROM blacklisted_devices b WHERE b.device_id = u.registration_device_details ->> 'serial' AND b.blacklisted)
           UNION ALL
           SELECT 'Trust score below 15', 2 WHERE u.trust_score < 15
         ) w ON true
        ORDER BY u.id, w.rank) x
      ORDER BY ${h(`${s} || 'watch:' || x.id`)}
      LIMIT greatest(12, $1::int / 100)`,
    [ctx.users, now],
  );

  // Funding requests: deposits to a customer's wallet from outside, about one customer in five.
  const { rowCount: funding } = await withIndexesAfter(client, ['funding_requests'], () =>
    client.query(
      `INSERT INTO funding_requests (user_id, amount_received, currency, receiving_address, transaction_hash, created_at, updated_at)
     SELECT w.user_id, round((10 + ${h(`${s} || 'famt:' || w.id || n`)} % 2000)::numeric + (${h(`${s} || 'fc:' || w.id || n`)} % 100) / 100.0, 2),
            CASE WHEN ${h(`${s} || 'fcur:' || w.id || n`)} % 5 = 0 THEN 'VLT' ELSE 'BUSD' END,
            w.address, ${txHash(`${s} || 'fund:' || w.id || n`)},
            least(w.created_at + make_interval(days => n * 7 + ${h(`${s} || 'fday:' || w.id || n`)} % 30), $1::timestamptz),
            least(w.created_at + make_interval(days => n * 7 + ${h(`${s} || 'fday:' || w.id || n`)} % 30, mins => 3), $1::timestamptz)
       FROM wallets w CROSS JOIN generate_series(1, 2) n
      WHERE ${h(`${s} || 'funded:' || w.id`)} % 5 = 0 AND (n = 1 OR ${h(`${s} || 'two:' || w.id`)} % 3 = 0)`,
      [now],
    ),
  );

  // Double fundings: the same deposit credited twice, about 3% of funding requests (at least 12,
  // a quarter of them deleted, so both filters show rows even in a small demo).
  const { rowCount: doubles } = await client.query(
    `INSERT INTO double_fundings (user_id, status, funding_status, amount_received, total_amount_deposited, deposit_address, receiving_address, created_at, updated_at)
     SELECT f.user_id,
            CASE WHEN f.n % 4 = 0 THEN 'deleted' ELSE 'pending' END,
            (ARRAY['pending', 'processing', 'done', 'failed', 'review'])[1 + ${h(`${s} || 'dfs:' || f.id`)} % 5],
            f.amount_received, f.amount_received * 2, ${address(`${s} || 'dep:' || f.id`)}, f.receiving_address,
            f.created_at + interval '10 minutes', least(f.created_at + interval '1 day', $1::timestamptz)
       FROM (SELECT fr.*, row_number() OVER (ORDER BY ${h(`${s} || 'double:' || fr.id`)}, fr.id) AS n FROM funding_requests fr) f
      WHERE f.n <= greatest(12, (SELECT count(*) FROM funding_requests) / 33)`,
    [now],
  );

  // A few open plans were locked and unlocked again, so Locked savings shows both states.
  const { rowCount: unlocked } = await client.query(
    `UPDATE savings_plans p
        SET locked_comment = 'Funding source verified', locked_at = least(p.updated_at + interval '1 day', $1::timestamptz),
            unlocked_at = least(p.updated_at + interval '3 days', $1::timestamptz)
      WHERE p.id IN (SELECT id FROM savings_plans WHERE NOT locked AND plan_state = 'active'
                      ORDER BY md5(${s} || 'unlock:' || id) LIMIT greatest(4, (SELECT count(*) / 400 FROM savings_plans)))`,
    [now],
  );

  // The list anchors and the compliance counters from the rows, for the same reason as the counters above.
  await client.query(`SELECT kyc_list_anchors_rebuild()`);
  await client.query(
    `SELECT compliance_list_counts_reset('watchlist'), compliance_list_counts_reset('double_fundings')`,
  );

  ctx.log(
    `kyc extras: ${records ?? 0} KYC records, ${devices ?? 0} blacklisted devices, ${watched ?? 0} watchlisted, ` +
      `${funding ?? 0} funding requests, ${doubles ?? 0} double fundings, ${unlocked ?? 0} unlocked plans`,
  );
}
