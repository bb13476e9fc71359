import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from './support/app';

/**
 * The product specification and the design live in docs/ so a clone alone can follow the code's "spec §" and
 * "design §" citations. The shared folder beside the checkout is where they are updated: each copy must match it,
 * so an update is seen (copy it into docs/ and follow the change in the code). CI puts that folder beside the clone,
 * so there (`CI=true`) a missing original fails the check; a plain clone skips it with one line saying so.
 */
const COPIES = [
  { copy: 'docs/product-spec.md', source: '../shared/spec/product-spec.md' },
  { copy: 'docs/design.md', source: '../shared/design.md' },
].map((entry) => ({ ...entry, sourcePath: path.resolve(ROOT, entry.source) }));

const inCI = process.env.CI === 'true';
const missing = COPIES.filter(({ sourcePath }) => !existsSync(sourcePath));
if (missing.length > 0 && !inCI) {
  console.log(
    `Docs-sync check skipped: ${missing.map(({ source }) => source).join(' and ')} not beside the clone.`,
  );
}

for (const { copy, source, sourcePath } of COPIES) {
  it.skipIf(!existsSync(sourcePath) && !inCI)(`${copy} is the same as ${source}`, () => {
    expect(
      existsSync(sourcePath),
      `${source} is missing: CI must put the shared folder beside the clone`,
    ).toBe(true);
    expect(readFileSync(path.join(ROOT, copy), 'utf8')).toBe(readFileSync(sourcePath, 'utf8'));
  });
}
