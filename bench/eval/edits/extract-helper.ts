/**
 * @fileoverview The `extract-helper` edit: 2–4 adjacent statements of the
 * function move into a new helper placed after it (a function, or a method
 * for class members) and are replaced by a call. The helper takes the outer
 * locals the block reads as parameters (keeping their annotations) and
 * returns the one local it declares that is used later, if any. Blocks that
 * return, jump out, write outer locals or use `arguments` are not moved.
 */
import type { SyntaxNode } from '../../../syntax/index.js';
import { freshName } from '../names.js';
import {
  bindingNodes,
  containsOutsideFunctions,
  declaredNodes,
  findAll,
  identifierNodes,
  indentAt,
  indentUnit,
  nameNodeOf,
  reindentBlock,
  walk,
} from '../syntax-util.js';
import { skip, type EditOutcome, type EditTarget } from './edit.js';

const JUMP_TARGETS = new Set(['for_statement', 'for_in_statement', 'while_statement', 'do_statement']);
const VERBS = ['compute', 'prepare', 'apply', 'handle', 'process', 'collect'];

interface Run {
  readonly statements: readonly SyntaxNode[];
  readonly params: readonly SyntaxNode[];
  /** The local declared in the run and used after it, with its declaration keyword. */
  readonly returned?: { readonly name: string; readonly keyword: string };
  readonly usesThis: boolean;
  readonly usesAwait: boolean;
}

/** See the file overview. */
export function extractHelperEdit(target: EditTarget): EditOutcome {
  const { fn, file, rng } = target;
  const host = hostOf(fn);
  if (!host) return skip('unsupported function host');
  const body = fn.childForFieldName('body');
  if (body?.type !== 'statement_block') return skip('expression body');
  const isAsync = fn.children.some((c) => c.type === 'async');
  const runs: Run[] = [];
  for (const block of findAll(body, (n) => n.type === 'statement_block', false)) {
    const statements = block.namedChildren.filter((n) => n.type !== 'comment');
    for (let length = 2; length <= 4; length++) {
      for (let i = 0; i + length <= statements.length; i++) {
        const run = analyseRun(fn, statements.slice(i, i + length));
        if (run && (!run.usesThis || host === 'method') && (!run.usesAwait || isAsync)) runs.push(run);
      }
    }
  }
  if (runs.length === 0) return skip('no extractable block');
  const run = rng.pick(runs);
  const first = run.statements[0]!;
  const last = run.statements[run.statements.length - 1]!;

  const taken = new Set<string>();
  walk(fn, (n) => {
    if (n.type.includes('identifier')) taken.add(n.text);
  });
  const subject = run.returned?.name ?? nameNodeOf(fn)?.text ?? 'step';
  const helper = freshName(`${rng.pick(VERBS)}${capital(subject.replace(/^[_$]+|[^\w$]/g, ''))}`, taken);
  const base = indentAt(file.text, fn.startIndex);
  const unit = indentUnit(file.text.slice(target.start, target.end));
  const paramList = run.params.map((p) => `${p.text}${annotationOf(p)}`).join(', ');
  const argList = run.params.map((p) => p.text).join(', ');
  const moved = file.text.slice(file.text.lastIndexOf('\n', first.startIndex - 1) + 1, last.endIndex);
  const bodyLines = [reindentBlock(moved, base + unit)];
  if (run.returned) bodyLines.push(`${base}${unit}return ${run.returned.name};`);
  const isStatic = fn.children.some((c) => c.type === 'static') || (fn.parent?.type.endsWith('field_definition') === true && fn.parent.children.some((c) => c.type === 'static'));
  const modifiers = `${isStatic && host === 'method' ? 'static ' : ''}${run.usesAwait ? 'async ' : ''}`;
  const head = `${modifiers}${host === 'method' ? '' : 'function '}${helper}(${paramList})`;
  const helperText = `\n\n${base}${head} {\n${bodyLines.join('\n')}\n${base}}`;
  const call = `${run.usesAwait ? 'await ' : ''}${host === 'method' ? 'this.' : ''}${helper}(${argList});`;
  const callText = run.returned ? `${run.returned.keyword} ${run.returned.name} = ${call}` : call;
  return {
    edits: [
      { start: first.startIndex, end: last.endIndex, text: callText },
      { start: target.end, end: target.end, text: helperText },
    ],
    note: `${run.statements.length} statements → ${helper}(${argList})${run.returned ? ` returns ${run.returned.name}` : ''} (${runs.length} candidates)`,
  };
}

