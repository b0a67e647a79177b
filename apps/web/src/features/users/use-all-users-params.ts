import { useCallback } from 'react';
import { z } from 'zod';
import { COUNTRY_TYPES, USERS_DEFAULT_START, USERS_PAGE_SIZE, type CountryType } from '@vaultdesk/contract';
import { urlDay, urlInt } from '../../components/url-state';
import { useUrlState } from '../../components/use-url-state';
import { todayUtc } from './components/format';

export type AllUsersTab = 'all' | 'country';
export type AllUsersState = {
  tab: AllUsersTab;
  start: string;
  end: string;
  page: number;
  countryType: CountryType;
  countryCode: string;
  countryPage: number;
};

/** The Users screen's URL: each key falls back to its default on its own. */
export const allUsersUrl = z.object({
  tab: z.enum(['all', 'country']).default('all'),
  start: urlDay.default(USERS_DEFAULT_START),
  end: urlDay.default(todayUtc),
  page: urlInt().default(1),
  countryType: z.enum(COUNTRY_TYPES).default('zone'),
  countryCode: z
    .string()
    .regex(/^([A-Z]{2}|none)$/)
    .default('NG'),
  countryPage: urlInt().default(1),
});
const allUsersOmit = () => ({
  tab: 'all',
  start: USERS_DEFAULT_START,
  end: todayUtc(),
  page: 1,
  countryType: 'zone',
  countryCode: 'NG',
  countryPage: 1,
});

/** Tab, filters and pages of the Users screen live in the URL. */
export const useAllUsersParams = () => {
  const [state, setUrl] = useUrlState(allUsersUrl, { keep: false, omit: allUsersOmit });
  const update = useCallback((patch: Partial<AllUsersState>) => setUrl({ ...state, ...patch }), [state, setUrl]);
  return { state: state as AllUsersState, update, pageSize: USERS_PAGE_SIZE };
};
