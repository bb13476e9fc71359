import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/app';

/**
 * The layers of docs/decisions/0003: the server kernel and the domains never import the composition root, web
 * features import each other only through their index.ts, and nothing imports in a circle. `npm run lint`
 * (Biome's noRestrictedImports in biome.json) keeps the first two; this file proves the rules bite and checks the
 * cycles with dpdm.
 */

const BIOME = path.join(ROOT, 'node_modules/.bin/biome');

describe('biome.json import rules', () => {
  // A copy of the configuration in an empty folder, so each probe file is linted where it would live.
  const sandbox = mkdtempSync(path.join(tmpdir(), 'cena-lint-'));
  copyFileSync(path.join(ROOT, 'biome.json'), path.join(sandbox, 'biome.json'));
  afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

  function restricted(file: string, importLine: string): boolean {
    mkdirSync(path.join(sandbox, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(sandbox, file), `${importLine}\nexport const probe = y;\n`);
    const lint = spawnSync(BIOME, ['lint', '--reporter=json', file], { cwd: sandbox, encoding: 'utf8' });
    rmSync(path.join(sandbox, file));
    return lint.stdout.includes('lint/style/noRestrictedImports');
  }

  it.each([
    ['src/server/credits/probe.server.ts', "import { y } from '../http/app.server';"],
    ['src/server/videos/pipeline/probe.server.ts', "import { y } from '../../http/openapi.server';"],
    ['src/server/billing/probe.server.ts', "import { y } from '../cena.server';"],
    ['src/server/history/probe.server.ts', "import { y } from '../schema.server';"],
    ['src/server/kernel/probe.server.ts', "import type { y } from '../accounts/auth.server';"],
    ['src/web/features/dashboard/pages/probe.tsx', "import { y } from '../../credits/api/get-credits';"],
    ['src/web/features/faq/probe.tsx', "import { y } from '../public/components/page-header';"],
    ['src/web/features/accounts/components/profile/probe.tsx', "import { y } from '../../../billing/lib/x';"],
    ['src/web/features/shell/hooks/probe.ts', "const y = import('../../videos/api/realtime');"],
    // app/ is the top floor: no feature, component or lib imports it back; components/ and lib/ import no feature.
    ['src/web/features/dashboard/pages/probe.tsx', "import { y } from '../../../app/i18n';"],
    ['src/web/features/faq/probe.tsx', "import { y } from '../../app/route-table';"],
    ['src/web/components/probe.tsx', "import { y } from '../app/i18n';"],
    ['src/web/lib/probe.ts', "import { y } from '../features/videos';"],
    // The same rules through the path aliases of tsconfig.json.
    ['src/server/credits/probe.server.ts', "import { y } from '#server/http/app.server';"],
    ['src/server/kernel/probe.server.ts', "import type { y } from '#server/accounts/auth.server';"],
    [
      'src/web/features/dashboard/pages/probe.tsx',
      "import { y } from '#web/features/credits/api/get-credits';",
    ],
    ['src/web/features/faq/probe.tsx', "import { y } from '#web/features/public/components/page-header';"],
    ['src/web/features/dashboard/pages/probe.tsx', "import { y } from '#web/app/i18n';"],
    ['src/web/lib/probe.ts', "import { y } from '#web/features/videos';"],
  ])('%s: %s fails the lint', (file, importLine) => {
    expect(restricted(file, importLine)).toBe(true);
  });

  it.each([
    ['src/server/credits/probe.server.ts', "import { y } from '../kernel/errors.server';"],
    ['src/server/admin/probe.server.ts', "import { y } from '../accounts/roles.server';"],
    ['src/server/kernel/probe.server.ts', "import { y } from '../logger.server';"],
    ['src/server/http/probe.server.ts', "import { y } from '../videos/videos.routes.server';"],
    ['src/web/features/dashboard/pages/probe.tsx', "import { y } from '../../credits';"],
    ['src/web/features/dashboard/pages/probe.tsx', "import { y } from '../api/keys';"],
    ['src/web/features/dashboard/pages/probe.tsx', "import { y } from '../../../lib/api';"],
    ['src/web/app/probe.tsx', "import { y } from '../features/videos/pages/create-page';"],
    ['src/web/app/probe.tsx', "import { y } from '../lib/language';"],
    ['src/web/features/dashboard/pages/probe.tsx', "import { y } from '../../../lib/language';"],
    ['src/server/credits/probe.server.ts', "import { y } from '#server/kernel/errors.server';"],
    ['src/server/kernel/probe.server.ts', "import { y } from '#server/logger.server';"],
    ['src/server/kernel/probe.server.ts', "import { y } from '#shared/api-contract';"],
    ['src/web/features/dashboard/pages/probe.tsx', "import { y } from '#web/features/credits';"],
    ['src/web/features/public/islands/probe.ts', "import { y } from '#web/features/billing/islands';"],
    ['src/web/features/dashboard/pages/probe.tsx', "import { y } from '#web/lib/api';"],
  ])('%s: %s is allowed', (file, importLine) => {
    expect(restricted(file, importLine)).toBe(false);
  });
});

type DependencyTree = Awaited<ReturnType<typeof parseDependencyTree>>;

async function dependencyTree(entries: string[]): Promise<DependencyTree> {
  return parseDependencyTree(entries, {
    context: ROOT,
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    // Type-only imports are dependencies too: a folder cycle through types is still two folders that need each other.
    transform: false,
    exclude: /node_modules|\.test\.tsx?$/,
    onProgress: () => {},
  });
}

/** `src/server/credits/ledger-holds.server.ts` → `credits`; files directly in src/server stand alone. */
function serverFolder(file: string): string {
  const [first, ...rest] = path.relative('src/server', file).split(path.sep);
  return rest.length > 0 ? (first ?? file) : file;
}

function folderCycles(tree: DependencyTree): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const [file, dependencies] of Object.entries(tree)) {
    if (!file.startsWith('src/server/')) continue;
    for (const dependency of dependencies ?? []) {
      if (!dependency.id?.startsWith('src/server/')) continue;
      const from = serverFolder(file);
      const to = serverFolder(dependency.id);
      if (from === to) continue;
      const targets = edges.get(from) ?? new Set<string>();
      targets.add(to);
      edges.set(from, targets);
    }
  }
  // Depth-first search: reaching a folder that is still on the path closes a cycle.
  const cycles: string[][] = [];
  const done = new Set<string>();
  const visit = (folder: string, trail: string[]) => {
    const onTrail = trail.indexOf(folder);
    if (onTrail >= 0) {
      cycles.push([...trail.slice(onTrail), folder]);
      return;
    }
    if (done.has(folder)) return;
    for (const next of edges.get(folder) ?? []) visit(next, [...trail, folder]);
    done.add(folder);
  };
  for (const folder of edges.keys()) visit(folder, []);
  return cycles;
}

describe('import cycles', () => {
  it('no module of the server or the web imports itself through others (dpdm)', async () => {
    const tree = await dependencyTree(['src/server/**/*.ts', 'src/web/**/*.{ts,tsx}', 'src/shared/**/*.ts']);
    expect(parseCircular(tree)).toEqual([]);
  }, 120_000);

  it('no two server folders need each other, directly or around a loop', async () => {
    const tree = await dependencyTree(['src/server/**/*.ts']);
    expect(folderCycles(tree)).toEqual([]);
  }, 120_000);
});

/** Every source and test file of the project, relative to its root. */
function projectFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

describe('path aliases', () => {
  it('no import climbs three folders: it names its room with #server, #web, #shared or #tests (tsconfig.json)', () => {
    const climbing = ['src', 'tests', 'scripts']
      .flatMap(projectFiles)
      .filter((file) => file !== path.join('tests', 'architecture', 'import-boundaries.test.ts'))
      .filter((file) =>
        /(from|import\(|vi\.mock\()\s*'(\.\.\/){3,}/.test(readFileSync(path.join(ROOT, file), 'utf8')),
      );
    expect(climbing).toEqual([]);
  });
});
