import { Flex, Modal, Progress } from 'antd';
import { shortAddress } from '@vaultdesk/contract';
import type { BatchProgress } from '../batch/run-batch';
import { progressStatus, stepLine } from './batch-steps';
import { Typography } from '../../../components/typography';

/** The batch's progress: its bar, the current step, every step so far, its hash and whether the server holds it. */
export const BatchProgressModal = ({
  progress,
  steps,
  close,
}: {
  progress: BatchProgress | null;
  steps: BatchProgress[];
  close: () => void;
}) => (
  <Modal
    open={!!progress}
    title="Batch progress"
    footer={progress?.status === 'active' ? null : undefined}
    onOk={close}
    onCancel={close}
    closable={progress?.status !== 'active'}
  >
    {progress && (
      <Flex vertical gap={8}>
        <Progress percent={progress.percent} status={progressStatus(progress.status)} aria-label="Batch progress" />
        <Typography.Text data-testid="batch-step">{progress.step}</Typography.Text>
        <ol aria-label="Batch steps" style={{ margin: 0, paddingInlineStart: 20 }}>
          {steps.map((s, i) => (
            <li key={`${i}-${s.step}`}>{stepLine(steps, i)}</li>
          ))}
        </ol>
        {progress.hash && (
          <Typography.Text copyable={{ text: progress.hash }} data-testid="batch-hash">
            {shortAddress(progress.hash)}
          </Typography.Text>
        )}
        {progress.hash && progress.recorded !== undefined && (
          <Typography.Text type={progress.recorded ? 'secondary' : 'warning'} data-testid="batch-recorded">
            {progress.recorded
              ? 'Hash recorded on the server: this batch will not be sent again'
              : 'The server could not record the hash yet: the save carries it'}
          </Typography.Text>
        )}
        {progress.message && (
          <Typography.Text type={progress.status === 'exception' ? 'danger' : 'success'} data-testid="batch-message">
            {progress.message}
          </Typography.Text>
        )}
      </Flex>
    )}
  </Modal>
);
