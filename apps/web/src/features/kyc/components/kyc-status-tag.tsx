import { Tag } from 'antd';
import { KYC_LEVEL_TWO } from '@vaultdesk/contract';
import { StateTag } from '../../../components/status-tag';

export const KycStatusTag = ({ status }: { status: string | null }) =>
  status ? <StateTag machine={KYC_LEVEL_TWO} state={status} /> : <Tag>none</Tag>;
