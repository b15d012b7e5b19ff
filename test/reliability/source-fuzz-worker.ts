/**
 * @fileoverview Test support, run in a worker thread by fuzz.test.ts:
 * arbitrary text and bytes through the source parser, the chunker, the
 * structural embedder and the rules. In a worker because parsing is
 * synchronous: a case that hangs blocks its thread, and only a thread the
 * test can terminate makes a hang a failure instead of a stuck suite.
 * Posts `{runs, slowestMs}` or `{failure}` (fast-check's report).
 */
import { parentPort, workerData } from 'node:worker_threads';
import fc from 'fast-check';
import { chunkFileWithTokens } from '../../indexer/chunks/chunker.js';
import { StructuralEmbedder } from '../../indexer/index.js';
import { runRules, type RuleSettings } from '../../rules/engine.js';
import { createSourceFile, languageForPath } from '../../syntax/index.js';

const { numRuns, seed, caseLimitMs } = workerData as { numRuns: number; seed: number; caseLimitMs: number };

// Strict settings, so every rule has something to report on small inputs.
const SETTINGS: RuleSettings = { 'max-lines': { severity: 'error', options: { max: 3 } }, naming: { severity: 'warning' } };
const FILE_NAMES = ['fuzz.ts', 'fuzz.tsx', 'fuzz.js'] as const;

// Fragments that steer random text into the grammar's deeper paths: nesting, strings, templates, comments.
const FRAGMENTS = [
  'function ', 'class ', 'const ', 'let ', 'export ', 'default ', 'async ', '=>', '(', ')', '{', '}', '[', ']', '<', '>',
  '/>', '"', "'", '`', '${', '/*', '*/', '//', '\n', ' ', ';', ',', '.', '=', 'x', 'Foo_bar', 'a1', '\\', '\r\n', '\t',
  '#private', '@dec', 'interface I ', 'type T = ', 'enum E ', '?', ':', '!', '\u2028', '\uFEFF', '\uD800', 'é', '😀',
];

const sourceText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 3000 }),
  fc.uint8Array({ maxLength: 3000 }).map((bytes) => Buffer.from(bytes).toString('utf8')),
  fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 600 }).map((parts) => parts.join('')),
);

const embedder = new StructuralEmbedder();
let slowestMs = 0;

function checkOne(text: string, name: (typeof FILE_NAMES)[number]): void {
  const started = performance.now();
  const file = createSourceFile(name, text, languageForPath(name)!);
  const results = runRules(file, SETTINGS);
  // The engine turns a rule's exception into a finding; for a fuzzer that is a crash.
  const crashed = results.find((r) => r.messageId === 'crashed');
  if (crashed) throw new Error(crashed.message);
  for (const chunk of chunkFileWithTokens(file, name, { minCodeLines: 1, minTokens: 1 })) {
    const vector = embedder.embedTokens(chunk.tokens);
    if (vector.some((v) => !Number.isFinite(v))) throw new Error(`non-finite vector for ${chunk.chunk.symbol}`);
  }
  const elapsed = performance.now() - started;
  slowestMs = Math.max(slowestMs, elapsed);
  if (elapsed > caseLimitMs) throw new Error(`one case took ${Math.round(elapsed)} ms (limit ${caseLimitMs} ms)`);
}

const report = fc.check(
  fc.property(sourceText, fc.constantFrom(...FILE_NAMES), (text, name) => checkOne(text, name)),
  { numRuns, seed },
);
// Past tree-sitter's 32,768-character default buffer (see FACTS.md), once per language.
for (const name of FILE_NAMES) checkOne(`const a = "${'x'.repeat(40_000)}";\n`.repeat(2), name);
parentPort!.postMessage(report.failed ? { failure: fc.defaultReportMessage(report) ?? 'failed' } : { runs: report.numRuns, slowestMs });
