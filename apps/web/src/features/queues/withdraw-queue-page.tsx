import { QueuePage } from './components/queue-page';

export const WithdrawQueuePage = () => <QueuePage queue="withdraw" title="Withdraw Queue" />;
