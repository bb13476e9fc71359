import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/app';

/**
 * Units a reader can hold in their head: no source file under src/ or scripts/ over 400 lines, no function in
 * src/server over 80 and none in src/web over 120 (a function's lines include the functions nested in it: a
 * factory's closures are its body, a component's handlers and markup are its body). The web's limit is higher
 * because a component's markup is counted with it; a page is a short list of its parts, each part a component or
 * hook of its own. Tests are not held to it, and generated files live outside these folders (drizzle/ holds the
 * migrations).
 */

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;
const MAX_WEB_FUNCTION_LINES = 120;
const SOURCE_FOLDERS = ['src', 'scripts'];
const SOURCE_FILE = /\.(ts|tsx|css|html)$/;
const TEST_FILE = /\.test\.tsx?$/;

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name) && !TEST_FILE.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

function lineCount(text: string): number {
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

function longFiles(files: { file: string; text: string }[]): string[] {
  return files
    .map(({ file, text }) => ({ file, lines: lineCount(text) }))
    .filter(({ lines }) => lines > MAX_FILE_LINES)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
}

/** An ESTree node as oxc-parser gives it: a type, UTF-16 offsets, and its fields. */
interface Node {
  type: string;
  start: number;
  end: number;
  [field: string]: unknown;
}

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);
const NAMED_BY_KEY = new Set(['MethodDefinition', 'Property', 'PropertyDefinition']);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function nameOf(node: Node | undefined): string | undefined {
  return node?.type === 'Identifier' ? (node.name as string) : undefined;
}

/** A function's own name, else the name of the variable, property or method it is the value of. */
function functionName(node: Node, parent: Node | undefined): string {
  const own = nameOf(node.id as Node | undefined);
  if (own) return own;
  if (parent?.type === 'VariableDeclarator') return nameOf(parent.id as Node) ?? '(anonymous)';
  if (parent && NAMED_BY_KEY.has(parent.type)) return nameOf(parent.key as Node) ?? '(anonymous)';
  return '(anonymous)';
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The 0-based line of an offset: the last line start at or before it. */
function lineOf(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((starts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

function longFunctions(file: string, text: string, maxLines = MAX_FUNCTION_LINES): string[] {
  const parsed = parseSync(file, text);
  if (parsed.errors.length > 0) return [`${file}: does not parse (${parsed.errors[0]?.message})`];
  const starts = lineStarts(text);
  const offenders: string[] = [];
  const visit = (node: Node, parent: Node | undefined): void => {
    if (FUNCTION_TYPES.has(node.type) && node.body) {
      // A method's function starts at its parameters; it is counted from its name, as a reader sees it.
      const from =
        parent && NAMED_BY_KEY.has(parent.type) && parent.value === node ? parent.start : node.start;
      const first = lineOf(starts, from);
      const lines = lineOf(starts, node.end) - first + 1;
      if (lines > maxLines)
        offenders.push(`${file}:${first + 1} ${functionName(node, parent)}: ${lines} lines`);
    }
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) {
        if (isNode(child)) visit(child, node);
      }
    }
  };
  visit(parsed.program as unknown as Node, undefined);
  return offenders;
}

const files = SOURCE_FOLDERS.flatMap(sourceFiles).map((file) => ({
  file,
  text: readFileSync(path.join(ROOT, file), 'utf8'),
}));

describe('unit size', () => {
  it(`no source file is over ${MAX_FILE_LINES} lines`, () => {
    expect(longFiles(files)).toEqual([]);
  });

  it(`no function in src/server is over ${MAX_FUNCTION_LINES} lines`, () => {
    const server = files.filter(({ file }) => file.startsWith('src/server/') && /\.tsx?$/.test(file));
    expect(server.flatMap(({ file, text }) => longFunctions(file, text))).toEqual([]);
  });

  it(`no function in src/web is over ${MAX_WEB_FUNCTION_LINES} lines`, () => {
    const web = files.filter(({ file }) => file.startsWith('src/web/') && /\.tsx?$/.test(file));
    expect(web.flatMap(({ file, text }) => longFunctions(file, text, MAX_WEB_FUNCTION_LINES))).toEqual([]);
  });

  it('the checks bite: a long file and a long nested function are both reported, by name', () => {
    const body = Array.from({ length: MAX_FUNCTION_LINES }, (_, i) => `    const v${i} = ${i};`).join('\n');
    const text = `export function outer() {\n  const inner = () => {\n${body}\n  };\n  return inner;\n}\n`;
    expect(longFunctions('probe.ts', text)).toEqual([
      `probe.ts:1 outer: ${MAX_FUNCTION_LINES + 5} lines`,
      `probe.ts:2 inner: ${MAX_FUNCTION_LINES + 2} lines`,
    ]);
    expect(longFunctions('probe.ts', 'export function short() {\n  return 1;\n}\n')).toEqual([]);
    const markup = Array.from({ length: MAX_WEB_FUNCTION_LINES - 2 }, () => '    <p />').join('\n');
    const page = (rows: string) =>
      `export function Page() {\n  return (\n    <>\n${rows}\n    </>\n  );\n}\n`;
    expect(longFunctions('probe.tsx', page(markup), MAX_WEB_FUNCTION_LINES)).toEqual([
      `probe.tsx:1 Page: ${MAX_WEB_FUNCTION_LINES + 4} lines`,
    ]);
    const fits = markup.split('\n').slice(4).join('\n');
    expect(longFunctions('probe.tsx', page(fits), MAX_WEB_FUNCTION_LINES)).toEqual([]);
    const longText = 'x\n'.repeat(MAX_FILE_LINES + 1);
    expect(longFiles([{ file: 'probe.ts', text: longText }])).toEqual([
      `probe.ts: ${MAX_FILE_LINES + 1} lines`,
    ]);
    expect(longFiles([{ file: 'probe.ts', text: 'x\n'.repeat(MAX_FILE_LINES) }])).toEqual([]);
  });
});
