/**
 * @fileoverview The `loop-style` edit: one loop of the function is rewritten
 * in another style: `for (const x of xs) {…}` → `xs.forEach((x) => {…});`,
 * `xs.forEach((x) => {…})` → `for (const x of xs) {…}`, or an index loop
 * `for (let i = 0; i < xs.length; i++)` whose index is only used as `xs[i]`
 * → `for (const x of xs)`. Loops whose bodies jump (`break`, `continue`,
 * `return`, `await`, `yield` at loop level) are not turned into callbacks.
 */
import type { SyntaxNode } from '../../../syntax/index.js';
import { freshName } from '../names.js';
import { containsOutsideFunctions, findAll, walk, type TextEdit } from '../syntax-util.js';
import { skip, type EditOutcome, type EditPlan, type EditTarget } from './edit.js';

const LOOPS = new Set(['for_statement', 'for_in_statement', 'while_statement', 'do_statement', 'switch_statement']);
const PRIMARY = new Set(['identifier', 'member_expression', 'call_expression', 'this', 'subscript_expression', 'parenthesized_expression', 'array']);

/** See the file overview. */
export function loopStyleEdit(target: EditTarget): EditOutcome {
  const { fn } = target;
  const taken = new Set<string>();
  walk(fn, (n) => {
    if (n.type.includes('identifier')) taken.add(n.text);
  });
  const plans: EditPlan[] = [];
  for (const node of findAll(fn, (n) => n.type === 'for_in_statement' || n.type === 'for_statement' || n.type === 'call_expression')) {
    const plan =
      node.type === 'for_in_statement' ? forOfToForEach(node) : node.type === 'for_statement' ? indexToForOf(node, taken) : forEachToForOf(node);
    if (plan) plans.push(plan);
  }
  if (plans.length === 0) return skip('no convertible loop');
  return target.rng.pick(plans);
}

function forOfToForEach(loop: SyntaxNode): EditPlan | undefined {
  const kind = loop.childForFieldName('kind');
  const left = loop.childForFieldName('left');
  const right = loop.childForFieldName('right');
  const body = loop.childForFieldName('body');
  const operator = loop.childForFieldName('operator');
  if (!kind || !left || !right || body?.type !== 'statement_block' || operator?.text !== 'of') return undefined;
  if (loop.children.some((c) => c.type === 'await') || jumps(body)) return undefined;
  const iterable = PRIMARY.has(right.type) ? right.text : `(${right.text})`;
  const text = `${iterable}.forEach((${left.text}) => ${body.text});`;
  return { edits: [{ start: loop.startIndex, end: loop.endIndex, text }], note: 'for-of → forEach' };
}

function forEachToForOf(call: SyntaxNode): EditPlan | undefined {
  const callee = call.childForFieldName('function');
  const args = call.childForFieldName('arguments');
  const statement = call.parent;
  if (callee?.type !== 'member_expression' || callee.childForFieldName('property')?.text !== 'forEach') return undefined;
  if (statement?.type !== 'expression_statement' || args?.namedChildCount !== 1) return undefined;
  const callback = args.namedChildren[0]!;
  if (callback.type !== 'arrow_function' && callback.type !== 'function_expression') return undefined;
  const body = callback.childForFieldName('body');
  const params = callback.childForFieldName('parameters');
  const single = callback.childForFieldName('parameter');
  const param = single ?? (params?.namedChildCount === 1 ? params.namedChildren[0]! : undefined);
  if (!param || body?.type !== 'statement_block') return undefined;
  // `(x: T)` loses its annotation: a for-of binding takes none.
  const pattern = param.childForFieldName('pattern') ?? param;
  if (pattern.type === 'this' || param.childForFieldName('value')) return undefined;
  if (containsOutsideFunctions(body, (n) => n.type === 'return_statement' && n.namedChildCount > 0)) return undefined;
  if (containsOutsideFunctions(body, (n) => n.type === 'this', false) && callback.type === 'function_expression') return undefined;
  const object = callee.childForFieldName('object')!;
  const edits: TextEdit[] = [{ start: statement.startIndex, end: body.startIndex, text: `for (const ${pattern.text} of ${object.text}) ` }];
  // `return;` in the callback skips one element: `continue;` in the loop.
  for (const ret of findAll(body, (n) => n.type === 'return_statement', false)) {
    if (!insideNestedLoop(ret, body)) edits.push({ start: ret.startIndex, end: ret.endIndex, text: 'continue;' });
    else return undefined;
  }
  edits.push({ start: body.endIndex, end: statement.endIndex, text: '' });
  return { edits, note: 'forEach → for-of' };
}

