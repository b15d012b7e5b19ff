/**
 * @fileoverview Indexer test support: a private copy of the
 * small fixture workspace, parsing shortcuts and a keyword embedder standing
 * in for a semantic one.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createSourceFile, languageForPath, type SourceFile } from '../../syntax/index.js';
import type { EmbedInput, Embedder } from '../../indexer/embedders/embedder.js';
import { StructuralEmbedder } from '../../indexer/embedders/structural-embedder.js';
import { makeTempDir, type TempDir } from '../support/sample-repo.js';

/** fixtures/indexer/small-repo (tests run from dist/test/indexer). */
export const SMALL_REPO = fileURLToPath(new URL('../../../fixtures/indexer/small-repo', import.meta.url));

/** Writes `content` to `root/relPath`, creating its folders. */
export async function put(root: string, relPath: string, content: string | Buffer = 'export const x = 1;\n'): Promise<void> {
  await mkdir(dirname(join(root, relPath)), { recursive: true });
  await writeFile(join(root, relPath), content);
}

/** A function big enough for the index (default chunk options), of the same structure under any name. */
export function indexedFunction(name: string): string {
  return `export function ${name}(items: number[], limit: number): number[] {
  const out: number[] = [];
  for (const item of items) {
    if (item > limit) out.push(item * 2);
    else out.push(item);
  }
  return out.filter((value) => value !== 0);
}
`;
}

/** A temp copy of the small fixture workspace. */
export async function copySmallRepo(): Promise<TempDir> {
  const dir = await makeTempDir('rg-small-repo-');
  await cp(SMALL_REPO, dir.path, { recursive: true });
  return dir;
}

/** Parses `text` as the language of `path` (TypeScript when unknown). */
export function parse(text: string, path = 'src/example.ts'): SourceFile {
  return createSourceFile(path, text, languageForPath(path) ?? 'typescript');
}

/**
 * A stand-in for a neural embedder: a bag of the words in the text
 * (identifiers split at camelCase, lowercased) hashed into `dimensions`,
 * L2-normalised. Code using the same vocabulary lands close whatever its
 * statements. Counts its calls and the texts it embeds; `failure` makes it throw.
 */
export class KeywordEmbedder implements Embedder {
  readonly id: string;
  /** Texts embedded, and calls made (failed ones included). */
  embedded = 0;
  calls = 0;
  failure: Error | undefined;

  constructor(
    readonly dimensions = 64,
    name = 'keywords-v1',
  ) {
    this.id = `${name}-${dimensions}`;
  }

  embed(inputs: readonly EmbedInput[]): Promise<Float32Array[]> {
    this.calls++;
    if (this.failure) return Promise.reject(this.failure);
    this.embedded += inputs.length;
    return Promise.resolve(inputs.map((input) => this.vector(input.text)));
  }

  private vector(text: string): Float32Array {
    const vector = new Float32Array(this.dimensions);
    const words = text.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().match(/[a-z]{3,}/g) ?? [];
    for (const word of words) {
      let hash = 0;
      for (let i = 0; i < word.length; i++) hash = (Math.imul(hash, 31) + word.charCodeAt(i)) >>> 0;
      vector[hash % this.dimensions]! += 1;
    }
    const norm = Math.hypot(...vector) || 1;
    return vector.map((x) => x / norm);
  }
}

/** The structural embedder, counting the inputs it embeds. */
export class CountingEmbedder implements Embedder {
  private readonly inner = new StructuralEmbedder();
  readonly id = this.inner.id;
  readonly dimensions = this.inner.dimensions;
  embedded = 0;
  embed(inputs: readonly EmbedInput[]): Promise<Float32Array[]> {
    this.embedded += inputs.length;
    return this.inner.embed(inputs);
  }
}

/**
 * Runs `body` in a child Node process with `CodeIndex`, `StructuralEmbedder`,
 * `parse` and `root` in scope; resolves to its exit code.
 */
export async function runChild(root: string, body: string): Promise<number> {
  const modules = ['../../indexer/code-index.js', '../../indexer/embedders/structural-embedder.js', './support.js'].map(
    (rel) => new URL(rel, import.meta.url).href,
  );
  const script = [
    `import { CodeIndex } from ${JSON.stringify(modules[0])};`,
    `import { StructuralEmbedder } from ${JSON.stringify(modules[1])};`,
    `import { parse } from ${JSON.stringify(modules[2])};`,
    `const root = ${JSON.stringify(root)};`,
    body,
  ].join('\n');
  try {
    await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
    return 0;
  } catch (error) {
    const { code, stderr } = error as { code?: unknown; stderr?: string };
    if (typeof code !== 'number') throw error;
    if (stderr && !stderr.includes('exiting on purpose')) throw new Error(`child failed: ${stderr}`);
    return code;
  }
}

/** The structural embedder, failing from its `failAt`-th call on. */
export class FailingEmbedder implements Embedder {
  private readonly inner = new StructuralEmbedder();
  readonly id = this.inner.id;
  readonly dimensions = this.inner.dimensions;
  private calls = 0;
  constructor(private readonly failAt: number) {}
  embed(inputs: readonly EmbedInput[]): Promise<Float32Array[]> {
    if (++this.calls >= this.failAt) return Promise.reject(new Error('embedder down'));
    return this.inner.embed(inputs);
  }
}
