import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/app';

/**
 * One name per thing (docs/vocabulary.md, ADR 0051): the clip length a request asks for is `clipSeconds`
 * (`clip_seconds`), the length its delivered file measures is `deliveredSeconds` (`delivered_seconds`). The
 * spellings they replaced once named either, so none of them is written again: not in the code, the tests, the
 * scripts nor the documents that describe the API. The only place one stays is where Cena speaks a provider's own
 * wire name, counted per file so a new use there fails too.
 */

const RETIRED = /durationSeconds|lengthsSeconds|lengthSeconds|\bduration_seconds\b|\blength_seconds\b/gi;

/** Veo's `parameters.durationSeconds` (VEO_GUIDE "Veo model parameters", cited beside each): the provider's word. */
const PROVIDER_WIRE: Record<string, number> = {
  'src/server/gemini/veo-provider.server.ts': 3,
  // Asserts the body sent to Veo.
  'src/server/generation/pipeline.server.test.ts': 1,
  // The fake Veo checks the parameter as the real one does.
  'tests/support/fake-gemini.ts': 5,
};

const FOLDERS = ['src', 'scripts', 'tests'];
const TEXT_FILE = /\.(ts|tsx|css|html|md|sql)$/;
const THIS_FILE = 'tests/architecture/vocabulary.test.ts';

function filesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** docs/ itself (the contracts, the vocabulary, the features' pages), not the decisions, which keep their history. */
function documents(): string[] {
  const top = readdirSync(path.join(ROOT, 'docs'), { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => `docs/${entry.name}`);
  return [...top, ...filesUnder('docs/features')];
}

function retiredUses(files: string[]): Record<string, number> {
  const uses: Record<string, number> = {};
  for (const file of files) {
    const count = readFileSync(path.join(ROOT, file), 'utf8').match(RETIRED)?.length ?? 0;
    if (count > 0) uses[file] = count;
  }
  return uses;
}

describe('vocabulary', () => {
  it('names the clip length asked for and the length delivered one way each', () => {
    const files = [...FOLDERS.flatMap(filesUnder), ...documents()].filter((file) => file !== THIS_FILE);
    expect(retiredUses(files)).toEqual(PROVIDER_WIRE);
  });
});
