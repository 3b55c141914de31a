// Built with `vite build --ssr` and run by scripts/prerender.mjs after the client build: the
// signed-out pages as HTML, so their text shows before any JavaScript arrives on a slow link.
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { createQueryClient } from './api/query-client';
import { App } from './app';
import { currentUserQuery } from './features/auth/api';

// For scripts/prerender.mjs, which preloads the footer player's chunk where the shell shows it.
export { WIDE_MEDIA_QUERY } from './ui/breakpoints';

/** The markup of a signed-out page at `url`, with every lazy page it shows loaded. */
export async function renderSignedOut(url: string): Promise<string> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQuery.queryKey, null);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
