import { spawn } from 'node:child_process';

/**
 * `npm run dev`: the API server restarting on change (tsx watch) and Vite with hot reload, which proxies /api
 * to the server. Open http://localhost:5173.
 */

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts', '--dev'], {
    stdio: 'inherit',
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
