import { useCallback } from 'react';
import dayjs from 'dayjs';
import { z } from 'zod';
import { REFERRAL_DEFAULT_START } from '@vaultdesk/contract';
import { urlInt } from '../../components/url-state';
import { useUrlState } from '../../components/use-url-state';

const slashDate = z.string().regex(/^\d{4}\/\d{2}\/\d{2}$/);

/** The profile's URL: each card's page (1 when missing or bad) and the referral range (YYYY/MM/DD). */
export const profileUrl = z.object({
  wtPage: urlInt().default(1),
  stPage: urlInt().default(1),
  refPage: urlInt().default(1),
  ntPage: urlInt().default(1),
  refStart: slashDate.default(REFERRAL_DEFAULT_START),
  refEnd: slashDate.default(() => dayjs().format('YYYY/MM/DD')),
});
/** Page 1 is the default: it leaves the URL. */
const PAGE_ONE = { wtPage: 1, stPage: 1, refPage: 1, ntPage: 1 };

/** The profile's pages and referral range live in the URL, so a view can be shared and reloaded. */
export const useProfileSearchParams = () => {
  const [url, setUrl] = useUrlState(profileUrl, { replace: true, omit: PAGE_ONE });
  const set = useCallback((changes: Record<string, string | number | null>) => setUrl(changes), [setUrl]);
  return {
    walletPage: url.wtPage,
    savingsPage: url.stPage,
    referralPage: url.refPage,
    notesPage: url.ntPage,
    referralStart: url.refStart,
    referralEnd: url.refEnd,
    set,
  };
};
