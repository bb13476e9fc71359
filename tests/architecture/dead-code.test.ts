import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/app';

/**
 * No dead code, kept by a tool: `npm run lint` runs knip (knip.jsonc) after Biome. This file proves it bites: a copy
 * of the project gains an unused export, an unused exported type, a file nothing imports and a dependency nothing
 * uses, and knip must report exactly those four, and fail.
 */

const KNIP = path.join(ROOT, 'node_modules/.bin/knip');
const COPIED = [
  'src',
  'scripts',
  'tests',
  'package.json',
  'knip.jsonc',
  'tsconfig.json',
  'vite.config.ts',
  'vitest.config.ts',
  'drizzle.config.ts',
];
const PROBE_EXPORT = 'knipProbeUnusedExport';
const PROBE_TYPE = 'KnipProbeUnusedType';
const PROBE_FILE = 'src/server/kernel/knip-probe.server.ts';
const PROBE_DEPENDENCY = 'cena-knip-probe';

interface KnipIssue {
  file: string;
  files: { name: string }[];
  dependencies: { name: string }[];
  exports: { name: string }[];
  types: { name: string }[];
}

/** Each finding as `kind file name`, in a stable order. */
function findings(report: { issues: KnipIssue[] }): string[] {
  return report.issues
    .flatMap((issue) => [
      ...issue.files.map(() => `file ${issue.file}`),
      ...issue.dependencies.map((dependency) => `dependency ${issue.file} ${dependency.name}`),
      ...issue.exports.map((unused) => `export ${issue.file} ${unused.name}`),
      ...issue.types.map((unused) => `type ${issue.file} ${unused.name}`),
    ])
    .sort();
}

describe('knip in npm run lint', () => {
  const sandbox = mkdtempSync(path.join(tmpdir(), 'cena-knip-'));
  afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

  it('npm run lint runs knip', () => {
    const packageJson = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(packageJson.scripts.lint).toMatch(/&& knip$/);
  });

  it('an unused export, type, file or dependency fails it, and nothing else in the project does', () => {
    for (const entry of COPIED) {
      cpSync(path.join(ROOT, entry), path.join(sandbox, entry), { recursive: true });
    }
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(sandbox, 'node_modules'), 'dir');

    // A module the app uses gains an export nobody imports.
    appendFileSync(
      path.join(sandbox, 'src/shared/format.ts'),
      `\nexport const ${PROBE_EXPORT} = 1;\nexport type ${PROBE_TYPE} = string;\n`,
    );
    writeFileSync(path.join(sandbox, PROBE_FILE), 'export const probe = 1;\n');
    const packageFile = path.join(sandbox, 'package.json');
    const packageJson = JSON.parse(readFileSync(packageFile, 'utf8'));
    packageJson.dependencies[PROBE_DEPENDENCY] = '1.0.0';
    writeFileSync(packageFile, JSON.stringify(packageJson, null, 2));

    const knip = spawnSync(KNIP, ['--reporter', 'json', '--no-progress'], { cwd: sandbox, encoding: 'utf8' });

    expect(knip.stderr).toBe('');
    expect(findings(JSON.parse(knip.stdout))).toEqual(
      [
        `dependency package.json ${PROBE_DEPENDENCY}`,
        `export src/shared/format.ts ${PROBE_EXPORT}`,
        `file ${PROBE_FILE}`,
        `type src/shared/format.ts ${PROBE_TYPE}`,
      ].sort(),
    );
    expect(knip.status).toBe(1);
  }, 60_000);
});
