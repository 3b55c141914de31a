import { hasNginx, NGINX_BINARY, type RunningNginx, startNginx as startNginxWith } from '../../server/test/helpers/nginx.js';

export { hasNginx, NGINX_BINARY };

/** Debian's nginx serving one folder as static files (ranges are built in), `workers` worker processes. */
export async function startNginx(root: string, options: { workers: number; probePath: string }): Promise<RunningNginx & { workers: number }> {
  const nginx = await startNginxWith(
    (port) => `
  access_log off;
  types { audio/mpeg mp3; image/jpeg jpg; }
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }`,
    { workers: options.workers, probePath: `/${options.probePath}` },
  );
  return { ...nginx, workers: options.workers };
}
