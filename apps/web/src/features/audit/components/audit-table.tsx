import { Col, Row, Tag } from 'antd';
import type { AuditRecord } from '@vaultdesk/contract';
import { AUDIT_PAGE_SIZE_OPTIONS } from '../use-audit-search-params';
import { DataTable, type DataColumns } from '../../../components/data-table';
import { Typography } from '../../../components/typography';
import { formatDateTime, zoned } from '../../../components/date-time';

type Props = {
  records: AuditRecord[];
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number, pageSize: number) => void;
};

const dash = <Typography.Text type="secondary">—</Typography.Text>;

const columns: DataColumns<AuditRecord> = [
  {
    title: zoned('Time'),
    dataIndex: 'at',
    key: 'at',
    width: 180,
    render: (at: string) => formatDateTime(at, { seconds: true }),
  },
  { title: 'Actor', dataIndex: 'actorEmail', key: 'actor', render: (email: string | null) => email ?? 'system' },
  { title: 'Action', dataIndex: 'action', key: 'action', render: (action: string) => <Tag>{action}</Tag> },
  {
    title: 'Target',
    key: 'target',
    render: (_, r) => (
      <span>
        {r.targetType}
        {r.targetId && (
          <Typography.Text type="secondary" copyable={{ text: r.targetId }} style={{ marginLeft: 4 }}>
            {r.targetId.length > 15 ? `${r.targetId.slice(0, 8)}…` : r.targetId}
          </Typography.Text>
        )}
      </span>
    ),
  },
  { title: 'Address', dataIndex: 'ip', key: 'ip', render: (ip: string | null) => ip ?? dash },
  {
    title: 'Coordinates',
    key: 'coordinates',
    render: (_, r) =>
      r.latitude !== null && r.longitude !== null ? (
        <Typography.Link
          href={`https://www.openstreetmap.org/?mlat=${r.latitude}&mlon=${r.longitude}`}
          target="_blank"
          rel="noreferrer"
        >
          {r.latitude.toFixed(4)}, {r.longitude.toFixed(4)}
        </Typography.Link>
      ) : (
        dash
      ),
  },
];

const Json = ({ label, value }: { label: string; value: unknown }) => (
  <div>
    <Typography.Text strong>{label}</Typography.Text>
    <pre style={{ margin: 0, maxHeight: 320, overflow: 'auto', fontSize: 12 }}>
      {value === null || value === undefined ? 'null' : JSON.stringify(value, null, 2)}
    </pre>
  </div>
);

export const AuditTable = ({ records, loading, page, pageSize, total, onPageChange }: Props) => (
  <DataTable<AuditRecord>
    rowKey="_id"
    size="middle"
    columns={columns}
    dataSource={records}
    loading={loading}
    scroll={{ x: 900 }}
    expandable={{
      rowExpandable: (r) => r.before !== null || r.after !== null || r.requestId !== null,
      expandedRowRender: (r) => (
        <Row gutter={16}>
          {r.requestId && (
            <Col span={24}>
              <Typography.Text type="secondary" copyable={{ text: r.requestId }}>
                Request {r.requestId}
              </Typography.Text>
            </Col>
          )}
          <Col span={12}>
            <Json label="Before" value={r.before} />
          </Col>
          <Col span={12}>
            <Json label="After" value={r.after} />
          </Col>
        </Row>
      ),
    }}
    pagination={{
      current: page,
      pageSize,
      total,
      showSizeChanger: true,
      pageSizeOptions: AUDIT_PAGE_SIZE_OPTIONS,
      showTotal: (n) => `${n} ${n === 1 ? 'record' : 'records'}`,
      onChange: onPageChange,
    }}
  />
);
