import { Tag } from 'antd';
import { KYC_LEVEL_TWO, stateInfo } from '@vaultdesk/contract';
import { tagColor } from '../../../components/tag-color';

export const KycStatusTag = ({ status }: { status: string | null }) => {
  if (!status) return <Tag>none</Tag>;
  const info = stateInfo(KYC_LEVEL_TWO, status);
  return <Tag color={tagColor(info.color)}>{info.label}</Tag>;
};
