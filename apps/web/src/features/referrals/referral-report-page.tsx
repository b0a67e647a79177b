import { Typography } from 'antd';

export const ReferralReportPage = () => <Typography.Title level={3}>Referral Report</Typography.Title>;
