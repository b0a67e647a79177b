import { Col, Row } from 'antd';
import type { DashboardTrends } from '@vaultdesk/contract';
import { errorMessage } from '../../../api/client';
import { LoadErrorResult } from '../../../components/status-results';
import { useDashboardTrends } from '../api/get-dashboard-trends';
import { formatUsd } from '@vaultdesk/contract';
import { TrendChart, type TrendPoint } from './trend-chart';
import { Card } from '../../../components/light-card';

const peak = (points: TrendPoint[]) => points.reduce((best, p) => (p.value > best.value ? p : best), points[0]!);

const signupPoints = (days: DashboardTrends): TrendPoint[] =>
  days.map((d) => ({ day: d.day, value: d.signups, display: `${d.signups} sign-ups` }));

const volumePoints = (days: DashboardTrends): TrendPoint[] =>
  days.map((d) => ({ day: d.day, value: Number(d.savingsVolume), display: formatUsd(d.savingsVolume) }));

/** Daily sign-ups and savings volume of the last 30 days: for every staff role. */
export const TrendCharts = () => {
  const { data, isPending, error, refetch } = useDashboardTrends();
  const retry = () => void refetch();
  const charts = data &&
    data.length > 0 && {
      signups: signupPoints(data),
      volume: volumePoints(data),
    };
  const totalSignups = data?.reduce((s, d) => s + d.signups, 0) ?? 0;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title="Daily sign-ups (last 30 days)" loading={isPending} data-testid="chart-signups">
          {error ? (
            <LoadErrorResult message={errorMessage(error)} onRetry={retry} />
          ) : charts ? (
            <TrendChart
              testId="signups-chart"
              title="Daily sign-ups, last 30 days"
              kind="bar"
              integer
              yLabel="Sign-ups"
              points={charts.signups}
              summary={`${totalSignups} sign-ups from ${data[0]!.day} to ${data[data.length - 1]!.day}; most on ${peak(charts.signups).day} (${peak(charts.signups).value}).`}
            />
          ) : null}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title="Daily savings volume in USD (last 30 days)" loading={isPending} data-testid="chart-savings-volume">
          {error ? (
            <LoadErrorResult message={errorMessage(error)} onRetry={retry} />
          ) : charts ? (
            <TrendChart
              testId="savings-volume-chart"
              title="Daily savings volume in USD, last 30 days"
              kind="line"
              yLabel="USD"
              points={charts.volume}
              summary={`Savings deposits and withdrawals from ${data[0]!.day} to ${data[data.length - 1]!.day}; highest on ${peak(charts.volume).day} (${peak(charts.volume).display}).`}
            />
          ) : null}
        </Card>
      </Col>
    </Row>
  );
};
