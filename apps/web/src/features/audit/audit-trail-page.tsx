import { Alert, Flex } from 'antd';
import { errorMessage } from '../../api/client';
import { LoadErrorResult } from '../../components/status-results';
import { useAuditLogs } from './api/get-audit-logs';
import { AuditFilters } from './components/audit-filters';
import { AuditTable } from './components/audit-table';
import { AuditVerify } from './components/audit-verify';
import { AuditAnchor } from './components/audit-anchor';
import { useAuditSearchParams } from './use-audit-search-params';
import { Typography } from '../../components/typography';

export const AuditTrailPage = () => {
  const { query, setFilters, setPage } = useAuditSearchParams();
  const { data, isFetching, error, refetch } = useAuditLogs(query);
  const { page, pageSize, ...filters } = query;

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Audit Trail
      </Typography.Title>
      <AuditAnchor />
      <AuditVerify />
      <AuditFilters value={filters} onChange={setFilters} />
      {error && data && <Alert type="error" showIcon title={errorMessage(error)} />}
      {error && !data ? (
        <LoadErrorResult message={errorMessage(error)} onRetry={() => void refetch()} />
      ) : (
        <AuditTable
          records={data?.records ?? []}
          loading={isFetching}
          page={data?.currentPage ?? page}
          pageSize={pageSize}
          total={data?.totalRecords ?? 0}
          onPageChange={setPage}
        />
      )}
    </Flex>
  );
};
