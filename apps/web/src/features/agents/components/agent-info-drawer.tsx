import { Descriptions, Drawer, Flex } from 'antd';
import type { AgentRow } from '@vaultdesk/contract';
import { EncryptedImage } from '../../../components/encrypted-image';
import { Typography } from '../../../components/typography';

const Picture = ({
  title,
  cid,
  encryptKey,
  width,
}: {
  title: string;
  cid: string | null | undefined;
  encryptKey: string | null | undefined;
  width: number;
}) => (
  <Flex vertical gap={4}>
    <Typography.Text strong>{title}</Typography.Text>
    <EncryptedImage cid={cid} encryptKey={encryptKey} alt={title} width={width} />
  </Flex>
);

/** Agent Info: the agent's KYC, its pictures fetched from the store and decrypted in the browser. */
export const AgentInfoDrawer = ({ agent, onClose }: { agent: AgentRow; onClose: () => void }) => {
  const kyc = agent.agentKyc;
  return (
    <Drawer title={`Agent Info: ${agent.username}`} open onClose={onClose} size={460}>
      <Flex vertical gap={16}>
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label="Full Name">{agent.fullName}</Descriptions.Item>
          <Descriptions.Item label="Email">{agent.email}</Descriptions.Item>
          <Descriptions.Item label="User Type">{agent.userType}</Descriptions.Item>
          <Descriptions.Item label="ID Type">{kyc?.idcardType ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Store State">{kyc?.storeState ?? '—'}</Descriptions.Item>
        </Descriptions>
        <Picture title="ID Card" cid={kyc?.idCardImageUrl} encryptKey={kyc?.idCardEncryptKey} width={300} />
        <Picture title="Shop Image" cid={kyc?.shopImageUrl} encryptKey={kyc?.shopImageEncryptKey} width={300} />
        <Picture
          title="Shop Owner Selfie"
          cid={kyc?.shopOwnerSelfieUrl}
          encryptKey={kyc?.shopOwnerSelfieEncryptKey}
          width={200}
        />
      </Flex>
    </Drawer>
  );
};
