/** Resolve a duplicate wallet: shown only when the customer has more than one wallet; the funds area implements it. */
export const ResolveWalletAction = (_props: { userId: string; walletId: string; walletCount: number }) => null;
