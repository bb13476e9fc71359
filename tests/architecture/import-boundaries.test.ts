import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Dependency, parseCircular, parseDependencyTree } from 'dpdm';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/app';

/**
 * The layers of docs/decisions/0003: the server kernel and the domains never import the composition root, web
 * features import each other only through their index.ts, the server's rooms that have an entry file are entered
 * only through it, and nothing imports in a circle. `npm run lint` (Biome's noRestrictedImports in biome.json)
 * keeps the first three; this file proves the rules bite and checks the cycles with dpdm.
 */

const BIOME = path.join(ROOT, 'node_modules/.bin/biome');

/** Imports Biome's rules (biome.json) must refuse, each in a probe file at the path it would have. */
const REFUSED: [string, string][] = [
  ['src/server/credits/probe.server.ts', "import { y } from '../http/app.server';"],
  ['src/server/generation/job/probe.server.ts', "import { y } from '../../http/openapi.server';"],
  ['src/server/billing/probe.server.ts', "import { y } from '../cena.server';"],
  ['src/server/history/probe.server.ts', "import { y } from '../schema.server';"],
  ['src/server/kernel/probe.server.ts', "import type { y } from '../accounts/auth.server';"],
  // A room of the server is entered through its entry file, from a domain and from the composition root alike.
  ['src/server/films/probe.server.ts', "import { y } from '#server/media/rendering.server';"],
  ['src/server/captions/probe.server.ts', "import { y } from '../generation/job/request-row.server';"],
  [
    'src/server/account-rights/probe.server.ts',
    "import type { y } from '#server/video-providers/video-provider.server';",
  ],
  ['src/server/http/probe.server.ts', "import { y } from '../videos/videos.routes.server';"],
  ['src/server/main.ts', "import { y } from '#server/media/toolchain.server';"],
  // Every room, the older domains and billing's split alike (ADR 0057).
  ['src/server/admin/probe.server.ts', "import { y } from '../accounts/roles.server';"],
  ['src/server/withdrawals/probe.server.ts', "import { y } from '#server/billing/fulfilment.server';"],
  [
    'src/server/withdrawals/payouts/probe.server.ts',
    "import { y } from '#server/billing/billing-store.server';",
  ],
  ['src/server/payment-providers/probe.server.ts', "import { y } from '#server/notas-fiscais/notas.server';"],
  ['src/server/http/probe.server.ts', "import { y } from '#server/billing/billing.routes.server';"],
  ['src/server/cena.server.ts', "import { y } from '#server/jobs/job-engine.server';"],
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
];

/** Imports they must allow. */
const ALLOWED: [string, string][] = [
  ['src/server/credits/probe.server.ts', "import { y } from '../kernel/errors.server';"],
  ['src/server/admin/probe.server.ts', "import { y } from '../accounts/accounts.server';"],
  ['src/server/withdrawals/probe.server.ts', "import { y } from '#server/billing/billing.server';"],
  [
    'src/server/billing/probe.schema.server.ts',
    "import { y } from '#server/accounts/accounts.schema.server';",
  ],
  ['src/server/notas-fiscais/probe.server.ts', "import { y } from '#server/config/nfse.server';"],
  ['src/server/kernel/probe.server.ts', "import { y } from '../logger.server';"],
  ['src/server/http/probe.server.ts', "import { y } from '../videos/videos.server';"],
  ['src/server/films/probe.server.ts', "import { y } from '#server/media/media.server';"],
  ['src/server/generation/take-check/probe.server.ts', "import { y } from '../job/request-row.server';"],
  ['src/server/films/probe.server.test.ts', "import { y } from '#server/media/rendering.server';"],
  ['src/server/schema.server.ts', "export * from '#server/capacity/capacity.schema.server';"],
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
];

