import type { ExtrasContext } from './context';
import { withIndexesAfter } from './indexes-after';

/**
 * Demo bank accounts and customer roles, derived from the customer rows already loaded.
 * Set-based and keyed on a hash of each user's id and the seed, so the same load gives the same
 * rows and a million users cost two statements.
 */
export async function seedUserProfileExtras(ctx: ExtrasContext): Promise<void> {
  const { client, seed } = ctx;
  // A stable number 0..2^31 per user, from the id and the seed.
  const h = (salt: string) =>
    `(('x' || substr(md5(u.id::text || '${salt}' || $1::text), 1, 8))::bit(32)::int & 2147483647)`;

  // Staff role: the users flagged is_staff, plus a handful more so a small demo has some; the
  // role and the flag always agree.
  const { rowCount: staff } = await client.query(
    `WITH extra AS (
       SELECT u.id FROM users u ORDER BY ${h('staff')}, u.id LIMIT greatest(3, $2::int / 500)
     )
     UPDATE users u SET is_staff = true, role_id = (SELECT id FROM customer_roles WHERE slug = 'staff')
      WHERE u.is_staff OR u.id IN (SELECT id FROM extra)`,
    [seed, ctx.users],
  );

  // Bank accounts for about 30% of users, in their country of residence; a few have two.
  const { rowCount: banks } = await withIndexesAfter(client, ['user_bank_accounts'], () =>
    client.query(
      `INSERT INTO user_bank_accounts (user_id, bank_name, account_name, account_number, country, created_at)
     SELECT u.id,
            CASE coalesce(u.residence_country, 'NG')
              WHEN 'NG' THEN (ARRAY['Zenith Bank', 'GTBank', 'Access Bank', 'First Bank', 'UBA', 'Kuda', 'Opay'])[1 + ${h('bank')} % 7]
              WHEN 'GH' THEN (ARRAY['GCB Bank', 'Ecobank Ghana', 'Fidelity Bank Ghana', 'Stanbic Ghana'])[1 + ${h('bank')} % 4]
              WHEN 'KE' THEN (ARRAY['Equity Bank', 'KCB Bank', 'Co-operative Bank', 'NCBA'])[1 + ${h('bank')} % 4]
              WHEN 'ZA' THEN (ARRAY['Capitec', 'FNB', 'Standard Bank', 'Absa'])[1 + ${h('bank')} % 4]
              ELSE (ARRAY['Standard Chartered', 'Barclays', 'Citibank'])[1 + ${h('bank')} % 3]
            END,
            u.full_name,
            lpad((${h('acct')} % 10000000000::bigint)::text, 10, '0'),
            coalesce(u.residence_country, 'NG'),
            least(u.created_at + make_interval(days => ${h('when')} % 60), to_timestamp($2::double precision / 1000))
       FROM users u
      WHERE ${h('has')} % 100 < 30
     UNION ALL
     SELECT u.id, 'Wema Bank', u.full_name, lpad((${h('acct2')} % 10000000000::bigint)::text, 10, '0'), coalesce(u.residence_country, 'NG'),
            least(u.created_at + make_interval(days => 60 + ${h('when2')} % 60), to_timestamp($2::double precision / 1000))
       FROM users u
      WHERE ${h('has')} % 100 < 3`,
      [seed, ctx.nowMs],
    ),
  );
  ctx.log(`user profile extras: ${staff ?? 0} staff customers, ${banks ?? 0} bank accounts`);
}
