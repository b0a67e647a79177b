import { useState } from 'react';
import { App, Button, Flex } from 'antd';
import { z } from 'zod';
import {
  SERVICE_CLIENT_PAGE_SIZE,
  serviceClientsQuery,
  type ServiceClientRecord,
  type ServiceClientSecret,
} from '@vaultdesk/contract';
import { errorMessage, isApprovalRequested } from '../../api/client';
import { DataTable, serverPages } from '../../components/data-table';
import { Typography } from '../../components/typography';
import { useUrlState } from '../../components/use-url-state';
import { useRevealServiceClientSecretMutation } from './api/reveal-service-client-secret';
import { useRevokeServiceClientMutation } from './api/revoke-service-client';
import { useServiceClients } from './api/get-service-clients';
import { ClientFormDialog } from './components/client-form-dialog';
import { clientColumns } from './components/client-columns';
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
        columns={clientColumns({
          revealing: reveal.isPending,
          reveal: (r) => reveal.mutate(r._id, { onSuccess: (res) => setShown(res.data), onError: failed }),
          edit: (r) => {
            setEditing(r);
            setFormOpen(true);
          },
          rotate: setRotating,
          revoke: (r) => revoke.mutateAsync(r._id).then((res) => void message.success(res.message), failed),
        })}
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
