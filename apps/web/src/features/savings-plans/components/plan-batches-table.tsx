import { Button, Tag } from 'antd';
import type { PlanBatch } from '@vaultdesk/contract';
import { TxHashLink } from './tx-hash-links';
import { DataTable, type DataColumns } from '../../../components/data-table';
import { amountColumn, batchActionTag } from '../../../components/columns';
import { Typography } from '../../../components/typography';
import { formatDateTime, zoned } from '../../../components/date-time';

type Props = { batches: PlanBatch[]; loading: boolean; canResolve: boolean; onResolve: (batch: PlanBatch) => void };

const dash = <Typography.Text type="secondary">—</Typography.Text>;

export const PlanBatchesTable = ({ batches, loading, canResolve, onResolve }: Props) => {
  const columns: DataColumns<PlanBatch> = [
    { title: zoned('Date'), dataIndex: 'createdAt', key: 'createdAt', render: (v: string) => formatDateTime(v) },
    { title: 'Action', dataIndex: 'action', key: 'action', render: batchActionTag },
    amountColumn('Amount', 'amount'),
    {
      title: 'Transaction Hash',
      dataIndex: 'transactionHash',
      key: 'hash',
      render: (v: string | null) => (v ? <TxHashLink hash={v} /> : dash),
    },
    { title: 'Batch', dataIndex: 'batchStatus', key: 'batchStatus' },
    {
      title: 'Plan Part',
      dataIndex: 'status',
      key: 'status',
      render: (v: string) => <Tag color={v === 'resolved' ? 'green' : 'gold'}>{v}</Tag>,
    },
    {
      title: 'Resolved Hash',
      dataIndex: 'resolvedHash',
      key: 'resolvedHash',
      render: (v: string | null) => (v ? <TxHashLink hash={v} /> : dash),
    },
    {
      title: 'Action',
      key: 'resolve',
      render: (_, b) =>
        b.status === 'included' && canResolve ? (
          <Button size="small" type="primary" onClick={() => onResolve(b)}>
            Resolve
          </Button>
        ) : null,
    },
  ];
  return (
    <DataTable<PlanBatch>
      rowKey="_id"
      size="small"
      columns={columns}
      dataSource={batches}
      loading={loading}
      pagination={false}
      data-testid="plan-batches"
      // Table greys its empty text below AA contrast; secondary text meets it.
      locale={{ emptyText: <Typography.Text type="secondary">This plan was not in any batch</Typography.Text> }}
      scroll={{ x: true }}
    />
  );
};
