import { z } from 'zod';
import { blacklistQuery } from '@vaultdesk/contract';
import { useUrlState } from '../../components/use-url-state';

/** The compliance lists share one page field (blacklist, locked savings, maturing plans, fraud list). */
const pageUrl = z.object({ page: blacklistQuery.shape.page });
const PAGE_DEFAULT = { page: 1 };

/** The list's page in the URL (`?page=`), 1 by default (kept out of the URL). */
export const usePageParam = (): [number, (page: number) => void] => {
  const [{ page }, setUrl] = useUrlState(pageUrl, { omit: PAGE_DEFAULT });
  return [page, (p: number) => setUrl({ page: p })];
};
