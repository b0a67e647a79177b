import { Typography } from 'antd';

export const BalanceSearchPage = () => <Typography.Title level={3}>Wallet Balance Search</Typography.Title>;
