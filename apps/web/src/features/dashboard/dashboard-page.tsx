import { Flex } from 'antd';
import { isPrivilegedRole } from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { useMe } from '../../api/me';
import { LoadErrorResult } from '../../components/status-results';
import { useDashboard } from './api/get-dashboard';
import { DashboardCards } from './components/dashboard-cards';
import { TreasuryPanels } from './components/treasury-panels';
import { TrendCharts } from './components/trend-charts';
import { Typography } from '../../components/typography';

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
      {privileged && <TreasuryPanels />}
      <TrendCharts />
    </Flex>
  );
};
