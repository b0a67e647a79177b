import { Descriptions } from 'antd';
import { errorMessage } from '../../../api/client';
import { LoadErrorResult } from '../../../components/status-results';
import { useOverallPlans } from '../api/get-overall-plans';
import { formatUsd } from '@vaultdesk/contract';
import { Card } from '../../../components/light-card';

export const PlanTotalsCard = ({ enabled }: { enabled: boolean }) => {
  const { data, isPending, error, refetch } = useOverallPlans(enabled);
  return (
    <Card title="Savings plans" loading={isPending} data-testid="plan-totals">
      {error ? (
        <LoadErrorResult message={errorMessage(error)} onRetry={() => void refetch()} />
      ) : data ? (
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label="Active fixed plans">{data.total_active_fixed_plan}</Descriptions.Item>
          <Descriptions.Item label="All fixed plans">{data.total_all_fixed_plan}</Descriptions.Item>
          <Descriptions.Item label="Active fixed plans (USD)">
            {formatUsd(data.total_active_fixed_plan_to_usd)}
          </Descriptions.Item>
          <Descriptions.Item label="Active flexible plans">{data.total_active_flexible_plan}</Descriptions.Item>
          <Descriptions.Item label="All flexible plans">{data.total_all_flexible_plan}</Descriptions.Item>
          <Descriptions.Item label="Active flexible plans (USD)">
            {formatUsd(data.total_active_flexible_plan_to_usd)}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Card>
  );
};
