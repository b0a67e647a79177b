import { App as AntApp, Button, Popconfirm } from 'antd';
import { useMe } from '../../../../api/me';
import { useResolveMultipleWalletIssueMutation } from '../../api/resolve-multiple-wallet-issue';
import { showFundsFailure } from './funds-feedback';

/**
 * Resolve a duplicate wallet: shown only when the customer has more than one wallet, to staff
 * holding `wallets.resolve` (Super Admin, Compliance). The server moves the wallet's balances
 * into the customer's oldest active wallet and deactivates it; it refuses the primary wallet
 * itself, which the page may hide by passing `primary`.
 */
export const ResolveWalletAction = ({
  userId,
  walletId,
  walletCount,
  primary = false,
}: {
  userId: string;
  walletId: string;
  walletCount: number;
  primary?: boolean;
}) => {
  const { message } = AntApp.useApp();
  const me = useMe();
  const resolve = useResolveMultipleWalletIssueMutation(userId);

  if (walletCount <= 1 || primary || !me.data?.authRole.permissions.includes('wallets.resolve')) return null;

  const run = async () => {
    if (resolve.isPending) return;
    try {
      const result = await resolve.mutateAsync({ walletId });
      void message.success(result.message);
    } catch (error) {
      showFundsFailure(message, error);
    }
  };

  return (
    <Popconfirm
      title="Are you sure?"
      description="Move this wallet's balances into the customer's primary wallet and deactivate it."
      okText="Yes"
      cancelText="No"
      onConfirm={run}
      disabled={resolve.isPending}
    >
      <Button
        size="small"
        data-testid={`resolve-wallet-${walletId}`}
        disabled={resolve.isPending}
        loading={resolve.isPending}
      >
        Resolve
      </Button>
    </Popconfirm>
  );
};
