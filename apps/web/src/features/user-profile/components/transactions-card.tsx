import { App, Switch, Tag } from 'antd';
import { formatDateTime, zoned } from '../../../components/date-time';
import { DataTable, serverPages, type DataColumns } from '../../../components/data-table';
import { txHashLink } from '../../../components/columns';
import { Card } from '../../../components/light-card';

const RecordStatusSwitch = ({
  isActive,
  onToggle,
  loading,
}: {
  isActive: boolean;
  onToggle: () => Promise<unknown>;
  loading: boolean;
}) => {
  const { message, modal } = App.useApp();
  // A modifying action asks first (spec 002 §5); the switch shows the stored state until the
  // server has changed it, so No leaves the record as the customer sees it.
  return (
    <Switch
      size="small"
      checked={isActive}
      loading={loading}
      aria-label={isActive ? 'Hide record' : 'Show record'}
      onChange={() =>
        modal.confirm({
          title: 'Are you sure?',
          content: isActive ? 'Hide this record from the customer.' : 'Show this record to the customer again.',
          okText: 'Yes',
          cancelText: 'No',
          onOk: () =>
            onToggle().then(
              () => void message.success('status updated'),
              () => void message.error('update failed'),
            ),
        })
      }
    />
  );
};

/** Shown beside a record's first column while the record is hidden from the customer. */
export const hiddenTag = (isActive: boolean) =>
  isActive ? null : (
    <Tag color="default" data-testid="hidden-record">
      hidden
    </Tag>
  );

type TransactionRecord = { _id: string; isActive: boolean; createdAt: string; txnHash: string | null };

/**
 * A customer's transaction records, one server page at a time: the date first, the record's own
 * columns, then its hash (linked to the explorer) and the visibility switch.
 */
export function TransactionsCard<T extends TransactionRecord>({
  title,
  testId,
  columns,
  data,
  loading,
  page,
  pageSize,
  onPage,
  toggle,
}: {
  title: string;
  testId: string;
  columns: DataColumns<T>;
  data: { records: T[]; currentPage: number; totalRecords: number } | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (p: number) => void;
  toggle: { mutateAsync: (recordId: string) => Promise<unknown>; isPending: boolean; variables?: string };
}) {
  return (
    <Card title={title}>
      <DataTable<T>
        size="small"
        rowKey="_id"
        loading={loading}
        dataSource={data?.records ?? []}
        data-testid={testId}
        scroll={{ x: 'max-content' }}
        pagination={serverPages(data?.currentPage ?? page, pageSize, data?.totalRecords, onPage)}
        columns={[
          { title: zoned('Date'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
          ...columns,
          { title: 'Hash', dataIndex: 'txnHash', render: txHashLink },
          {
            title: 'Status',
            key: 'status',
            fixed: 'right',
            render: (_: unknown, r) => (
              <RecordStatusSwitch
                isActive={r.isActive}
                loading={toggle.isPending && toggle.variables === r._id}
                onToggle={() => toggle.mutateAsync(r._id)}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}

/**
 * A customer's transactions card for one kind of record: the page of records and the visibility
 * switch come from the kind's own hooks, the rest from TransactionsCard.
 */
export function userTransactionsCard<T extends TransactionRecord>(kind: {
  title: string;
  testId: string;
  pageSize: number;
  columns: DataColumns<T>;
  useRecords: (
    userId: string,
    page: number,
  ) => { data: { records: T[]; currentPage: number; totalRecords: number } | undefined; isFetching: boolean };
  useToggle: (userId: string) => {
    mutateAsync: (recordId: string) => Promise<unknown>;
    isPending: boolean;
    variables?: string;
  };
}) {
  return function UserTransactionsCard({
    userId,
    page,
    onPage,
  }: {
    userId: string;
    page: number;
    onPage: (p: number) => void;
  }) {
    const { data, isFetching } = kind.useRecords(userId, page);
    const toggle = kind.useToggle(userId);
    return (
      <TransactionsCard<T>
        title={kind.title}
        testId={kind.testId}
        data={data}
        loading={isFetching}
        page={page}
        pageSize={kind.pageSize}
        onPage={onPage}
        toggle={toggle}
        columns={kind.columns}
      />
    );
  };
}
