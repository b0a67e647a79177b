import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';

// Ant Design's providers are not here: they load with the first screen that uses Ant Design
// (see layouts/root-layout.tsx), so the sign-in page does not download them.
export const Providers = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);
