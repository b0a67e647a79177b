/**
 * Remit Funds (Super Admin only): disabled while the profile loads or when both the BUSD and the
 * VLT wallet sums are zero; the funds area implements it.
 */
export const RemitFundsAction = (_props: { userId: string; busdSum: string; vltSum: string; loading: boolean }) => null;
