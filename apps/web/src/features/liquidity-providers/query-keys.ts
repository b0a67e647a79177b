export const liquidityProvidersKeys = {
  all: ['liquidity-providers'] as const,
  page: (page: number) => ['liquidity-providers', page] as const,
  bridgeRequest: (orderReference: string) => ['vlt-bridge', orderReference] as const,
};
