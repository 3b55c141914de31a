import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForHealthOf } from './bench-utils.js';

export const NGINX_BINARY = '/usr/sbin/nginx';

export type RunningNginx = { child: ChildProcess; url: string; workers: number };

/**
 * Debian's nginx serving one folder as static files (ranges are built in), in the foreground
 * as a child of the bench, with its config, logs and temp folders in a fresh temp dir.
 */
export async function startNginx(root: string, options: { workers: number; probePath: string }): Promise<RunningNginx> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'kora-bench-nginx-'));
  const port = await freePort();
  const temp = (name: string) => path.join(prefix, name);
  const config = `
daemon off;
master_process on;
worker_processes ${options.workers};
${process.getuid?.() === 0 ? 'user root;' : ''}
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  types { audio/mpeg mp3; image/jpeg jpg; }
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`;
  fs.writeFileSync(temp('nginx.conf'), config);
  const child = spawn(NGINX_BINARY, ['-p', prefix, '-e', temp('error.log'), '-c', temp('nginx.conf')], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealthOf(`${url}/${options.probePath}`, child);
  return { child, url, workers: options.workers };
}

export function hasNginx(): boolean {
  return fs.existsSync(NGINX_BINARY);
}
