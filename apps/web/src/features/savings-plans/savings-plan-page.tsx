import { Typography } from 'antd';

export const SavingsPlanPage = () => <Typography.Title level={3}>Savings Plan</Typography.Title>;
