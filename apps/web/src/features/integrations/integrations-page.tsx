import { useState } from 'react';
import { App, Button, Flex, Popconfirm, Space } from 'antd';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  SERVICE_CLIENT_PAGE_SIZE,
  serviceClientsQuery,
  type ServiceClientRecord,
  type ServiceClientSecret,
} from '@vaultdesk/contract';
import { errorMessage, isApprovalRequested } from '../../api/client';
import { DataTable, serverPages } from '../../components/data-table';
import { formatDateTime, zoned } from '../../components/date-time';
import { StatusTag } from '../../components/status-tag';
import { Typography } from '../../components/typography';
import { useUrlState } from '../../components/use-url-state';
import { useRevealServiceClientSecretMutation } from './api/reveal-service-client-secret';
import { useRevokeServiceClientMutation } from './api/revoke-service-client';
import { useServiceClients } from './api/get-service-clients';
import { ClientFormDialog } from './components/client-form-dialog';
import { RotateDialog } from './components/rotate-dialog';
import { SecretDialog } from './components/secret-dialog';

const integrationsUrl = z.object({ page: serviceClientsQuery.shape.page });

/**
 * Integrations (Super Admin, integrations.manage): the product API's service clients. A secret is
 * shown once, in its own dialog, after a create, a rotate, or (when four eyes held the change)
 * the requester's one-time reveal.
 */
export const IntegrationsPage = () => {
  const [{ page }, setUrl] = useUrlState(integrationsUrl);
  const { data, isFetching } = useServiceClients(page);
  const revoke = useRevokeServiceClientMutation();
  const reveal = useRevealServiceClientSecretMutation();
  const { message } = App.useApp();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<ServiceClientRecord | null>(null);
  const [rotating, setRotating] = useState<ServiceClientRecord | null>(null);
  const [shown, setShown] = useState<ServiceClientSecret | null>(null);
  const failed = (err: unknown) => {
    if (!isApprovalRequested(err)) void message.error(errorMessage(err));
  };
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          Integrations
        </Typography.Title>
        <Button
          type="primary"
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          New client
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Service clients call the product API (signed with their secret) and receive the webhooks.
      </Typography.Paragraph>
      <DataTable<ServiceClientRecord>
        aria-label="Service clients"
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.records ?? []}
        scroll={{ x: true }}
        pagination={serverPages(page, SERVICE_CLIENT_PAGE_SIZE, data?.totalRecords, (p) => setUrl({ page: p }))}
        locale={{ emptyText: 'No service clients yet' }}
        columns={[
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
                  <Button
                    size="small"
                    type="primary"
                    loading={reveal.isPending}
                    onClick={() => reveal.mutate(r._id, { onSuccess: (res) => setShown(res.data), onError: failed })}
                  >
                    Reveal secret
                  </Button>
                )}
                {r.status === 'active' && (
                  <>
                    <Button
                      size="small"
                      onClick={() => {
                        setEditing(r);
                        setFormOpen(true);
                      }}
                    >
                      Edit
                    </Button>
                    <Button size="small" onClick={() => setRotating(r)}>
                      Rotate
                    </Button>
                    <Popconfirm
                      title="Revoke this client?"
                      description={`${r.name} is refused at once on every call, and receives no more webhooks. This cannot be undone.`}
                      okText="Revoke"
                      okButtonProps={{ danger: true }}
                      onConfirm={() =>
                        revoke.mutateAsync(r._id).then((res) => void message.success(res.message), failed)
                      }
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
        ]}
      />
      <ClientFormDialog
        open={formOpen}
        editing={editing}
        onClose={() => {
          setFormOpen(false);
          setEditing(null);
        }}
        onCreated={setShown}
      />
      <RotateDialog client={rotating} onClose={() => setRotating(null)} onRotated={setShown} />
      <SecretDialog shown={shown} onClose={() => setShown(null)} />
    </Flex>
  );
};
