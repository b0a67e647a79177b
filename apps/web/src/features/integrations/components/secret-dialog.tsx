import { Alert, Modal, Space } from 'antd';
import type { ServiceClientSecret } from '@vaultdesk/contract';
import { Typography } from '../../../components/typography';

/** The secret, this once: a copy button and the warning that it will not be shown again. */
export const SecretDialog = ({ shown, onClose }: { shown: ServiceClientSecret | null; onClose: () => void }) => (
  <Modal
    title={shown ? `Secret of ${shown.client.name}` : ''}
    open={!!shown}
    onCancel={onClose}
    onOk={onClose}
    okText="I have copied it"
    cancelButtonProps={{ style: { display: 'none' } }}
    maskClosable={false}
    destroyOnHidden
  >
    {shown && (
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert
          type="warning"
          showIcon
          title="Copy the secret now: it will not be shown again."
          description="Keep it in the customer app backend's secret store. If it is lost, rotate it."
        />
        <div>
          Key id:{' '}
          <Typography.Text code copyable data-testid="client-key-id">
            {shown.client.keyId}
          </Typography.Text>
        </div>
        <div>
          Secret:{' '}
          <Typography.Text code copyable data-testid="client-secret">
            {shown.secret}
          </Typography.Text>
        </div>
      </Space>
    )}
  </Modal>
);
