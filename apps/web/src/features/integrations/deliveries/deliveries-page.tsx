import { Alert, App, Button, Descriptions, Flex, Space } from 'antd';
import { Link, useParams } from 'react-router';
import {
  stateInfo,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_DELIVERY,
  WEBHOOK_DELIVERY_STATUSES,
  webhookDeliveriesQuery,
  type WebhookDelivery,
} from '@vaultdesk/contract';
import { errorMessage } from '../../../api/client';
import { useDeliveries } from './api/get-deliveries';
import { useReplayMutation } from './api/replay-deliveries';
import { StateTag } from '../../../components/status-tag';
import { DataTable } from '../../../components/data-table';
import { Card } from '../../../components/light-card';
import { Typography } from '../../../components/typography';
import { formatDateTime, zoned } from '../../../components/date-time';
import { useUrlState } from '../../../components/use-url-state';

const deliveriesUrl = webhookDeliveriesQuery.pick({ status: true, page: true });
const URL_DEFAULTS = { status: 'all', page: 1 };
const FILTERS = ['all', ...WEBHOOK_DELIVERY_STATUSES] as const;
type Filter = (typeof FILTERS)[number];

const when = (v: string | null) => (v ? formatDateTime(v) : '—');

/** A service client's webhook deliveries: status, attempts, the last answer; replay one or all failed. */
export const WebhookDeliveriesPage = () => {
  const { clientId = '' } = useParams();
  const [{ status, page }, setUrl] = useUrlState(deliveriesUrl);
  const { data, isFetching, error } = useDeliveries(clientId, status, page);
  const replay = useReplayMutation();
  const { message, modal } = App.useApp();
  const write = (next: { status: Filter; page: number }) => setUrl(next, { keep: false, omit: URL_DEFAULTS });
  const run = (deliveryId?: string) =>
    replay.mutateAsync({ clientId, ...(deliveryId ? { deliveryId } : {}) }).then(
      (res) => void message.success(res.message),
      (err: unknown) => void message.error(errorMessage(err)),
    );
  const replayAll = () =>
    modal.confirm({
      title: 'Are you sure?',
      content: `Replay all failed deliveries: every failed delivery of ${data?.client.name ?? 'this client'} is sent again.`,
      okText: 'Yes',
      cancelText: 'No',
      onOk: () => run(),
    });
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Webhook deliveries{data ? ` · ${data.client.name}` : ''}
      </Typography.Title>
      <Link to="/advanced/integrations">Back to integrations</Link>
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      {data && (
        <Card>
          <Descriptions size="small" column={{ xs: 1, md: 2 }} data-testid="deliveries-client">
            <Descriptions.Item label="Client">{data.client.name}</Descriptions.Item>
            <Descriptions.Item label="Status">{data.client.status}</Descriptions.Item>
            <Descriptions.Item label="Webhook URL">{data.client.webhookUrl ?? 'none'}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      <Card title="Deliveries">
        <Flex vertical gap={12}>
          <Flex justify="space-between" wrap gap={8}>
            <Space wrap>
              {FILTERS.map((s) => (
                <Button
                  key={s}
                  aria-pressed={status === s}
                  type={status === s ? 'primary' : 'default'}
                  onClick={() => write({ status: s, page: 1 })}
                >
                  {s === 'all' ? 'All' : stateInfo(WEBHOOK_DELIVERY, s).label}
                </Button>
              ))}
            </Space>
            <Button danger onClick={replayAll} loading={replay.isPending && !replay.variables?.deliveryId}>
              Replay all failed
            </Button>
          </Flex>
          <DataTable<WebhookDelivery>
            data-testid="deliveries-table"
            rowKey="id"
            size="small"
            loading={isFetching && !data}
            dataSource={data?.records ?? []}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: page,
              pageSize: WEBHOOK_DELIVERIES_PAGE_SIZE,
              total: data?.totalRecords ?? 0,
              showSizeChanger: false,
              onChange: (p) => write({ status, page: p }),
            }}
            columns={[
              { title: 'Event', dataIndex: 'eventType' },
              {
                title: 'Event id',
                dataIndex: 'eventId',
                render: (v: string) => <Typography.Text copyable={{ text: v }}>{v.slice(0, 8)}</Typography.Text>,
              },
              {
                title: 'Customer',
                dataIndex: 'customerId',
                render: (v: string | null, r) =>
                  v ? <Link to={`/user-profile/${v}`}>{r.customerEmail ?? v}</Link> : '—',
              },
              {
                title: 'Status',
                dataIndex: 'status',
                render: (v: string) => <StateTag machine={WEBHOOK_DELIVERY} state={v} />,
              },
              { title: 'Attempts', dataIndex: 'attempts', align: 'right' },
              {
                title: 'Last answer',
                dataIndex: 'lastStatusCode',
                render: (v: number | null, r) =>
                  v === null ? (r.lastError ?? '—') : r.lastError ? `${v} · ${r.lastError}` : v,
              },
              { title: zoned('Last attempt'), dataIndex: 'lastAttemptAt', render: when },
              { title: zoned('Next attempt'), dataIndex: 'nextAttemptAt', render: when },
              {
                title: '',
                key: 'replay',
                render: (_: unknown, r) =>
                  r.status === 'pending' ? null : (
                    <Button
                      size="small"
                      aria-label={`Replay delivery ${r.id}`}
                      loading={replay.isPending && replay.variables?.deliveryId === r.id}
                      onClick={() => void run(r.id)}
                    >
                      Replay
                    </Button>
                  ),
              },
            ]}
          />
        </Flex>
      </Card>
    </Flex>
  );
};