function indexToForOf(loop: SyntaxNode, taken: Set<string>): EditPlan | undefined {
  const init = loop.childForFieldName('initializer');
  const condition = loop.childForFieldName('condition');
  const increment = loop.childForFieldName('increment');
  const body = loop.childForFieldName('body');
  if (init?.type !== 'lexical_declaration' || init.namedChildCount !== 1 || body?.type !== 'statement_block') return undefined;
  const declarator = init.namedChildren[0]!;
  const index = declarator.childForFieldName('name');
  if (index?.type !== 'identifier' || declarator.childForFieldName('value')?.text !== '0') return undefined;
  const i = index.text;
  const bound = condition?.type === 'binary_expression' ? condition : undefined;
  const limit = bound?.childForFieldName('right');
  if (bound?.childForFieldName('left')?.text !== i || bound.childForFieldName('operator')?.text !== '<') return undefined;
  if (limit?.type !== 'member_expression' || limit.childForFieldName('property')?.text !== 'length') return undefined;
  const array = limit.childForFieldName('object')!.text;
  if (!increment || !new Set([`${i}++`, `++${i}`, `${i} += 1`]).has(increment.text)) return undefined;
  // Every use of the index must be a read of `array[i]`.
  const uses = findAll(body, (n) => n.type === 'identifier' && n.text === i);
  const accesses: SyntaxNode[] = [];
  for (const use of uses) {
    const access = use.parent;
    if (access?.type !== 'subscript_expression' || access.childForFieldName('index')?.startIndex !== use.startIndex) return undefined;
    if (access.childForFieldName('object')?.text !== array) return undefined;
    const parent = access.parent;
    const written = (parent?.type === 'assignment_expression' || parent?.type === 'augmented_assignment_expression') && parent.childForFieldName('left')?.startIndex === access.startIndex;
    if (written || parent?.type === 'update_expression') return undefined;
    accesses.push(access);
  }
  if (accesses.length === 0) return undefined;
  const element = freshName(singular(array), taken);
  const edits: TextEdit[] = [{ start: loop.startIndex, end: body.startIndex, text: `for (const ${element} of ${array}) ` }];
  for (const access of accesses) edits.push({ start: access.startIndex, end: access.endIndex, text: element });
  return { edits, note: 'index for → for-of' };
}

/** `break`/`continue` of this loop, `return`, `await` or `yield`: cannot live in a callback. */
function jumps(body: SyntaxNode): boolean {
  const exits = containsOutsideFunctions(body, (n) => ['return_statement', 'await_expression', 'yield_expression'].includes(n.type));
  const loopJumps = findAll(body, (n) => n.type === 'break_statement' || n.type === 'continue_statement', false).some((n) => !insideNestedLoop(n, body));
  return exits || loopJumps || containsOutsideFunctions(body, (n) => n.type === 'identifier' && n.text === 'arguments');
}

function insideNestedLoop(node: SyntaxNode, body: SyntaxNode): boolean {
  for (let p = node.parent; p && p.startIndex >= body.startIndex && p !== body; p = p.parent) {
    if (LOOPS.has(p.type)) return true;
  }
  return false;
}

function singular(array: string): string {
  const last = array.split('.').pop()!.replace(/[^\w$]/g, '') || 'item';
  if (/ies$/.test(last)) return last.replace(/ies$/, 'y');
  if (/[^s]s$/.test(last)) return last.slice(0, -1);
  return 'item';
}
