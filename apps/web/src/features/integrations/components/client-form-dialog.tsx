import { App, Checkbox, Form, Input, InputNumber, Modal } from 'antd';
import {
  PRODUCT_SCOPES,
  RATE_LIMIT_PER_MINUTE_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type ServiceClientRecord,
  type ServiceClientSecret,
} from '@vaultdesk/contract';
import { errorMessage, isApprovalRequested } from '../../../api/client';
import { useCreateServiceClientMutation } from '../api/create-service-client';
import { useUpdateServiceClientMutation } from '../api/update-service-client';

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
        <Form.Item
          name="name"
          label="Name"
          rules={[
            { required: true, whitespace: true, message: 'Give the client a name' },
            { max: 100, message: 'At most 100 characters' },
          ]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="scopes"
          label="Scopes"
          rules={[{ required: true, type: 'array', min: 1, message: 'Give the client at least one scope' }]}
        >
          <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
            {Object.entries(PRODUCT_SCOPES).map(([scope, description]) => (
              <Checkbox key={scope} value={scope}>
                <code>{scope}</code> — {description}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item
          name="webhookUrl"
          label="Webhook URL"
          extra="https; plain http only to a local address where the server allows it. Empty: no webhooks."
          rules={[{ max: WEBHOOK_URL_MAX, message: `At most ${WEBHOOK_URL_MAX} characters` }]}
        >
          <Input placeholder="https://app.example.com/vaultdesk/webhooks" />
        </Form.Item>
        <Form.Item name="eventTypes" label="Event types" extra="None ticked: every event type.">
          <Checkbox.Group style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 4 }}>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type}>
                {type}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item
          name="rateLimitPerMinute"
          label="Rate limit (requests a minute)"
          rules={[{ required: true, message: 'Give a rate limit' }]}
        >
          <InputNumber min={1} max={RATE_LIMIT_PER_MINUTE_MAX} precision={0} style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
