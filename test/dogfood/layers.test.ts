/**
 * The layout shows the architecture (ARCHITECTURE.md): imports point down the
 * layer table only, no modules import each other in a circle, and no folder
 * grows into a bag of modules. Read from the sources with the TypeScript
 * parser, so a type-only import is told from one that runs.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path/posix';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { REPO_ROOT } from '../support/sample-repo.js';

/** Lower number = lower layer; a module may import its own layer and those below. */
const LAYERS: readonly (readonly [RegExp, number])[] = [
  [/^workspace\//, 0],
  [/^syntax\//, 1],
  [/^(rules|indexer|models)\//, 2],
  [/^src\/(pipeline\/|version\.c?ts$)/, 3],
  [/^src\/report\//, 4],
  [/^src\/mcp\//, 5],
  [/^src\/cli\//, 6],
];
const MAX_MODULES_PER_FOLDER = 16;

interface Edge {
  readonly to: string;
  readonly typeOnly: boolean;
}

const modules = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'workspace', 'syntax', 'rules', 'indexer', 'models', 'src'], {
  cwd: REPO_ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((path) => /\.c?ts$/.test(path));
const graph = new Map(modules.map((path) => [path, importsOf(path)]));

function layerOf(path: string): number {
  const layer = LAYERS.find(([pattern]) => pattern.test(path));
  assert.ok(layer, `${path} belongs to no layer of the table`);
  return layer[1];
}

function importsOf(path: string): Edge[] {
  const source = ts.createSourceFile(path, readFileSync(join(REPO_ROOT, path), 'utf8'), ts.ScriptTarget.ES2022);
  const edges: Edge[] = [];
  for (const statement of source.statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
    edges.push({ to: normalize(join(dirname(path), specifier.text)).replace(/\.js$/, '.ts').replace(/\.cjs$/, '.cts'), typeOnly: isTypeOnly(statement) });
  }
  return edges;
}

function isTypeOnly(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) {
    if (statement.isTypeOnly) return true;
    const clause = statement.exportClause;
    return !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly);
  }
  const clause = statement.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return !clause.name && !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

/** Strongly connected components of more than one module over the imports that run. */
function valueCycles(): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    order.set(node, order.size);
    low.set(node, order.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const { to, typeOnly } of graph.get(node) ?? []) {
      if (typeOnly || !graph.has(to)) continue;
      if (!order.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, order.get(to)!));
    }
    if (low.get(node) !== order.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return cycles;
}

describe('the layout', () => {
  it('reads every product module', () => assert.ok(modules.length > 150));

  it('imports only point down the layers (types included)', () => {
    const upward = [...graph].flatMap(([from, edges]) => edges.filter(({ to }) => layerOf(to) > layerOf(from)).map(({ to }) => `${from} → ${to}`));
    assert.deepEqual(upward, []);
  });

  it('has no modules that import each other in a circle', () => assert.deepEqual(valueCycles(), []));

  it(`has no folder of more than ${MAX_MODULES_PER_FOLDER} modules side by side`, () => {
    const perFolder = new Map<string, number>();
    for (const path of modules) perFolder.set(dirname(path), (perFolder.get(dirname(path)) ?? 0) + 1);
    assert.deepEqual([...perFolder].filter(([, count]) => count > MAX_MODULES_PER_FOLDER), []);
  });
});
