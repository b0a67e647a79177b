import { useState } from 'react';
import { Button, Flex } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { isSuperAdmin, PLAN_TYPES, type PlanBatch, type PlanType } from '@vaultdesk/contract';
import { ApiError, errorMessage } from '../../api/client';
import { useMe } from '../../api/me';
import { FullPageSpin } from '../../components/full-page-spin';
import { LoadErrorResult, NotFoundResult } from '../../components/status-results';
import { usePlanBatches } from './api/get-plan-batches';
import { useSavingsPlan } from './api/get-savings-plan';
import { PlanBatchesTable } from './components/plan-batches-table';
import { PlanDetails } from './components/plan-details';
import { ResolvePlanModal } from './components/resolve-plan-modal';
import { Card } from '../../components/light-card';
import { Typography } from '../../components/typography';

const isPlanType = (v: string | undefined): v is PlanType => (PLAN_TYPES as readonly string[]).includes(v ?? '');

export const SavingsPlanPage = () => {
  const { type, id } = useParams();
  if (!isPlanType(type) || !id) return <NotFoundResult />;
  return <SavingsPlanView planType={type} planId={id} />;
};

const SavingsPlanView = ({ planType, planId }: { planType: PlanType; planId: string }) => {
  const navigate = useNavigate();
  const { data: me } = useMe();
  const plan = useSavingsPlan(planId, planType);
  const batches = usePlanBatches(planId, planType);
  const [resolving, setResolving] = useState<PlanBatch | null>(null);
  const superAdmin = isSuperAdmin(me?.authRole.name);
  const canResolve = me?.authRole.permissions.includes('plans.resolve') ?? false;

  if (plan.isPending) return <FullPageSpin />;
  if (plan.error) {
    return plan.error instanceof ApiError && plan.error.status === 404 ? (
      <NotFoundResult />
    ) : (
      <LoadErrorResult message={errorMessage(plan.error)} onRetry={() => void plan.refetch()} />
    );
  }
  const p = plan.data;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Savings Plan: {p.planName}
        </Typography.Title>
        {superAdmin && (
          // Open Plan: the plan in its owner's profile (balances, plans list, savings transactions).
          <Button type="primary" onClick={() => void navigate(`/user-profile/${p.userId}`)} data-testid="open-plan">
            Open Plan
          </Button>
        )}
      </Flex>
      <PlanDetails plan={p} />
      <Card title="Batches the plan was involved in" size="small">
        {batches.error ? (
          <LoadErrorResult message={errorMessage(batches.error)} onRetry={() => void batches.refetch()} />
        ) : (
          <PlanBatchesTable
            batches={batches.data?.batches ?? []}
            loading={batches.isFetching}
            canResolve={canResolve}
            onResolve={setResolving}
          />
        )}
      </Card>
      <ResolvePlanModal planId={planId} batch={resolving} onClose={() => setResolving(null)} />
    </Flex>
  );
};
