import { App, Form, Modal } from 'antd';
import type { ServiceClientRecord, ServiceClientSecret } from '@vaultdesk/contract';
import { errorMessage, isApprovalRequested } from '../../../api/client';
import { useCreateServiceClientMutation } from '../api/create-service-client';
import { useUpdateServiceClientMutation } from '../api/update-service-client';
import { ClientFormFields } from './client-form-fields';

type Values = {
  name: string;
  scopes: string[];
  webhookUrl?: string;
  eventTypes: string[];
  rateLimitPerMinute: number;
};

/**
 * "New client" (then the secret dialog, once) or "Edit" of an existing client: name, scopes with
 * their descriptions, webhook URL, event types (none ticked: every type), rate limit.
 */
export const ClientFormDialog = ({
  open,
  editing,
  onClose,
  onCreated,
}: {
  open: boolean;
  editing: ServiceClientRecord | null;
  onClose: () => void;
  onCreated: (shown: ServiceClientSecret) => void;
}) => {
  const [form] = Form.useForm<Values>();
  const create = useCreateServiceClientMutation();
  const update = useUpdateServiceClientMutation();
  const { message } = App.useApp();
  const failed = (err: unknown) => {
    if (isApprovalRequested(err)) onClose();
    else void message.error(errorMessage(err));
  };
  const submit = (v: Values) => {
    const body = {
      name: v.name,
      scopes: v.scopes as never,
      webhookUrl: v.webhookUrl?.trim() ? v.webhookUrl.trim() : null,
      eventTypes: (v.eventTypes ?? []) as never,
      rateLimitPerMinute: v.rateLimitPerMinute,
    };
    if (editing)
      update.mutate(
        { id: editing._id, body },
        {
          onSuccess: (res) => {
            void message.success(res.message);
            onClose();
          },
          onError: failed,
        },
      );
    else
      create.mutate(body, {
        onSuccess: (res) => {
          onClose();
          onCreated(res.data);
        },
        onError: failed,
      });
  };
  return (
    <Modal
      title={editing ? `Edit ${editing.name}` : 'New client'}
      open={open}
      onCancel={onClose}
      okText={editing ? 'Save' : 'Create'}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      width={640}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={submit}
        initialValues={
          editing
            ? {
                name: editing.name,
                scopes: editing.scopes,
                webhookUrl: editing.webhookUrl ?? '',
                eventTypes: editing.eventTypes,
                rateLimitPerMinute: editing.rateLimitPerMinute,
              }
            : { scopes: [], eventTypes: [], rateLimitPerMinute: 600 }
        }
      >
        <ClientFormFields />
      </Form>
    </Modal>
  );
};
