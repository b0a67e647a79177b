import { Flex, Typography } from 'antd';
import { errorMessage } from '../../api/client';
import { LoadErrorResult } from '../../components/status-results';
import { useDashboard } from './api/get-dashboard';
import { DashboardCards } from './components/dashboard-cards';

export const DashboardPage = () => {
  const { data, isPending, error, refetch } = useDashboard();

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
    </Flex>
  );
};
