import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { queryClient } from './api/query-client';
import { App } from './app';
import { startHome, startSignedOutPage } from './routes';
import { currentUserQuery } from './features/auth/api';
import { keepUser } from './offline/kept-user';
import { isHomePage, isPrerenderedSignedOut } from './prerendered';
import './index.css';
import { showFlashToast } from './ui/flash-toast';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// A toast saved just before a full page load (deleting a playlist ends on /library).
showFlashToast();

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>
);

if (isPrerenderedSignedOut(rootElement)) {
  // The server sends the build-time landing or sign-in page only when the request has no valid
  // session: nobody to ask /api/auth/user about, and React adopts the markup already on screen.
  queryClient.setQueryData(currentUserQuery.queryKey, null);
  // Nobody is signed in here any more (a session that expired): the app must not open offline as them.
  keepUser(localStorage, null);
  // With the page's code here (preloaded by the page), hydration finishes in one pass; as a
  // transition it yields to the browser every few milliseconds instead of blocking a slow phone's
  // main thread for the whole pass (what Next.js does), so a tap on the page is not kept waiting.
  void startSignedOutPage(window.location.pathname).finally(() => startTransition(() => void hydrateRoot(rootElement, app)));
} else {
  // Started now, not after a first render commits: on a slow phone every step of the chain costs.
  const signInChecked = queryClient.prefetchQuery(currentUserQuery);
  // A transition too: the first render yields to the browser between components.
  const render = () => startTransition(() => createRoot(rootElement).render(app));
  // Home's page preloads the sign-in check and the shell's and Home's code: once they are here the
  // first render is Home itself, not a loading screen, then the shell, then Home.
  if (isHomePage(rootElement)) void Promise.all([signInChecked, startHome()]).finally(render);
  else render();
}
