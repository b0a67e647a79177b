import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZES } from '@vaultdesk/contract';
import type { AuditQuery } from '@vaultdesk/contract';

export const AUDIT_PAGE_SIZE_OPTIONS = [20, PAGE_SIZES.audit, 100, 200];
const TEXT_FILTERS = ['action', 'actor', 'targetType', 'targetId'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export type AuditFilters = Omit<AuditQuery, 'page' | 'pageSize'>;

const positiveInt = (raw: string | null, fallback: number, max: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

/** Filters and paging of the audit trail live in the URL, so a view can be reloaded and shared. */
export const useAuditSearchParams = () => {
  const [params, setParams] = useSearchParams();

  const query = useMemo<AuditQuery>(() => {
    const q: AuditQuery = {
      page: positiveInt(params.get('page'), 1, 100000),
      pageSize: positiveInt(params.get('pageSize'), PAGE_SIZES.audit, 200),
    };
    for (const key of TEXT_FILTERS) {
      const value = params.get(key)?.trim();
      if (value) q[key] = value;
    }
    // Malformed dates in a hand-edited URL are dropped rather than sent for a 400.
    const start = params.get('start');
    const end = params.get('end');
    if (start && DATE.test(start)) q.start = start;
    if (end && DATE.test(end)) q.end = end;
    return q;
  }, [params]);

  const write = useCallback(
    (next: AuditQuery) => {
      const out = new URLSearchParams();
      for (const [key, value] of Object.entries(next)) {
        if (value === undefined || value === '') continue;
        if (key === 'page' && value === 1) continue;
        if (key === 'pageSize' && value === PAGE_SIZES.audit) continue;
        out.set(key, String(value));
      }
      setParams(out);
    },
    [setParams],
  );

  /** New filters start again at page 1. */
  const setFilters = useCallback(
    (filters: AuditFilters) => write({ page: 1, pageSize: query.pageSize, ...filters }),
    [write, query.pageSize],
  );

  const setPage = useCallback(
    (page: number, pageSize: number) =>
      write({ ...query, page: pageSize === query.pageSize ? page : 1, pageSize }),
    [write, query],
  );

  return { query, setFilters, setPage };
};
