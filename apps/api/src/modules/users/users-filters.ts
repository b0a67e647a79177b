/**
 * The users lists' filters, written once: the list calls read them (users.service.ts), their
 * exports inline them (users.exports.ts).
 */
import { NO_COUNTRY } from '@vaultdesk/contract';

type CountryType = 'zone' | 'ip' | 'residence';
/** Users of a country by one of its three sources ('none': unknown), as the list reads it. */
export const countryOf = (q: { countryType: CountryType; countryCode: string }) => {
  const none = q.countryCode.toLowerCase() === NO_COUNTRY;
  return { column: `u.${q.countryType}_country`, none, code: none ? NO_COUNTRY : q.countryCode.toUpperCase() };
};
