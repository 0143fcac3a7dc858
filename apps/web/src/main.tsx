import './index.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { ToastArea } from './components/toast';
import { i18nReady } from './i18n';
import { queryClient } from './query-client';
import { router } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ToastArea />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
