// npm run dev: the server under tsx watch (restarts on change) and Vite with hot reload,
// which proxies /api to the server. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import { root } from './build-state.mjs';

const env = { ...process.env, NODE_ENV: 'development', NODE_OPTIONS: '--conditions=kora-source' };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/src/main.ts'], { cwd: root, stdio: 'inherit', env }),
  spawn('npx', ['vite'], { cwd: `${root}/web`, stdio: 'inherit', env: { ...process.env } }),
];

function stopAll() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children) {
  child.on('exit', (code) => {
    stopAll();
    process.exitCode = code ?? 0;
  });
}
