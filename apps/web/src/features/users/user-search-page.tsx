import { Typography } from 'antd';

export const UserSearchPage = () => <Typography.Title level={3}>User Search</Typography.Title>;
