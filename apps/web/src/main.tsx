import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { parseWithoutEval } from '@vaultdesk/contract';
import { captureLocation } from './api/location';
import { installApiEventHandlers } from './app/api-events';
import { Providers } from './app/providers';
import { queryClient } from './app/query-client';
import { router } from './app/router';

// The CSP allows no eval: Zod must not even probe for it.
parseWithoutEval();
captureLocation();
installApiEventHandlers((to, opts) => router.navigate(to, opts), queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
