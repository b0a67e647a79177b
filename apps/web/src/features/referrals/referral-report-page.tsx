import { Flex } from 'antd';
import { REFERRAL_REPORT_PAGE_SIZE } from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { CsvExportButton } from '../../components/csv-export-button';
import { LoadErrorResult } from '../../components/status-results';
import { useReferralReport } from './api/get-referral-report';
import { ReferralFilters } from './components/referral-filters';
import { ReferralReportTable } from './components/referral-report-table';
import { useReferralSearchParams } from './use-referral-search-params';
import { Typography } from '../../components/typography';

export const ReferralReportPage = () => {
  const { query, setFilters, setPage } = useReferralSearchParams();
  const { data, isFetching, error, refetch } = useReferralReport(query);
  const { page, ...filters } = query;

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Referral Report
      </Typography.Title>
      <ReferralFilters value={filters} onChange={setFilters} />
      <CsvExportButton path="admin/get-usertype-referals" query={filters} fileName="referral-report.csv" />
      {error && !data ? (
        <LoadErrorResult message={errorMessage(error)} onRetry={() => void refetch()} />
      ) : (
        <ReferralReportTable
          records={data?.records ?? []}
          loading={isFetching}
          page={data?.currentPage ?? page}
          pageSize={data?.pageSize ?? REFERRAL_REPORT_PAGE_SIZE}
          total={data?.totalRecords ?? 0}
          onPageChange={setPage}
        />
      )}
    </Flex>
  );
};
