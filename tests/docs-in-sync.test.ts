import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from './support/app';

/**
 * The product specification and the design live in docs/ so a clone alone can follow the code's "spec §" and
 * "design §" citations. The team's shared folder beside the checkout is where they are updated: when it is there,
 * each copy must match it, so an update is seen (copy it into docs/ and follow the change in the code).
 */
const COPIES = [
  { copy: 'docs/product-spec.md', source: '../shared/spec/product-spec.md' },
  { copy: 'docs/design.md', source: '../shared/design.md' },
];

for (const { copy, source } of COPIES) {
  const sourcePath = path.resolve(ROOT, source);
  it.skipIf(!existsSync(sourcePath))(`${copy} is the same as ${source}`, () => {
    expect(readFileSync(path.join(ROOT, copy), 'utf8')).toBe(readFileSync(sourcePath, 'utf8'));
  });
}