function hostOf(fn: SyntaxNode): 'method' | 'function' | undefined {
  const parent = fn.parent;
  if (fn.type === 'method_definition') return parent?.type === 'class_body' ? 'method' : undefined;
  if (parent?.type === 'public_field_definition' || parent?.type === 'field_definition') return 'method';
  if (fn.type === 'function_declaration') return 'function';
  if (parent?.type === 'variable_declarator' && parent.parent?.type === 'lexical_declaration') return 'function';
  if (parent?.type === 'assignment_expression' && parent.parent?.type === 'expression_statement') return 'function';
  return undefined;
}

function analyseRun(fn: SyntaxNode, statements: readonly SyntaxNode[]): Run | undefined {
  const first = statements[0]!;
  const last = statements[statements.length - 1]!;
  const inRun = (n: SyntaxNode): boolean => n.startIndex >= first.startIndex && n.endIndex <= last.endIndex;
  for (const s of statements) {
    // Function, class and type declarations are hoisted or shared: they stay.
    if (s.type.endsWith('_declaration') && s.type !== 'lexical_declaration' && s.type !== 'variable_declaration') return undefined;
    if (containsOutsideFunctions(s, (n) => n.type === 'return_statement' || n.type === 'yield_expression')) return undefined;
    if (containsOutsideFunctions(s, (n) => n.type === 'identifier' && n.text === 'arguments', false)) return undefined;
    if (jumpsOut(s)) return undefined;
  }
  const declared = declaredNodes(fn);
  const outerNames = new Set(declared.filter((n) => !inRun(n)).map((n) => n.text));
  const runNames = new Set(declared.filter(inRun).map((n) => n.text));
  // Writes to outer locals would be lost inside the helper.
  for (const s of statements) {
    for (const w of findAll(s, (n) => ['assignment_expression', 'augmented_assignment_expression', 'update_expression'].includes(n.type))) {
      const left = w.childForFieldName('left') ?? w.childForFieldName('argument');
      if (!left || left.type === 'member_expression' || left.type === 'subscript_expression') continue;
      const names = left.type === 'identifier' ? [left] : findAll(left, (n) => n.type === 'identifier');
      if (names.some((n) => outerNames.has(n.text) && !runNames.has(n.text))) return undefined;
    }
  }
  const topLevel = statements.flatMap((s) =>
    s.type === 'lexical_declaration' || s.type === 'variable_declaration'
      ? s.namedChildren.filter((d) => d.type === 'variable_declarator').flatMap((d) => bindingNodes(d.childForFieldName('name')).map((b) => ({ b, keyword: s.firstChild?.text ?? 'const' })))
      : [],
  );
  const usedAfter = new Set(identifierNodes(fn).filter((n) => n.startIndex >= last.endIndex).map((n) => n.text));
  const live = topLevel.filter(({ b }) => usedAfter.has(b.text));
  if (live.length > 1) return undefined;
  const params: SyntaxNode[] = [];
  const seen = new Set<string>();
  for (const s of statements) {
    for (const id of identifierNodes(s)) {
      if (!outerNames.has(id.text) || runNames.has(id.text) || seen.has(id.text)) continue;
      seen.add(id.text);
      const binding = declared.find((d) => d.text === id.text && !inRun(d));
      if (binding) params.push(binding);
    }
  }
  const usesThis = statements.some((s) => containsOutsideFunctions(s, (n) => n.type === 'this' || n.type === 'super', false));
  const usesAwait = statements.some((s) => containsOutsideFunctions(s, (n) => n.type === 'await_expression'));
  const returned = live[0] ? { name: live[0].b.text, keyword: live[0].keyword } : undefined;
  return { statements, params, usesThis, usesAwait, ...(returned ? { returned } : {}) };
}

/** A `break`/`continue` whose loop (or switch, for break) is not inside the statement. */
function jumpsOut(statement: SyntaxNode): boolean {
  for (const jump of findAll(statement, (n) => n.type === 'break_statement' || n.type === 'continue_statement', false)) {
    if (jump.namedChildCount > 0) return true; // labelled
    let caught = false;
    for (let p = jump.parent; p && !caught; p = p === statement ? null : p.parent) {
      caught = JUMP_TARGETS.has(p.type) || (jump.type === 'break_statement' && p.type === 'switch_statement');
    }
    if (!caught) return true;
  }
  return false;
}

/** The binding's type annotation (` : T` text) when its declaration has one. */
function annotationOf(binding: SyntaxNode): string {
  const parent = binding.parent;
  if (!parent || (parent.type !== 'required_parameter' && parent.type !== 'optional_parameter' && parent.type !== 'variable_declarator')) return '';
  const type = parent.childForFieldName('type');
  return type ? type.text : '';
}

function capital(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
