/** Every KYC read lives under this key, so a decision refreshes the list, the case and its history at once. */
export const KYC_KEY = ['admin', 'kyc'] as const;
