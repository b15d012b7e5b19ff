import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { chunkFile, chunkFileWithTokens, type Chunk } from '../../../indexer/chunks/chunker.js';
import { SMALL_REPO, parse } from '../support.js';

const summary = (chunks: readonly Chunk[]): string[] => chunks.map((c) => `${c.kind} ${c.symbol} ${c.startLine}-${c.endLine}`);
// Bodies long enough to pass the default trivial-chunk filter.
const BODY = '  const total = values.reduce((sum, v) => sum + v, 0);\n  if (total > limit) throw new Error("too big");\n  return total * factor;';

async function fixture(relPath: string): Promise<Chunk[]> {
  const text = await readFile(join(SMALL_REPO, relPath), 'utf8');
  return chunkFile(parse(text, relPath), relPath);
}

describe('chunkFile', () => {
  it('cuts a class and each of its methods, including arrow fields', async () => {
    const chunks = await fixture('src/http/request-handler.ts');
    assert.deepEqual(summary(chunks), [
      'class RequestHandler 7-36',
      'method RequestHandler.register 10-15',
      'method RequestHandler.handle 17-24',
      'method RequestHandler.logRequest 26-29',
      'method RequestHandler.onError 31-35',
    ]);
    assert.equal(chunks[1]!.id, 'src/http/request-handler.ts#RequestHandler.register');
    assert.equal(chunks[1]!.file, 'src/http/request-handler.ts');
  });

  it('names bound function values, object-literal methods and CommonJS exports in JavaScript', async () => {
    assert.deepEqual(summary(await fixture('src/util/strings.js')), [
      'function slugify 3-8',
      'function truncate 10-14',
      'method formatters.title 17-22',
      'method formatters.snake 23-26',
      'function padLeft 29-33',
    ]);
  });

  it('reads TSX components', async () => {
    assert.deepEqual(summary(await fixture('src/ui/Button.tsx')), ['function Button 7-14', 'function IconButton 16-24']);
  });

  it('keeps whole source lines as text, with 1-based line numbers', async () => {
    const [truncate] = (await fixture('src/util/strings.js')).filter((c) => c.symbol === 'truncate');
    assert.match(truncate!.text, /^const truncate = function \(text, max\) \{\n/);
    assert.match(truncate!.text, /\n};$/);
    assert.equal(truncate!.text.split('\n').length, truncate!.endLine - truncate!.startLine + 1);
  });

  it('skips trivial units by default and on request', () => {
    const file = parse(`export const id = <T>(x: T): T => x;\nfunction small(a: number) {\n  return a + 1;\n}\nfunction big(values: number[], limit: number, factor: number) {\n${BODY}\n}\n`);
    assert.deepEqual(summary(chunkFile(file, 'a.ts')), ['function big 5-9']);
    assert.deepEqual(summary(chunkFile(file, 'a.ts', { minCodeLines: 1, minTokens: 1 })), [
      'function id 1-1',
      'function small 2-4',
      'function big 5-9',
    ]);
    assert.deepEqual(chunkFile(file, 'a.ts', { minTokens: 1000 }), []);
  });

  it('names class expressions, default exports and counts repeated symbols', () => {
    const method = (name: string): string => `  ${name}(values: number[], limit: number, factor: number) {\n${BODY}\n  }`;
    const file = parse(
      `const Store = class {\n${method('get x')}\n${method('set x')}\n};\nexport default function (values: number[], limit: number, factor: number) {\n${BODY}\n}\n`,
    );
    const chunks = chunkFile(file, 'store.ts');
    assert.deepEqual(chunks.map((c) => c.id), ['store.ts#Store', 'store.ts#Store.x', 'store.ts#Store.x~2', 'store.ts#default']);
  });

  it('has no chunks for signatures without bodies', () => {
    const file = parse(`abstract class A {\n  abstract run(values: number[], limit: number, factor: number, extra: string): void;\n  over(a: string): void;\n}\n`);
    assert.deepEqual(summary(chunkFile(file, 'a.ts', { minCodeLines: 1, minTokens: 1 })), ['class A 1-4']);
  });

  it('keeps ids when unrelated code above moves', () => {
    const code = `function big(values: number[], limit: number, factor: number) {\n${BODY}\n}\n`;
    const before = chunkFile(parse(code), 'a.ts');
    const after = chunkFile(parse(`// a comment\nconst x = 1;\n\n${code}`), 'a.ts');
    assert.equal(after[0]!.id, before[0]!.id);
    assert.equal(after[0]!.startLine, before[0]!.startLine + 3);
    assert.equal(after[0]!.hash, before[0]!.hash);
  });

  it('hashes the normalised stream: renamed copies share it, edits change it', async () => {
    const [original] = await fixture('src/config/load-config.ts');
    const [renamed] = await fixture('src/settings/read-settings.ts');
    const [handler] = await fixture('src/http/request-handler.ts');
    assert.equal(renamed!.hash, original!.hash);
    assert.notEqual(handler!.hash, original!.hash);
    assert.equal(original!.tokenCount, renamed!.tokenCount);
    // Reading other fields is an edit, not a rename.
    const text = await readFile(join(SMALL_REPO, 'src/settings/read-settings.ts'), 'utf8');
    const [otherFields] = chunkFile(parse(text.replace(/\.port\b|\bport:/g, (m) => m.replace('port', 'listenPort'))), 'a.ts');
    assert.match(otherFields!.text, /data\.listenPort/);
    assert.notEqual(otherFields!.hash, original!.hash);
  });

  it('returns the tokens and text offsets it hashed', () => {
    const file = parse(`\nexport const f = (values: number[], limit: number, factor: number) => {\n${BODY}\n};\n`);
    const [first] = chunkFileWithTokens(file, 'a.ts');
    assert.equal(first!.tokens.length, first!.chunk.tokenCount);
    assert.equal(file.text.slice(first!.textStart, first!.textEnd), first!.chunk.text);
    assert.match(first!.chunk.text, /^export const f/);
  });

  it('cuts CRLF files at the same lines, keeping their line breaks', () => {
    const code = `function big(values: number[], limit: number, factor: number) {\n${BODY}\n}\n`;
    const file = parse(`// head\r\n${code.replace(/\n/g, '\r\n')}`);
    const [chunk] = chunkFile(file, 'a.ts');
    assert.deepEqual([chunk!.startLine, chunk!.endLine], [2, 6]);
    assert.equal(chunk!.text, code.trimEnd().replace(/\n/g, '\r\n'));
    assert.equal(chunk!.hash, chunkFile(parse(code), 'a.ts')[0]!.hash);
  });

  it('names members by their own class or object, never an enclosing class', () => {
    const params = '(values: number[], limit: number, factor: number)';
    const file = parse(
      [
        'class Service {',
        '  run() {',
        '    const Local = class {',
        `      handle = ${params} => {`,
        BODY,
        '      };',
        '    };',
        `    register({ onEvent: ${params} => {`,
        BODY,
        '    } });',
        `    const api = { load${params} {`,
        BODY,
        '    } };',
        '    return Local;',
        '  }',
        '}',
      ].join('\n'),
    );
    assert.deepEqual(
      chunkFile(file, 'a.ts').map((c) => `${c.kind} ${c.symbol}`),
      ['class Service', 'method Service.run', 'class Local', 'method Local.handle', 'method onEvent', 'method api.load'],
    );
  });

  it('cuts the units the syntax kernel declares, named as it names them', () => {
    const file = parse(
      `const handlers = {\n  onClick: (values: number[], limit: number, factor: number) => {\n${BODY}\n  },\n  nested: { deep(values: number[], limit: number, factor: number) {\n${BODY}\n  } },\n};\n`,
    );
    const kernel = file.declarations
      .filter((d) => d.kind === 'method')
      .map((d) => (d.container ? `${d.container}.${d.name}` : d.name));
    assert.deepEqual(chunkFile(file, 'a.ts').map((c) => c.symbol), ['handlers.onClick', 'handlers.nested.deep']);
    assert.deepEqual(kernel, ['handlers.onClick', 'handlers.nested.deep']);
  });
});
