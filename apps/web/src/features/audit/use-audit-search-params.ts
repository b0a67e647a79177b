import { useCallback } from 'react';
import { z } from 'zod';
import { PAGE_SIZES } from '@vaultdesk/contract';
import type { AuditQuery } from '@vaultdesk/contract';
import { urlDay, urlInt, urlText } from '../../components/url-state';
import { useUrlState } from '../../components/use-url-state';

export const AUDIT_PAGE_SIZE_OPTIONS = [20, PAGE_SIZES.audit, 100, 200];

export type AuditFilters = Omit<AuditQuery, 'page' | 'pageSize'>;

/**
 * The audit trail's URL: page and page size clamped to the API's maxima (a deeper link shows the
 * last allowed page), text filters trimmed, and a malformed date in a hand-edited URL dropped
 * rather than sent for a 400.
 */
export const auditUrl = z.object({
  page: urlInt({ max: 100000 }).default(1),
  pageSize: urlInt({ max: 200 }).default(PAGE_SIZES.audit),
  action: urlText,
  actor: urlText,
  targetType: urlText,
  targetId: urlText,
  start: urlDay.optional(),
  end: urlDay.optional(),
});
const AUDIT_URL_OMIT = { page: 1, pageSize: PAGE_SIZES.audit };

/** Filters and paging of the audit trail live in the URL, so a view can be reloaded and shared. */
export const useAuditSearchParams = () => {
  const [query, write] = useUrlState(auditUrl, { keep: false, omit: AUDIT_URL_OMIT });

  /** New filters start again at page 1. */
  const setFilters = useCallback(
    (filters: AuditFilters) => write({ page: 1, pageSize: query.pageSize, ...filters }),
    [write, query.pageSize],
  );

  const setPage = useCallback(
    (page: number, pageSize: number) => write({ ...query, page: pageSize === query.pageSize ? page : 1, pageSize }),
    [write, query],
  );

  return { query, setFilters, setPage };
};
