import { Alert, Flex } from 'antd';
import { Link } from 'react-router';
import { WATCHLIST_PAGE_SIZE, type WatchlistRecord } from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { useWatchlist } from './api/get-watchlist';
import { usePageParam } from './use-page-param';
import { DataTable } from '../../components/data-table';
import { Typography } from '../../components/typography';
import { formatDateTime, zoned } from '../../components/date-time';

export const FraudListPage = () => {
  const [page, setPage] = usePageParam();
  const { data, isFetching, error } = useWatchlist(page);
  const profile = (r: WatchlistRecord, text: string) => <Link to={`/user-profile/${r.user._id}`}>{text}</Link>;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Fraud List
      </Typography.Title>
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      <Typography.Text data-testid="fraud-count">{data?.totalRecords ?? 0} users</Typography.Text>
      <DataTable<WatchlistRecord>
        data-testid="fraud-list-table"
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.records ?? []}
        pagination={{
          current: page,
          pageSize: WATCHLIST_PAGE_SIZE,
          total: data?.totalRecords ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          { title: 'Name', key: 'name', render: (_, r) => profile(r, r.user.fullName) },
          { title: 'Username', key: 'username', render: (_, r) => profile(r, r.user.username) },
          { title: 'Reason', dataIndex: 'reason' },
          { title: zoned('Date'), key: 'date', render: (_, r) => profile(r, formatDateTime(r.createdAt)) },
        ]}
      />
    </Flex>
  );
};
