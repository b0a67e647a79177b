import { Typography } from 'antd';

export const AllUsersPage = () => <Typography.Title level={3}>Users</Typography.Title>;
