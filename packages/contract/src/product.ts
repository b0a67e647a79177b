/** The product's own token; `{product}` in the specifications. */
export const PRODUCT = { slug: 'vlt', symbol: 'VLT', name: 'Vault Token' } as const;
