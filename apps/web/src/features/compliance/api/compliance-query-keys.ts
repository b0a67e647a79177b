export const COMPLIANCE_KEY = ['admin', 'compliance'] as const;
