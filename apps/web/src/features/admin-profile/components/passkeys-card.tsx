import { useState } from 'react';
import { App as AntApp, Button, Flex, Form, Input, Popconfirm, Tag } from 'antd';
import {
  PASSKEY_NAME_MAX,
  PASSKEY_RECENT_SIGN_IN_MINUTES,
  type PasskeyRecord,
  type PasskeyRegistered,
} from '@vaultdesk/contract';
import { errorMessage, type Envelope } from '../../../api/client';
import { DataTable, type DataColumns } from '../../../components/data-table';
import { Card } from '../../../components/light-card';
import { formatDateTime, zoned } from '../../../components/date-time';
import {
  passkeyErrorMessage,
  usePasskeys,
  useRegisterPasskeyMutation,
  useRemovePasskeyMutation,
} from '../api/passkeys';

const when = (iso: string | null) => (iso ? formatDateTime(iso, { seconds: true }) : 'Never');

/** Names the new passkey and runs the browser's ceremony. */
export const AddPasskeyForm = ({
  disabled,
  onAdded,
}: {
  disabled?: boolean;
  onAdded?: (result: Envelope<PasskeyRegistered>) => void;
}) => {
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const add = useRegisterPasskeyMutation();
  return (
    <Form<{ name: string }>
      form={form}
      layout="inline"
      aria-label="Add a passkey"
      onFinish={({ name }) =>
        add.mutate(name.trim(), {
          onSuccess: (result) => {
            form.resetFields();
            if (onAdded) onAdded(result);
            else void message.success(result.message);
          },
          onError: (error) => void message.error(passkeyErrorMessage(error, errorMessage)),
        })
      }
    >
      <Form.Item
        name="name"
        label="Passkey name"
        rules={[
          { required: true, whitespace: true, message: 'Please give the passkey a name' },
          { max: PASSKEY_NAME_MAX, message: `At most ${PASSKEY_NAME_MAX} characters` },
        ]}
      >
        <Input placeholder="e.g. Work laptop" maxLength={PASSKEY_NAME_MAX} disabled={disabled} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={add.isPending} disabled={disabled}>
        Add a passkey
      </Button>
    </Form>
  );
};

/** The own passkeys on the profile: listed with when each was added and last used, added, removed. */
export const PasskeysCard = () => {
  const { message } = AntApp.useApp();
  const { data } = usePasskeys();
  const remove = useRemovePasskeyMutation();
  const [removing, setRemoving] = useState<string>();
  const columns: DataColumns<PasskeyRecord> = [
    { title: 'Name', dataIndex: 'name', key: 'name' },
    { title: zoned('Added'), dataIndex: 'createdAt', key: 'createdAt', render: when },
    { title: zoned('Last used'), dataIndex: 'lastUsedAt', key: 'lastUsedAt', render: when },
    {
      title: 'Kind',
      dataIndex: 'deviceType',
      key: 'deviceType',
      render: (v: string) => (v === 'multiDevice' ? 'Synced' : 'This device only'),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_: unknown, r) => (
        <Popconfirm
          title="Are you sure?"
          description={`Remove the passkey ${r.name}? It can no longer sign in.`}
          okText="Remove"
          onConfirm={() => {
            setRemoving(r._id);
            return remove
              .mutateAsync(r._id)
              .then(
                (res) => void message.success(res.message),
                (e: unknown) => void message.error(errorMessage(e)),
              )
              .finally(() => setRemoving(undefined));
          }}
        >
          <Button size="small" danger loading={removing === r._id}>
            Remove
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <Card
      size="small"
      title={
        <>
          Passkeys ({data?.records.length ?? 0}) {data?.required && <Tag color="blue">Required by your role</Tag>}
        </>
      }
    >
      <Flex vertical gap={12}>
        <DataTable<PasskeyRecord>
          rowKey="_id"
          size="small"
          pagination={false}
          data-testid="passkeys-table"
          columns={columns}
          dataSource={data?.records ?? []}
        />
        {data && !data.canAdd && (
          <span data-testid="passkey-recent-sign-in">
            To add a passkey, sign in again: passkeys are added within {PASSKEY_RECENT_SIGN_IN_MINUTES} minutes of
            signing in.
          </span>
        )}
        <AddPasskeyForm disabled={data ? !data.canAdd : true} />
      </Flex>
    </Card>
  );
};
