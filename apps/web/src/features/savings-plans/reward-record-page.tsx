import { Typography } from 'antd';

export const RewardRecordPage = () => <Typography.Title level={3}>Reward Record</Typography.Title>;
