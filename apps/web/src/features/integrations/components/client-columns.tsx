import { Button, Popconfirm, Space } from 'antd';
import { Link } from 'react-router';
import type { ServiceClientRecord } from '@vaultdesk/contract';
import type { DataColumns } from '../../../components/data-table';
import { formatDateTime, zoned } from '../../../components/date-time';
import { StatusTag } from '../../../components/status-tag';
import { Typography } from '../../../components/typography';

/** What a row of the Integrations table can do (the page holds the mutations and dialogs). */
export type ClientActions = {
  revealing: boolean;
  reveal: (r: ServiceClientRecord) => void;
  edit: (r: ServiceClientRecord) => void;
  rotate: (r: ServiceClientRecord) => void;
  revoke: (r: ServiceClientRecord) => Promise<void>;
};

/** The Integrations table's columns: never a secret, the previous one's grace, last use, actions. */
export const clientColumns = (actions: ClientActions): DataColumns<ServiceClientRecord> => [
  { title: 'Name', dataIndex: 'name' },
  {
    title: 'Key id',
    dataIndex: 'keyId',
    render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
  },
  {
    title: 'Status',
    dataIndex: 'status',
    render: (v: ServiceClientRecord['status'], r) => (
      <Space size={4} wrap>
        <StatusTag color={v === 'active' ? 'green' : 'red'}>{v === 'active' ? 'Active' : 'Revoked'}</StatusTag>
        {r.previousSecretValidUntil && (
          <StatusTag color="orange" title={`The previous secret is valid until ${r.previousSecretValidUntil}`}>
            Previous secret until {formatDateTime(r.previousSecretValidUntil)}
          </StatusTag>
        )}
      </Space>
    ),
  },
  { title: 'Scopes', dataIndex: 'scopes', render: (v: string[]) => v.join(', ') },
  {
    title: 'Webhook',
    dataIndex: 'webhookUrl',
    ellipsis: true,
    render: (v: string | null, r) =>
      v ? `${v} (${r.eventTypes.length ? r.eventTypes.join(', ') : 'every event'})` : 'None',
  },
  { title: 'Rate limit', dataIndex: 'rateLimitPerMinute', render: (v: number) => `${v}/min` },
  {
    title: zoned('Last used'),
    dataIndex: 'lastUsedAt',
    render: (v: string | null) => formatDateTime(v, { fallback: 'Never' }),
  },
  {
    title: zoned('Created'),
    dataIndex: 'createdAt',
    render: (v: string, r) => `${formatDateTime(v)}${r.createdBy ? ` by ${r.createdBy}` : ''}`,
  },
  {
    title: 'Actions',
    render: (_: unknown, r: ServiceClientRecord) => (
      <Space wrap>
        <Link to={`/advanced/integrations/${r._id}/deliveries`}>Deliveries</Link>
        {r.secretToReveal && (
          <Button size="small" type="primary" loading={actions.revealing} onClick={() => actions.reveal(r)}>
            Reveal secret
          </Button>
        )}
        {r.status === 'active' && (
          <>
            <Button size="small" onClick={() => actions.edit(r)}>
              Edit
            </Button>
            <Button size="small" onClick={() => actions.rotate(r)}>
              Rotate
            </Button>
            <Popconfirm
              title="Revoke this client?"
              description={`${r.name} is refused at once on every call, and receives no more webhooks. This cannot be undone.`}
              okText="Revoke"
              okButtonProps={{ danger: true }}
              onConfirm={() => actions.revoke(r)}
            >
              <Button size="small" danger>
                Revoke
              </Button>
            </Popconfirm>
          </>
        )}
      </Space>
    ),
  },
];
