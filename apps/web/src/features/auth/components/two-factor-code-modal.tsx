import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';

type CodeForm = { code: string };

type Props = {
  open: boolean;
  loading: boolean;
  /** The server's reason for the last refused code, shown under the field. */
  error?: string;
  onSubmit: (code: string) => void;
  onCancel: () => void;
};

/** The second sign-in step: the 6-digit code from the authenticator app. */
export const TwoFactorCodeModal = ({ open, loading, error, onSubmit, onCancel }: Props) => {
  const [form] = Form.useForm<CodeForm>();

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  return (
    <Modal
      open={open}
      title="Two-factor authentication"
      okText="Verify"
      cancelText="Cancel"
      confirmLoading={loading}
      onOk={() => form.submit()}
      onCancel={onCancel}
      forceRender
    >
      <p>Enter the 6-digit code from your authenticator app.</p>
      <Form form={form} layout="vertical" onFinish={({ code }) => onSubmit(code.trim())} requiredMark={false}>
        <Form.Item
          name="code"
          label="Authentication code"
          validateStatus={error ? 'error' : undefined}
          help={error}
          rules={[
            { required: true, message: 'Please input the code!' },
            { pattern: /^\s*\d{6}\s*$/, message: 'The code has 6 digits' },
          ]}
        >
          <Input autoFocus inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
