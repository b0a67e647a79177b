import { useState } from 'react';
import { Alert, App, Flex, Input } from 'antd';
import {
  classifyFundingSearch,
  explorerTxUrl,
  formatAmount,
  shortAddress,
  type FundingRequest,
} from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { CsvExportButton } from '../../components/csv-export-button';
import { useFundingRequest, type FundingSearch } from './api/get-funding-request';
import { ScrollRegion } from '../../components/scroll-region';
import { DataTable } from '../../components/data-table';
import { Typography } from '../../components/typography';
import { formatDateTime, zoned } from '../../components/date-time';

/** Search by wallet address, e-mail or 64-hex transaction hash; any other input sends nothing. */
export const FundingRequestsPage = () => {
  const { message } = App.useApp();
  const [search, setSearch] = useState<FundingSearch | null>(null);
  const { data, isFetching, error } = useFundingRequest(search);
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Search Funding Request
      </Typography.Title>
      <Input.Search
        aria-label="Wallet address, e-mail or transaction hash"
        placeholder="Wallet address, e-mail or transaction hash"
        enterButton="Search"
        style={{ maxWidth: 640 }}
        onSearch={(v) => {
          const found = classifyFundingSearch(v);
          if (!found) return;
          setSearch(found);
        }}
      />
      {search && (
        <Typography.Text type="secondary" data-testid="funding-search-kind">
          Searching by {search.kind}
        </Typography.Text>
      )}
      <CsvExportButton
        path="admin/funding-request"
        query={search ? { [search.kind]: search.value } : {}}
        fileName="funding-requests.csv"
        disabled={!search}
      />
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      {data && data.data.records.length === 0 && <Alert type="info" showIcon title={data.message} />}
      <ScrollRegion label="Funding requests, scrollable">
        <DataTable<FundingRequest>
          style={{ minWidth: 1000 }}
          data-testid="funding-requests-table"
          rowKey="_id"
          loading={isFetching}
          dataSource={data?.data.records ?? []}
          pagination={false}
          columns={[
            { title: 'User', dataIndex: 'userEmail' },
            {
              title: 'Amount received',
              dataIndex: 'amountReceived',
              align: 'right',
              render: (v: string) => formatAmount(v),
            },
            { title: 'Currency', dataIndex: 'currency' },
            {
              title: 'Receiving address',
              dataIndex: 'receivingAddress',
              render: (v: string) => (
                <Typography.Text copyable={{ text: v, onCopy: () => void message.success('Address copied') }} title={v}>
                  {shortAddress(v)}
                </Typography.Text>
              ),
            },
            {
              title: 'Transaction hash',
              dataIndex: 'transactionHash',
              render: (v: string) => (
                <a href={explorerTxUrl(v)} target="_blank" rel="noreferrer" title={v}>
                  {shortAddress(v)}
                </a>
              ),
            },
            { title: zoned('Created'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
            { title: zoned('Updated'), dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v) },
          ]}
        />
      </ScrollRegion>
    </Flex>
  );
};
