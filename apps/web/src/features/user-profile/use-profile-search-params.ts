import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { REFERRAL_DEFAULT_START } from '@vaultdesk/contract';

const page = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};
const slashDate = (raw: string | null) => (raw && /^\d{4}\/\d{2}\/\d{2}$/.test(raw) ? raw : null);

/** The profile's pages and referral range live in the URL, so a view can be shared and reloaded. */
export const useProfileSearchParams = () => {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (changes: Record<string, string | number | null>) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === '' || v === 1) next.delete(k);
          else next.set(k, String(v));
        }
        return next;
      }, { replace: true }),
    [setParams],
  );
  return {
    walletPage: page(params.get('wtPage')),
    savingsPage: page(params.get('stPage')),
    referralPage: page(params.get('refPage')),
    notesPage: page(params.get('ntPage')),
    referralStart: slashDate(params.get('refStart')) ?? REFERRAL_DEFAULT_START,
    referralEnd: slashDate(params.get('refEnd')) ?? dayjs().format('YYYY/MM/DD'),
    set,
  };
};
