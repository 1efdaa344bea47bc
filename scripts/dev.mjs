// Development: the API (restarting on change) and Vite's dev server (proxying /api) side by side.
import { spawn } from 'node:child_process';

const children = [
  spawn('./node_modules/.bin/tsx', ['watch', 'api/index.ts'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } }),
  spawn('./node_modules/.bin/vite', [], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => code && process.exit(code)));
