import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    rolldownOptions: {
      treeshake: {
        // Features expose what others use through one index.ts (biome.json enforces it), and src/shared holds the
        // API's zod schemas beside plain rules. These modules only declare things, so a page that imports one name
        // must not pull in the rest: public pages keep their JavaScript budget (docs/decisions/0001).
        moduleSideEffects: [
          { test: /\/src\/web\/features\/[^/]+\/.+\.tsx?$/, sideEffects: false },
          { test: /\/src\/shared\/.+\.ts$/, sideEffects: false },
        ],
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/healthz': `http://127.0.0.1:${apiPort}`,
      '/readyz': `http://127.0.0.1:${apiPort}`,
      '/dev': `http://127.0.0.1:${apiPort}`,
    },
  },
});
