import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './server-process.js';

/** Debian's nginx (`apt-get install nginx`; .ci/run installs it). */
export const NGINX_BINARY = '/usr/sbin/nginx';

export type RunningNginx = { child: ChildProcess; url: string; port: number; errorLog(): string; close(): Promise<void> };

/**
 * nginx in the foreground as a child of the caller, with its config, logs and temp folders in a
 * fresh temp dir. `http` is the inside of the http {} block, given the port to listen on; the
 * promise resolves once `probePath` answers.
 */
export async function startNginx(http: (port: number) => string | Promise<string>, { workers = 1, probePath = '/' } = {}): Promise<RunningNginx> {
  if (!fs.existsSync(NGINX_BINARY)) throw new Error(`${NGINX_BINARY} is missing: apt-get install nginx (.ci/run does)`);
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'kora-nginx-'));
  const port = await freePort();
  const temp = (name: string) => path.join(prefix, name);
  const config = `
daemon off;
master_process on;
worker_processes ${workers};
${process.getuid?.() === 0 ? 'user root;' : ''}
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 4096; }
http {
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  ${await http(port)}
}
`;
  fs.writeFileSync(temp('nginx.conf'), config);
  const child = spawn(NGINX_BINARY, ['-p', prefix, '-e', temp('error.log'), '-c', temp('nginx.conf')], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const errorLog = () => (fs.existsSync(temp('error.log')) ? fs.readFileSync(temp('error.log'), 'utf8') : '');
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${errorLog()}`);
    try {
      await fetch(`${url}${probePath}`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer in time: ${errorLog()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return {
    child,
    url,
    port,
    errorLog,
    async close() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

export function hasNginx(): boolean {
  return fs.existsSync(NGINX_BINARY);
}

const SHIPPED_CONFIG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../deploy/nginx/kora.conf');

/**
 * deploy/nginx/kora.conf as an operator fills it in (its upstream's ports, the web app's and the
 * media folders) and listening on `port`, for startNginx: everything else is the shipped file.
 */
export function filledInKoraConf(port: number, { upstreamPorts, webRoot, mediaRoot }: { upstreamPorts: number[]; webRoot: string; mediaRoot: string }): string {
  const shipped = fs.readFileSync(SHIPPED_CONFIG, 'utf8');
  const upstreamLines = /(\n\s*server 127\.0\.0\.1:300\d [^\n]+)+/;
  const edits: [string | RegExp, string][] = [
    [upstreamLines, upstreamPorts.map((upstreamPort) => `\n    server 127.0.0.1:${upstreamPort} max_fails=1 fail_timeout=5s;`).join('')],
    ['listen 80;', `listen 127.0.0.1:${port};`],
    ['root /srv/kora/web/dist;', `root ${webRoot};`],
    ['alias /srv/kora/data/media/;', `alias ${mediaRoot}/;`],
  ];
  let filled = shipped;
  for (const [line, replacement] of edits) {
    if (!(typeof line === 'string' ? filled.includes(line) : line.test(filled))) throw new Error(`deploy/nginx/kora.conf changed: ${String(line)} is not in it`);
    filled = filled.replace(line, replacement);
  }
  return `include /etc/nginx/mime.types;\naccess_log off;\n${filled}`;
}
