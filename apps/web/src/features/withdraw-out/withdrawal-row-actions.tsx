import { Button, Flex, Popconfirm } from 'antd';
import {
  canTransition,
  stateInfo,
  targetsFrom,
  WITHDRAWAL_CANCELLED,
  WITHDRAWAL_PROCESSED,
  WITHDRAWAL_SELECTABLE,
  withdrawalMachine,
  type WithdrawalRequest,
  type WithdrawalStatus,
} from '@vaultdesk/contract';
import { Select } from '../../components/lazy-select';

export const statusLabel = (s: number) => stateInfo(withdrawalMachine, s).label;

/** A row's actions: change status (the targets the staff member may reach), Process Request, Cancel Request. */
export const WithdrawalRowActions = ({
  request: r,
  permissions,
  onStatus,
  onProcess,
  onCancel,
}: {
  request: WithdrawalRequest;
  permissions: readonly string[];
  onStatus: (status: number) => void;
  onProcess: () => void;
  onCancel: () => Promise<unknown>;
}) => {
  const targets = targetsFrom(withdrawalMachine, r.status as WithdrawalStatus, permissions).filter((s) =>
    WITHDRAWAL_SELECTABLE.includes(s),
  );
  return (
    <Flex gap={4} wrap>
      {targets.length > 0 && (
        <Select<number>
          size="small"
          style={{ width: 130 }}
          placeholder="Change status"
          aria-label={`Change status of ${r.userId.username}`}
          value={null}
          options={targets.map((s) => ({ value: s, label: statusLabel(s) }))}
          onChange={onStatus}
        />
      )}
      {canTransition(withdrawalMachine, r.status as WithdrawalStatus, WITHDRAWAL_PROCESSED, permissions) && (
        <Button size="small" type="primary" onClick={onProcess}>
          Process Request
        </Button>
      )}
      {canTransition(withdrawalMachine, r.status as WithdrawalStatus, WITHDRAWAL_CANCELLED, permissions) && (
        <Popconfirm
          title="Are you sure?"
          description="Cancel this request and return the funds to the user?"
          okText="Yes"
          onConfirm={onCancel}
        >
          <Button size="small" danger>
            Cancel Request
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );
};
