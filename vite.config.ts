import { readFile } from 'node:fs/promises';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { fillPublicPage } from './scripts/public-page';
import { DEFAULT_LANGUAGE, languageFromCookie, parseLanguage } from './src/shared/language';
import { isAppPath, isPrerenderedPath, NOT_FOUND_PATH } from './src/shared/routes';

const apiPort = Number(process.env.PORT ?? 3000);

/**
 * `npm run dev`: the public pages are static in production (ADR 0004), so the dev server renders them the same way
 * on each request — prerender + the islands script — instead of letting the app's router fall back to them.
 */
function publicPagesInDev(): Plugin {
  return {
    name: 'cena-public-pages-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const page = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
        const isDocument = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
        if (!isDocument || isAppPath(page) || /^\/(api|dev|@|src|node_modules)/.test(page)) return next();
        try {
          const lang =
            parseLanguage(url.searchParams.get('lang')) ??
            languageFromCookie(req.headers.cookie) ??
            DEFAULT_LANGUAGE;
          const index = await readFile(path.resolve('src/web/index.html'), 'utf8');
          const template = (await server.transformIndexHtml(req.url ?? '/', index)).replace(
            '/entry-client.tsx',
            '/entry-islands.ts',
          );
          const { render } = (await server.ssrLoadModule(
            '/entry-prerender.tsx',
          )) as typeof import('./src/web/entry-prerender');
          const known = isPrerenderedPath(page);
          const rendered = await render(known ? (page as '/') : NOT_FOUND_PATH, lang);
          res.statusCode = known ? 200 : 404;
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.end(fillPublicPage(template, { ...rendered, lang }));
        } catch (error) {
          next(error);
        }
      });
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), tailwindcss(), publicPagesInDev()],
  // Imports across rooms use tsconfig.json's #server/#web/#shared aliases.
  resolve: { tsconfigPaths: true },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    rolldownOptions: {
      output: {
        // The app's libraries in three chunks that entry-client.tsx runs one task each (ADR 0012), instead of
        // ≈ 40 small chunks run in one long task. Public pages' islands use none of them (ADR 0004).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: 'libraries',
              test: /node_modules[\\/](react-router|react-i18next|i18next|@tanstack|sonner)[\\/]/,
            },
            {
              name: 'forms',
              test: /node_modules[\\/](zod|react-hook-form|@hookform|better-auth|@better-auth|@better-fetch|nanostores)[\\/]/,
            },
          ],
        },
      },
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
      // The service worker and its offline page: "Avisar neste aparelho" registers it in development too (ADR 0038).
      '/sw.js': `http://127.0.0.1:${apiPort}`,
      '/offline': `http://127.0.0.1:${apiPort}`,
    },
  },
});
