import { Form, Input, Modal, Switch } from 'antd';
import { KYC_DEFAULT_REJECTION_REASON, KYC_REJECTION_REASONS, type KycRejectionReason } from '@vaultdesk/contract';
import { Select } from '../../../components/lazy-select';

export type RejectValues = { reason: KycRejectionReason; message: string; escalate: boolean };

/** Reason from the fixed list (FACE_NOT_CLEAR by default), a message, and the Escalate toggle. */
export const RejectDialog = ({
  open,
  onCancel,
  onSubmit,
  busy,
}: {
  open: boolean;
  onCancel: () => void;
  onSubmit: (v: RejectValues) => void;
  busy: boolean;
}) => {
  const [form] = Form.useForm<RejectValues>();
  return (
    <Modal
      title="Reject KYC"
      open={open}
      onCancel={onCancel}
      okText="Reject"
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<RejectValues>
        form={form}
        layout="vertical"
        aria-label="Reject KYC"
        preserve={false}
        initialValues={{ reason: KYC_DEFAULT_REJECTION_REASON, message: '', escalate: false }}
        onFinish={onSubmit}
      >
        <Form.Item name="reason" label="Reason" rules={[{ required: true, message: 'Choose a reason' }]}>
          <Select
            aria-label="Reason"
            virtual={false}
            options={KYC_REJECTION_REASONS.map((r) => ({ value: r, label: r }))}
          />
        </Form.Item>
        <Form.Item name="message" label="Message">
          <Input.TextArea aria-label="Message" rows={3} maxLength={1000} />
        </Form.Item>
        <Form.Item
          name="escalate"
          label="Escalate"
          valuePropName="checked"
          extra="Sets the status to escalated and appends the standard message with the external verification link."
        >
          <Switch aria-label="Escalate" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
