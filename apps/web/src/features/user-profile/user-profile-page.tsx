import { Typography } from 'antd';

export const UserProfilePage = () => <Typography.Title level={3}>User Profile</Typography.Title>;
