import { useState } from 'react';
import { App, InputNumber, Modal, Space } from 'antd';
import {
  ROTATE_GRACE_HOURS_DEFAULT,
  ROTATE_GRACE_HOURS_MAX,
  type ServiceClientRecord,
  type ServiceClientSecret,
} from '@vaultdesk/contract';
import { errorMessage, isApprovalRequested } from '../../../api/client';
import { useRotateServiceClientMutation } from '../api/rotate-service-client';

/** Rotate: how long the old secret stays valid, then the new secret shown once. */
export const RotateDialog = ({
  client,
  onClose,
  onRotated,
}: {
  client: ServiceClientRecord | null;
  onClose: () => void;
  onRotated: (shown: ServiceClientSecret) => void;
}) => {
  const [graceHours, setGraceHours] = useState<number>(ROTATE_GRACE_HOURS_DEFAULT);
  const rotate = useRotateServiceClientMutation();
  const { message } = App.useApp();
  return (
    <Modal
      title={client ? `Rotate the secret of ${client.name}` : ''}
      open={!!client}
      onCancel={onClose}
      okText="Rotate"
      okButtonProps={{ danger: true }}
      confirmLoading={rotate.isPending}
      destroyOnHidden
      onOk={() =>
        rotate.mutate(
          { id: client!._id, graceHours },
          {
            onSuccess: (res) => {
              onClose();
              onRotated(res.data);
            },
            onError: (err) => {
              if (isApprovalRequested(err)) onClose();
              else void message.error(errorMessage(err));
            },
          },
        )
      }
    >
      <Space direction="vertical">
        <span>
          A new secret is made and shown once. The current secret keeps working for the grace period, so the customer
          app backend can switch over; 0 refuses it at once.
        </span>
        <label>
          Grace period (hours, 0 to {ROTATE_GRACE_HOURS_MAX}){' '}
          <InputNumber
            aria-label="Grace period in hours"
            min={0}
            max={ROTATE_GRACE_HOURS_MAX}
            precision={0}
            value={graceHours}
            onChange={(v) => setGraceHours(v ?? 0)}
          />
        </label>
      </Space>
    </Modal>
  );
};
