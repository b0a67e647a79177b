import { useState } from 'react';
import { App, type FormInstance } from 'antd';
import type { Address, EIP1193Provider } from 'viem';
import {
  CURRENCY_CODES,
  formatAmount,
  FUNDS_TRANSFERRED,
  shortAddress,
  type WithdrawalRequest,
} from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { useChainConfig } from '../../api/chain-config';
import { hasInjectedProvider, NO_PROVIDER, useWalletState } from '../../components/wallet/wallet-state';

/** Payouts sent from this browser's wallet and not yet recorded with Process, by request id. */
const PAID_KEY = 'vaultdesk.withdrawal-payouts';
const readPaid = (): Record<string, string> => {
  try {
    return JSON.parse(localStorage.getItem(PAID_KEY) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
};
const forgetPaid = (id: string) => {
  const { [id]: _recorded, ...rest } = readPaid();
  localStorage.setItem(PAID_KEY, JSON.stringify(rest));
};

/**
 * Payouts from the connected wallet: `transfer` sends a request's final amount, `paid` remembers the
 * hashes sent from this browser until Process records them (`recorded`).
 */
export const useWalletPayout = (form: FormInstance<{ hash: string }>) => {
  const { message, modal } = App.useApp();
  const { address, chainId, isConnected } = useWalletState();
  const { data: chain } = useChainConfig();
  const [transferring, setTransferring] = useState(false);
  const [paid, setPaid] = useState(readPaid);

  /**
   * Process Request of an on-chain payout: the connected wallet transfers the final amount to the
   * destination; once mined the spec's 'Funds transfer was successful. Continue process.' shows and
   * the hash fills the form, to be recorded with Process.
   */
  const transfer = (r: WithdrawalRequest) => {
    // One payout per request: a transfer made from this browser is remembered until Process records it.
    const earlier = readPaid()[r._id];
    if (earlier) return void message.warning(`Already paid from this browser: ${earlier}. Record it with Process.`);
    const provider = (window as { ethereum?: EIP1193Provider }).ethereum;
    if (!hasInjectedProvider() || !provider) return void message.error(NO_PROVIDER);
    if (!isConnected || !address) return void message.warning('Connect Metamask first');
    if (!chain?.contracts || !chain.chainId) return void message.error('No chain is configured on the server');
    if (chainId !== chain.chainId) return void message.warning(`Switch the wallet to chain ${chain.chainId} first`);
    const currency = CURRENCY_CODES[r.currency as 1 | 2] ?? 'BUSD';
    const token = (currency === 'VLT' ? chain.contracts.VLT : chain.contracts.BUSD) as Address;
    modal.confirm({
      title: 'Are you sure?',
      content: `Send ${formatAmount(r.finalAmount)} ${currency} to ${shortAddress(r.destinationAddress)} from ${shortAddress(address)}?`,
      okText: 'Send',
      onOk: () => {
        setTransferring(true);
        void import('./transfer-funds')
          .then(({ transferFunds }) =>
            transferFunds({
              provider,
              account: address,
              token,
              to: r.destinationAddress as Address,
              amount: r.finalAmount,
            }),
          )
          .then(
            (hash) => {
              const next = { ...readPaid(), [r._id]: hash };
              localStorage.setItem(PAID_KEY, JSON.stringify(next));
              setPaid(next);
              form.setFieldValue('hash', hash);
              message.success(FUNDS_TRANSFERRED);
            },
            (e: unknown) => message.error(errorMessage(e)),
          )
          .finally(() => setTransferring(false));
      },
    });
  };

  /** Process recorded the payout of request `id`: this browser forgets it. */
  const recorded = (id: string) => {
    forgetPaid(id);
    setPaid(readPaid());
  };

  return { paid, transferring, transfer, recorded };
};
