import { QueuePage } from './components/queue-page';

/** Internal operations (/internals): the pending deposit queue with its process list controls. */
export const InternalsPage = () => <QueuePage queue="deposit" title="Internal Operations" fixedStatus="pending" />;
