import { Alert, Flex } from 'antd';
import { Link } from 'react-router';
import { isPrivilegedRole } from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { useMe } from '../../api/me';
import { useApprovalCount } from '../../api/approval-count';
import { LoadErrorResult } from '../../components/status-results';
import { useDashboard } from './api/get-dashboard';
import { DashboardCards } from './components/dashboard-cards';
import { TreasuryPanels } from './components/treasury-panels';
import { TrendCharts } from './components/trend-charts';
import { Typography } from '../../components/typography';

/** Four eyes: how many requests await the viewer's approval, with the way to them. */
const ApprovalsWaiting = () => {
  const { data } = useApprovalCount();
  if (!data || (data.awaitingMe === 0 && data.mine === 0)) return null;
  return (
    <Alert
      type={data.awaitingMe ? 'warning' : 'info'}
      showIcon
      data-testid="approvals-waiting"
      title={`${data.awaitingMe} request${data.awaitingMe === 1 ? '' : 's'} awaiting your approval${data.mine ? `; ${data.mine} of yours awaiting someone else's` : ''}`}
      action={<Link to="/approvals">Open Approvals</Link>}
    />
  );
};

export const DashboardPage = () => {
  const { data, isPending, error, refetch } = useDashboard();
  // The server refuses these calls to other roles; they are not even sent.
  const privileged = isPrivilegedRole(useMe().data?.authRole.name);

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Dashboard
      </Typography.Title>
      {error ? (
        <LoadErrorResult message={errorMessage(error)} onRetry={() => void refetch()} />
      ) : (
        <DashboardCards cards={data} loading={isPending} />
      )}
      <ApprovalsWaiting />
      {privileged && <TreasuryPanels />}
      <TrendCharts />
    </Flex>
  );
};
