import { Col, Row, Statistic } from 'antd';
import type { DashboardCards as Cards } from '@vaultdesk/contract';
import { Card } from '../../../components/light-card';

const CARDS: { title: string; testId: string; value: (c: Cards) => number }[] = [
  { title: 'Total Users', testId: 'card-total-users', value: (c) => c.users },
  { title: 'SignUp Today', testId: 'card-signup-today', value: (c) => c.dailySignup },
  { title: 'Verified User', testId: 'card-verified-users', value: (c) => c.verifiedUsers },
  { title: 'Unverified Users', testId: 'card-unverified-users', value: (c) => c.unVerifiedUsers },
];

export const DashboardCards = ({ cards, loading }: { cards?: Cards; loading: boolean }) => (
  <Row gutter={[16, 16]}>
    {CARDS.map(({ title, testId, value }) => (
      <Col key={testId} xs={24} sm={12} xl={6}>
        <Card title={title} loading={loading} data-testid={testId}>
          {cards && <Statistic value={value(cards)} aria-label={title} />}
        </Card>
      </Col>
    ))}
  </Row>
);
