/** The referral report by user type. */
export {};
