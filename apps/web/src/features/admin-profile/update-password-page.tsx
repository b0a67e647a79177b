import { App as AntApp, Alert, Button, Form, Input } from 'antd';
import { ApiError } from '../../api/client';
import { useMe } from '../../api/me';
import { useUpdatePasswordMutation } from './api/update-password';
import type { PasswordUpdateBody } from '@vaultdesk/contract';
import { Card } from '../../components/light-card';
import { Typography } from '../../components/typography';

const FIELD_NAMES = ['currentPassword', 'password', 'confirmPassword'] as const;

export const UpdatePasswordPage = () => {
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<PasswordUpdateBody>();
  const { data: me } = useMe();
  const update = useUpdatePasswordMutation();

  const onFinish = (values: PasswordUpdateBody) => {
    update.mutate(values, {
      onSuccess: ({ message: serverMessage }) => {
        void message.success(serverMessage || 'Password updated');
        form.resetFields();
      },
      onError: (error) => {
        void message.error(`Update Password. ${error.message}`);
        // Strength and match are the server's rules: show its reasons beside the fields.
        if (error instanceof ApiError && error.fields) {
          const fields = error.fields;
          form.setFields(
            FIELD_NAMES.filter((name) => fields[name]?.length).map((name) => ({ name, errors: fields[name] ?? [] })),
          );
        }
      },
    });
  };

  return (
    <Card style={{ maxWidth: 520 }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Update Password
      </Typography.Title>
      {me?.mustChangePassword && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="Choose a new password before you continue."
        />
      )}
      <Form<PasswordUpdateBody> form={form} layout="vertical" onFinish={onFinish} aria-label="Update password">
        <Form.Item
          name="currentPassword"
          label="Current Password"
          rules={[{ required: true, message: 'Please input your current password!' }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label="New Password"
          rules={[{ required: true, message: 'Please input your new password!' }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label="Confirm Password"
          rules={[{ required: true, message: 'Please confirm your new password!' }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          Update Password
        </Button>
      </Form>
    </Card>
  );
};