describe('biome.json import rules', () => {
  // A copy of the configuration in an empty folder, so each probe file is linted where it would live.
  const sandbox = mkdtempSync(path.join(tmpdir(), 'cena-lint-'));
  copyFileSync(path.join(ROOT, 'biome.json'), path.join(sandbox, 'biome.json'));
  afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

  let flagged: Set<string> | undefined;

  /**
   * Whether Biome refuses the probe. Every probe below is linted in one run of Biome (each run costs about a third of
   * a second of CPU to start); a probe whose path another already took is numbered after `probe`, in its folder.
   */
  function restricted(file: string, importLine: string): boolean {
    flagged ??= lintProbes();
    return flagged.has(`${file}\n${importLine}`);
  }

  function lintProbes(): Set<string> {
    const taken = new Set<string>();
    const probes = [...REFUSED, ...ALLOWED].map(([file, importLine], index) => {
      const written = taken.has(file) ? file.replace(/\/probe(?=[^/]*$)/, `/probe${index}`) : file;
      if (taken.has(written)) throw new Error(`two probes at ${file}: name one after 'probe'`);
      taken.add(written);
      mkdirSync(path.join(sandbox, path.dirname(written)), { recursive: true });
      writeFileSync(path.join(sandbox, written), `${importLine}\nexport const probe = y;\n`);
      return { key: `${file}\n${importLine}`, written };
    });
    const lint = spawnSync(
      BIOME,
      ['lint', '--reporter=json', '--max-diagnostics=none', ...probes.map((probe) => probe.written)],
      { cwd: sandbox, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(lint.stdout) as {
      diagnostics: { category?: string; location?: { path?: string } }[];
    };
    const refused = new Set(
      report.diagnostics
        .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
        .map((diagnostic) => diagnostic.location?.path),
    );
    return new Set(probes.filter((probe) => refused.has(probe.written)).map((probe) => probe.key));
  }

  it.each(REFUSED)('%s: %s fails the lint', (file, importLine) => {
    expect(restricted(file, importLine)).toBe(true);
  });

  it.each(ALLOWED)('%s: %s is allowed', (file, importLine) => {
    expect(restricted(file, importLine)).toBe(false);
  });
});

type DependencyTree = Awaited<ReturnType<typeof parseDependencyTree>>;

let wholeTree: Promise<DependencyTree> | undefined;

/** The import graph of src/ (server, web and shared), parsed once for every check here: parsing is most of their time. */
function dependencyTree(): Promise<DependencyTree> {
  wholeTree ??= parseDependencyTree(['src/server/**/*.ts', 'src/web/**/*.{ts,tsx}', 'src/shared/**/*.ts'], {
    context: ROOT,
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    // Type-only imports are dependencies too: a folder cycle through types is still two folders that need each other.
    transform: false,
    exclude: /node_modules|\.test\.tsx?$/,
    onProgress: () => {},
  });
  return wholeTree;
}

/**
 * An import between two files as an arrow between siblings: the two children of their deepest common folder that
 * hold them (a sub-folder, or a file standing alone). `src/server/generation/job/a.server.ts` →
 * `src/server/generation/take-check/b.server.ts` is `src/server/generation/job` → `src/server/generation/take-check`;
 * `src/server/credits/x.server.ts` → `src/server/kernel/y.server.ts` is `src/server/credits` → `src/server/kernel`.
 */
function siblingArrow(from: string, to: string): [string, string] | undefined {
  const a = from.split('/');
  const b = to.split('/');
  let depth = 0;
  while (depth < a.length - 1 && depth < b.length - 1 && a[depth] === b[depth]) depth += 1;
  const parent = a.slice(0, depth).join('/');
  if (a[depth] === b[depth]) return undefined;
  return [`${parent}/${a[depth]}`, `${parent}/${b[depth]}`];
}

/**
 * Cycles between folders of `root` at every depth (ADR 0003): a sub-folder that imports its sibling while the
 * sibling imports it back, or that imports a file of its parent folder that imports it back, runs back up even
 * when the top-level folders it sits in are in order. Two web features that import each other are such a cycle:
 * they meet at the app level instead.
 */
function folderCycles(tree: DependencyTree, root = 'src/server/'): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const [file, dependencies] of Object.entries(tree)) {
    if (!file.startsWith(root)) continue;
    for (const dependency of dependencies ?? []) {
      if (!dependency.id?.startsWith(root)) continue;
      const arrow = siblingArrow(file, dependency.id);
      if (!arrow) continue;
      const targets = edges.get(arrow[0]) ?? new Set<string>();
      targets.add(arrow[1]);
      edges.set(arrow[0], targets);
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
  for (const folder of [...edges.keys()].sort()) visit(folder, []);
  return cycles;
}

describe('import cycles', () => {
  it('no module of the server or the web imports itself through others (dpdm)', async () => {
    const tree = await dependencyTree();
    expect(parseCircular(tree)).toEqual([]);
  }, 120_000);

  it('no two server folders need each other, directly or around a loop, at any depth', async () => {
    const tree = await dependencyTree();
    expect(folderCycles(tree)).toEqual([]);
  }, 120_000);

  it('no two web folders need each other (features meet at the app level), at any depth', async () => {
    const tree = await dependencyTree();
    expect(folderCycles(tree, 'src/web/')).toEqual([]);
  }, 120_000);

  it("the folder check sees sub-folders and a folder's own files, not only the top-level folders", () => {
    const imports = (...ids: string[]): Dependency[] =>
      ids.map((id) => ({ issuer: '', request: id, id }) as Dependency);
    const tree: DependencyTree = {
      'src/server/room/a/one.server.ts': imports('src/server/room/b/two.server.ts'),
      'src/server/room/b/two.server.ts': imports(
        'src/server/room/top.server.ts',
        'src/server/kernel/k.server.ts',
      ),
      'src/server/room/top.server.ts': imports('src/server/room/a/deep/three.server.ts'),
      'src/server/kernel/k.server.ts': [],
    };
    expect(folderCycles(tree)).toEqual([
      ['src/server/room/a', 'src/server/room/b', 'src/server/room/top.server.ts', 'src/server/room/a'],
    ]);
  });
});

/**
 * The ground floor (kernel/, db/, config/) and the composition root (http/) have no face: each of the ground
 * floor's files is one tool, and nothing imports the composition root (ADR 0003, ADR 0057).
 */
const NO_FACE = new Set(['kernel', 'db', 'config', 'http']);

/** The rooms of src/server as they stand on disk: every top-level folder but the ground floor and the root. */
function serverRooms(): string[] {
  return readdirSync(path.join(ROOT, 'src/server'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !NO_FACE.has(entry.name))
    .map((entry) => entry.name)
    .sort();
}

const faceOf = (room: string) => `src/server/${room}/${room}.server.ts`;

/**
 * Imports of a file inside another room than the importer's, other than that room's face. Allowed (ADR 0057): the
 * composition root's schema.server.ts, and a schema module naming another room's schema module (a foreign key).
 */
function reachIns(tree: DependencyTree, rooms: string[]): string[] {
  const roomOf = (file: string) => rooms.find((room) => file.startsWith(`src/server/${room}/`));
  const found: string[] = [];
  for (const [file, dependencies] of Object.entries(tree)) {
    if (!file.startsWith('src/server/') || file === 'src/server/schema.server.ts') continue;
    for (const dependency of dependencies ?? []) {
      const target = dependency.id;
      const room = target ? roomOf(target) : undefined;
      if (!target || !room || room === roomOf(file) || target === faceOf(room)) continue;
      if (file.endsWith('.schema.server.ts') && target.endsWith('.schema.server.ts')) continue;
      found.push(`${file} → ${target}`);
    }
  }
  return found;
}

describe('server rooms and their faces', () => {
  it('every room of src/server found on disk has its entry file, <room>/<room>.server.ts', () => {
    const rooms = serverRooms();
    expect(rooms.length).toBeGreaterThan(20);
    expect(rooms.filter((room) => !existsSync(path.join(ROOT, faceOf(room))))).toEqual([]);
  });

  it('no server file imports a file inside another room, only its entry file (a new room too, before biome.json names it)', async () => {
    const tree = await dependencyTree();
    expect(reachIns(tree, serverRooms())).toEqual([]);
  }, 120_000);

  it('the check sees a reach-in, and lets a face, a schema naming a schema and the room itself through', () => {
    const imports = (...ids: string[]): Dependency[] =>
      ids.map((id) => ({ issuer: '', request: id, id }) as Dependency);
    const tree: DependencyTree = {
      'src/server/withdrawals/w.server.ts': imports(
        'src/server/billing/fulfilment.server.ts',
        'src/server/billing/billing.server.ts',
        'src/server/withdrawals/payouts/p.server.ts',
        'src/server/kernel/errors.server.ts',
      ),
      'src/server/billing/billing.schema.server.ts': imports('src/server/accounts/accounts.schema.server.ts'),
      'src/server/http/api-routes.server.ts': imports('src/server/billing/billing.routes.server.ts'),
    };
    expect(reachIns(tree, ['accounts', 'billing', 'withdrawals'])).toEqual([
      'src/server/withdrawals/w.server.ts → src/server/billing/fulfilment.server.ts',
      'src/server/http/api-routes.server.ts → src/server/billing/billing.routes.server.ts',
    ]);
  });
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
