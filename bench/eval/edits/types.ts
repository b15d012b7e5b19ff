/**
 * @fileoverview The `types` edit (TypeScript only): a function with type
 * annotations loses them all (parameter, return and variable annotations,
 * `as` casts, type arguments and type parameters); a function without any
 * gains parameter types guessed from names and defaults, and `: void` when
 * it returns no value.
 */
import type { SyntaxNode } from '../../../syntax/index.js';
import { containsOutsideFunctions, findAll, type TextEdit } from '../syntax-util.js';
import { skip, type EditOutcome, type EditTarget } from './edit.js';

const REMOVABLE = new Set(['type_annotation', 'type_arguments', 'type_parameters']);

/** See the file overview. */
export function typesEdit(target: EditTarget): EditOutcome {
  if (target.file.language === 'javascript') return skip('not TypeScript');
  const removals = removeTypes(target.fn);
  if (removals.length > 0) return { edits: removals, note: `removed ${removals.length}` };
  const additions = addTypes(target.fn);
  if (additions.length > 0) return { edits: additions, note: `added ${additions.length}` };
  return skip('no types to add or remove');
}

/** Removals of every annotation, type argument and parameter list, `as` and `satisfies` cast in `fn` (outermost only). */
export function removeTypes(fn: SyntaxNode): TextEdit[] {
  const nodes = findAll(fn, (n) => {
    if (REMOVABLE.has(n.type)) return true;
    return n.type === 'as_expression' || n.type === 'satisfies_expression';
  });
  const edits: TextEdit[] = [];
  // Outermost only: a removed annotation takes its nested type arguments with it. A cast removes
  // only its type part, so what its value holds (`({ f: (x: T) => x } as U)`) is still visited.
  let coveredUntil = -1;
  for (const node of nodes) {
    if (node.startIndex < coveredUntil) continue;
    if (node.type === 'as_expression' || node.type === 'satisfies_expression') {
      const value = node.namedChildren[0];
      if (!value) continue;
      // `x as T` → `x`; nested casts are handled by the outer one (its value keeps the inner text).
      edits.push({ start: value.endIndex, end: node.endIndex, text: '' });
      continue;
    }
    // Annotations, `<T>` on calls and `new`, and the function's own type parameters.
    edits.push({ start: node.startIndex, end: node.endIndex, text: '' });
    coveredUntil = node.endIndex;
  }
  // The type part of a cast may hold nodes visited after its value: drop edits inside another edit.
  return edits.filter((e) => !edits.some((o) => o !== e && o.start <= e.start && e.end <= o.end && o.end - o.start > e.end - e.start));
}

function addTypes(fn: SyntaxNode): TextEdit[] {
  const edits: TextEdit[] = [];
  const params = fn.childForFieldName('parameters');
  for (const param of params?.namedChildren ?? []) {
    if (param.type !== 'required_parameter' && param.type !== 'optional_parameter') continue;
    const pattern = param.childForFieldName('pattern');
    if (!pattern || param.childForFieldName('type')) continue;
    const value = param.childForFieldName('value');
    const type = guessType(pattern, value);
    const at = param.type === 'optional_parameter' ? pattern.endIndex + 1 : pattern.endIndex;
    edits.push({ start: at, end: at, text: `: ${type}` });
  }
  const body = fn.childForFieldName('body');
  const returnsValue = body?.type !== 'statement_block' || containsOutsideFunctions(body, (n) => n.type === 'return_statement' && n.namedChildCount > 0);
  const isConstructor = fn.childForFieldName('name')?.text === 'constructor';
  const hasReturnType = fn.childForFieldName('return_type') !== null;
  const isAsync = fn.children.some((c) => c.type === 'async');
  if (!returnsValue && !isConstructor && !hasReturnType && params && fn.type !== 'arrow_function') {
    edits.push({ start: params.endIndex, end: params.endIndex, text: isAsync ? ': Promise<void>' : ': void' });
  }
  return edits;
}

function guessType(pattern: SyntaxNode, value: SyntaxNode | null): string {
  if (value?.type === 'number') return 'number';
  if (value?.type === 'string' || value?.type === 'template_string') return 'string';
  if (value?.type === 'true' || value?.type === 'false') return 'boolean';
  if (value?.type === 'array') return 'unknown[]';
  if (pattern.type === 'object_pattern') return 'Record<string, unknown>';
  if (pattern.type === 'array_pattern') return 'unknown[]';
  const name = pattern.text;
  if (/^(i|j|k|n|m|count|index|idx|len|size|total|num|target|limit|offset|depth)$|(Count|Index|Size|Length)$/.test(name)) return 'number';
  if (/^(s|str|name|key|id|text|path|message|prefix|suffix)$|(Name|Key|Id|Path|Text)$/.test(name)) return 'string';
  if (/^(is|has|should|can)[A-Z]|^(flag|enabled|force)$/.test(name)) return 'boolean';
  if (/^(fn|cb|callback)$|(Fn|Callback|Handler)$/.test(name)) return '(...args: unknown[]) => unknown';
  if (/[a-z]s$/.test(name)) return 'unknown[]';
  return 'unknown';
}
