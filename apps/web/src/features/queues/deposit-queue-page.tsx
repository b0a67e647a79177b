import { QueuePage } from './components/queue-page';

export const DepositQueuePage = () => <QueuePage queue="deposit" title="Deposit Queue" />;
