import { Alert, Button, Flex, Space } from 'antd';
import {
  DOUBLE_FUNDING,
  DOUBLE_FUNDING_PAGE_SIZE,
  doubleFundingQuery,
  DOUBLE_FUNDING_STATUSES,
  explorerAddressUrl,
  formatAmount,
  fundingStatusColor,
  shortAddress,
  stateInfo,
  type DoubleFundingRecord,
  type DoubleFundingStatus,
} from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { useDoubleFundings } from './api/get-double-fundings';
import { StatusTag } from '../../components/status-tag';
import { DataTable } from '../../components/data-table';
import { Typography } from '../../components/typography';
import { formatDateTime, zoned } from '../../components/date-time';
import { useUrlState } from '../../components/use-url-state';

const doubleFundingUrl = doubleFundingQuery.pick({ status: true, page: true });
const DOUBLE_FUNDING_URL_DEFAULTS = { status: 'pending', page: 1 };

const Address = ({ value }: { value: string }) => (
  <a href={explorerAddressUrl(value)} target="_blank" rel="noreferrer" title={value}>
    {shortAddress(value)}
  </a>
);

export const DoubleFundingPage = () => {
  const [{ status, page }, setUrl] = useUrlState(doubleFundingUrl);
  const { data, isFetching, error } = useDoubleFundings(status, page);
  const write = (next: { status: DoubleFundingStatus; page: number }) =>
    setUrl(next, { keep: false, omit: DOUBLE_FUNDING_URL_DEFAULTS });
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Double Funding
      </Typography.Title>
      <Space>
        {DOUBLE_FUNDING_STATUSES.map((s) => (
          <Button
            key={s}
            aria-pressed={status === s}
            type={status === s ? 'primary' : 'default'}
            onClick={() => write({ status: s, page: 1 })}
          >
            {stateInfo(DOUBLE_FUNDING, s).label}
          </Button>
        ))}
      </Space>
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      <DataTable<DoubleFundingRecord>
        data-testid="double-funding-table"
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.result ?? []}
        scroll={{ x: 1200 }}
        pagination={{
          current: page,
          pageSize: DOUBLE_FUNDING_PAGE_SIZE,
          total: data?.totalRecords ?? 0,
          showSizeChanger: false,
          onChange: (p) => write({ status, page: p }),
        }}
        columns={[
          { title: 'User', dataIndex: 'userEmail' },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (v: string) => (
              <StatusTag color={stateInfo(DOUBLE_FUNDING, v).color}>{stateInfo(DOUBLE_FUNDING, v).label}</StatusTag>
            ),
          },
          {
            title: 'Funding status',
            dataIndex: 'fundingStatus',
            render: (v: string) => <StatusTag color={fundingStatusColor(v)}>{v}</StatusTag>,
          },
          {
            title: 'Amount received (BUSD)',
            dataIndex: 'amountReceived',
            align: 'right',
            render: (v: string) => formatAmount(v),
          },
          {
            title: 'Total deposited (BUSD)',
            dataIndex: 'totalAmountDeposited',
            align: 'right',
            render: (v: string) => formatAmount(v),
          },
          { title: 'Deposit address', dataIndex: 'depositAddress', render: (v: string) => <Address value={v} /> },
          { title: 'Receiving address', dataIndex: 'receivingAddress', render: (v: string) => <Address value={v} /> },
          { title: 'Process list by', key: 'creator', render: (_, r) => r.processList.creator.email ?? '—' },
          { title: zoned('Updated'), dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v) },
          { title: zoned('Created'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
        ]}
      />
    </Flex>
  );
};
