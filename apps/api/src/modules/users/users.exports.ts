/**
 * The exports of the users lists (by sign-up date, by country) and the Wallet Balance Search:
 * every row the list's filter finds, in the list's order (the lists read their pages from the
 * list anchors, lists/list-anchors.ts), registered with the worker's export job by kind.
 */
import { BALANCE_SEARCH_CURRENCY_CODES, type BalanceSearchCurrency } from '@vaultdesk/contract';
import type { ExportQueries } from '@vaultdesk/worker';
import { paramRange } from '../../queries/export-params';
import { inlined, raw, where } from '../../queries/sql-filter';
import { countryOf } from './users-filters';

const USER_COLUMNS = `u.id, u.full_name AS "fullName", u.username::text AS username, u.email::text AS email,
            u.phone_no AS "phoneNo", (SELECT count(*) FROM referrals r WHERE r.referrer_id = u.id) AS "referralCount",
            u.created_at AS "createdAt"`;

export const USERS_EXPORTS = {
  'users-by-date': (p, lit) => {
    const range = paramRange(p);
    return `SELECT ${USER_COLUMNS}
       FROM users u
      WHERE ${inlined(where`u.created_at >= ${range.lo}::timestamptz AND u.created_at < ${range.hi}::timestamptz`, lit)}
      ORDER BY u.created_at DESC, u.id DESC`;
  },
  'users-by-country': (p, lit) => {
    const type = p.countryType;
    if (type !== 'zone' && type !== 'ip' && type !== 'residence')
      throw new Error('export parameter countryType is not known');
    const given = String(p.countryCode ?? '');
    if (!/^([A-Za-z]{2}|none)$/.test(given)) throw new Error('export parameter countryCode is not a country code');
    const country = countryOf({ countryType: type, countryCode: given });
    const filter = country.none
      ? where`${raw(country.column)} IS NULL`
      : where`${raw(country.column)} = ${country.code}`;
    return `SELECT ${USER_COLUMNS}
              FROM users u WHERE ${inlined(filter, lit)}
             ORDER BY u.created_at DESC, u.id DESC`;
  },
  // Wallets holding at least `balance` of the currency, largest balance first.
  'wallet-balance-search': (p, lit) => {
    const currency = BALANCE_SEARCH_CURRENCY_CODES[p.currency as BalanceSearchCurrency];
    if (!Object.hasOwn(BALANCE_SEARCH_CURRENCY_CODES, String(p.currency)) || !currency)
      throw new Error('export parameter currency is not known');
    const balance = String(p.balance ?? '');
    if (!/^\d{1,20}(\.\d{1,18})?$/.test(balance)) throw new Error('export parameter balance is not an amount');
    return `SELECT w.id AS "walletId", w.name AS "walletName", w.address, u.id AS "userId", u.username, u.email, u.phone_no AS "phoneNo",
                   b.currency, b.balance
              FROM wallet_balances b JOIN wallets w ON w.id = b.wallet_id JOIN users u ON u.id = w.user_id
             WHERE b.currency = ${lit(currency)} AND b.balance >= ${lit(balance)}::numeric AND b.balance < 'Infinity'::numeric
             ORDER BY b.balance DESC, b.wallet_id DESC`;
  },
} satisfies ExportQueries;
