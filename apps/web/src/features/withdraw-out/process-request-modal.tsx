import { App, Button, Flex, Form, Input, Modal, type FormInstance } from 'antd';
import {
  CURRENCY_CODES,
  formatAmount,
  PROCESS_FAILED,
  PROCESS_TRIGGERED,
  shortAddress,
  TX_HASH,
  type WithdrawalRequest,
} from '@vaultdesk/contract';
import { isApprovalRequested } from '../../api/client';
import { Typography } from '../../components/typography';
import { useProcessWithdrawal } from './api/withdrawal-mutations';
import type { useWalletPayout } from './use-wallet-payout';

/** Process Request: pay from the connected wallet (on-chain payouts) or enter a payout's hash, then record it. */
export const ProcessRequestModal = ({
  processing,
  setProcessing,
  form,
  payout: { paid, transferring, transfer, recorded },
}: {
  processing: WithdrawalRequest | null;
  setProcessing: (r: WithdrawalRequest | null) => void;
  form: FormInstance<{ hash: string }>;
  payout: ReturnType<typeof useWalletPayout>;
}) => {
  const { message } = App.useApp();
  const process = useProcessWithdrawal();
  return (
    <Modal
      title="Process Request"
      open={!!processing}
      okText="Process"
      confirmLoading={process.isPending}
      onCancel={() => setProcessing(null)}
      onOk={() =>
        void form.validateFields().then(({ hash }) =>
          process
            .mutateAsync({ requestId: processing!._id, hash: hash.trim(), inApp: processing!.inAppTransaction })
            .then(
              () => {
                message.success(PROCESS_TRIGGERED);
                recorded(processing!._id);
                setProcessing(null);
              },
              (e: unknown) => {
                if (isApprovalRequested(e)) setProcessing(null);
                else void message.error(PROCESS_FAILED);
              },
            ),
        )
      }
    >
      {processing && !processing.inAppTransaction && (
        <Flex vertical gap={8} style={{ marginBottom: 12 }}>
          <Typography.Text>
            Pay {formatAmount(processing.finalAmount)} {CURRENCY_CODES[processing.currency as 1 | 2] ?? ''} to{' '}
            <span title={processing.destinationAddress}>{shortAddress(processing.destinationAddress)}</span> from the
            connected wallet, or enter the hash of a payout made elsewhere.
          </Typography.Text>
          <Button
            loading={transferring}
            disabled={!!paid[processing._id]}
            onClick={() => transfer(processing)}
            style={{ alignSelf: 'flex-start' }}
          >
            {paid[processing._id] ? 'Transferred' : 'Transfer with wallet'}
          </Button>
        </Flex>
      )}
      <Form form={form} layout="vertical">
        <Form.Item
          name="hash"
          label="Transaction hash"
          rules={[
            { required: true, message: 'Enter the transaction hash' },
            { pattern: TX_HASH, message: 'Enter a transaction hash: 0x followed by 64 hex digits' },
          ]}
        >
          <Input placeholder="0x..." />
        </Form.Item>
      </Form>
    </Modal>
  );
};
