import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { COUNTRY_TYPES, USERS_DEFAULT_START, USERS_PAGE_SIZE, type CountryType } from '@vaultdesk/contract';
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

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const positiveInt = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/** Tab, filters and pages of the Users screen live in the URL. */
export const useAllUsersParams = () => {
  const [params, setParams] = useSearchParams();
  const state = useMemo<AllUsersState>(() => {
    const today = todayUtc();
    const start = params.get('start');
    const end = params.get('end');
    const type = params.get('countryType');
    const code = params.get('countryCode');
    return {
      tab: params.get('tab') === 'country' ? 'country' : 'all',
      start: start && DATE.test(start) ? start : USERS_DEFAULT_START,
      end: end && DATE.test(end) ? end : today,
      page: positiveInt(params.get('page')),
      countryType: (COUNTRY_TYPES as readonly string[]).includes(type ?? '') ? (type as CountryType) : 'zone',
      countryCode: code && /^([A-Z]{2}|none)$/.test(code) ? code : 'NG',
      countryPage: positiveInt(params.get('countryPage')),
    };
  }, [params]);

  const update = useCallback(
    (patch: Partial<AllUsersState>) => {
      const next = { ...state, ...patch };
      const out = new URLSearchParams();
      if (next.tab !== 'all') out.set('tab', next.tab);
      if (next.start !== USERS_DEFAULT_START) out.set('start', next.start);
      if (next.end !== todayUtc()) out.set('end', next.end);
      if (next.page !== 1) out.set('page', String(next.page));
      if (next.countryType !== 'zone') out.set('countryType', next.countryType);
      if (next.countryCode !== 'NG') out.set('countryCode', next.countryCode);
      if (next.countryPage !== 1) out.set('countryPage', String(next.countryPage));
      setParams(out);
    },
    [state, setParams],
  );

  return { state, update, pageSize: USERS_PAGE_SIZE };
};
