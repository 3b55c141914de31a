import { AppRoutes } from './routes';
import { DeferredToaster } from './ui/deferred-toaster';

/** The whole app inside its router and query client: the browser renders it, the build prerenders it. */
export function App() {
  return (
    <>
      <AppRoutes />
      <DeferredToaster />
    </>
  );
}
