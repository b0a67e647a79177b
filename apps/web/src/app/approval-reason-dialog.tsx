import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { APPROVAL_REASON_MIN } from '@vaultdesk/contract';

/** Asks why, when the approval policy holds a call back for a second member of staff. Loaded when first needed. */
export const ApprovalReasonDialog = ({
  message,
  onDone,
}: {
  message: string;
  onDone: (reason: string | null) => void;
}) => {
  const [form] = Form.useForm<{ reason: string }>();
  const [open, setOpen] = useState(true);
  const close = (reason: string | null) => {
    setOpen(false);
    onDone(reason);
  };
  return (
    <Modal
      title="Approval needed"
      open={open}
      okText="Send for approval"
      cancelText="Cancel"
      onOk={() => form.submit()}
      onCancel={() => close(null)}
      destroyOnHidden
    >
      <p>
        {message}. Another member of staff who holds the same permission will see your request with your reason, and
        approve or reject it.
      </p>
      <Form form={form} layout="vertical" onFinish={(v) => close(v.reason.trim())}>
        <Form.Item
          name="reason"
          label="Reason"
          rules={[
            { required: true, whitespace: true, message: 'Give a reason' },
            { min: APPROVAL_REASON_MIN, message: `At least ${APPROVAL_REASON_MIN} characters` },
            { max: 1000, message: 'At most 1000 characters' },
          ]}
        >
          <Input.TextArea rows={3} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
};
