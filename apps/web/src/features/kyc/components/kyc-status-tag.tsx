import { Tag } from 'antd';
import { KYC_LEVEL_TWO, stateInfo } from '@vaultdesk/contract';
import { StatusTag } from '../../../components/status-tag';

export const KycStatusTag = ({ status }: { status: string | null }) => {
  if (!status) return <Tag>none</Tag>;
  const info = stateInfo(KYC_LEVEL_TWO, status);
  return <StatusTag color={info.color}>{info.label}</StatusTag>;
};
