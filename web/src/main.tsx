import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { queryClient } from './api/query-client';
import './index.css';
import { AppRoutes } from './routes';
import { showFlashToast } from './ui/flash-toast';
import { Toaster } from './ui/toaster';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// A toast saved just before a full page load (deleting a playlist ends on /library).
showFlashToast();

createRoot(rootElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
        <Toaster />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
