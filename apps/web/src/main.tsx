import './index.css';
import './i18n';
import { TOAST_DURATION_MS } from '@ritim/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import { queryClient } from './query-client';
import { router } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster richColors closeButton duration={TOAST_DURATION_MS} position="top-right" />
    </QueryClientProvider>
  </StrictMode>,
);
