/**
 * @fileoverview Plausible replacement names, as an agent rewriting code
 * would pick them: a synonym for one word of a camelCase or snake_case name,
 * a descriptive form of a one-letter name, never a name already in use.
 */

// Word-level synonyms, both directions where that reads naturally.
const SYNONYMS: Readonly<Record<string, string>> = {
  result: 'output', results: 'outputs', output: 'result', res: 'out', ret: 'out', ans: 'answer', answer: 'ans',
  value: 'val', val: 'value', values: 'entries', entries: 'pairs', item: 'element', items: 'elements',
  element: 'item', elements: 'items', el: 'elem', list: 'arr', arr: 'list', array: 'list', nums: 'numbers',
  numbers: 'nums', num: 'value', count: 'total', cnt: 'count', total: 'sum', sum: 'acc', acc: 'sum',
  index: 'position', idx: 'pos', pos: 'idx', key: 'name', keys: 'names', name: 'label', names: 'labels',
  map: 'lookup', cache: 'memo', memo: 'cache', options: 'opts', opts: 'settings', config: 'settings',
  str: 'text', text: 'content', node: 'current', cur: 'current', curr: 'current', current: 'cursor',
  root: 'top', head: 'first', tail: 'last', left: 'lo', right: 'hi', lo: 'low', hi: 'high', mid: 'middle',
  start: 'begin', end: 'finish', target: 'goal', dp: 'memo', stack: 'stk', stk: 'stack', queue: 'pending',
  visited: 'seen', seen: 'visited', max: 'largest', min: 'smallest', prev: 'previous', next: 'following',
  temp: 'tmp', tmp: 'temp', data: 'payload', input: 'source', source: 'origin', path: 'route', file: 'doc',
  user: 'account', error: 'failure', err: 'failure', message: 'msg', msg: 'message', get: 'fetch', set: 'assign',
  find: 'lookup', build: 'create', create: 'make', make: 'build', parse: 'read', check: 'verify', is: 'check',
  has: 'contains', to: 'as', add: 'append', remove: 'drop', update: 'refresh', query: 'request', entity: 'record',
  metadata: 'meta', column: 'field', columns: 'fields', relation: 'link', schema: 'shape', type: 'kind',
  ctx: 'context', context: 'env', params: 'args', args: 'params', fn: 'callback', callback: 'handler',
  handler: 'listener', row: 'line', rows: 'lines', grid: 'board', matrix: 'grid', graph: 'adj', len: 'size',
  size: 'length', length: 'len', width: 'cols', height: 'depth', ok: 'valid', flag: 'marker', set2: 'pool',
};

// One-letter (and other very short) names get a descriptive form.
const SHORT: Readonly<Record<string, string>> = {
  i: 'idx', j: 'jdx', k: 'kth', n: 'len', m: 'cols', x: 'el', y: 'other', a: 'first', b: 'second', c: 'ch',
  s: 'text', t: 'target', p: 'ptr', q: 'pending', v: 'val', e: 'entry', f: 'fn', g: 'graph', d: 'dist',
  l: 'lo', r: 'hi', o: 'obj', u: 'from', w: 'weight', h: 'height', z: 'zed', _: 'unused',
};

const RESERVED = new Set([
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum',
  'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null',
  'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void', 'while', 'with', 'yield',
  'let', 'static', 'implements', 'interface', 'package', 'private', 'protected', 'public', 'await', 'arguments',
  'eval', 'undefined', 'NaN', 'Infinity', 'of', 'as', 'type', 'any', 'number', 'string', 'boolean', 'object',
]);

/** A new name for `name` that is not in `taken` (which it then joins). */
export function plausibleName(name: string, taken: Set<string>): string {
  const candidate = rewrite(name);
  let out = candidate;
  for (let i = 2; taken.has(out) || RESERVED.has(out) || out === name; i++) out = `${candidate}${i}`;
  taken.add(out);
  return out;
}

/** `base` itself when free, else `base2`, `base3`… (the result joins `taken`). */
export function freshName(base: string, taken: Set<string>): string {
  let out = base;
  for (let i = 2; taken.has(out) || RESERVED.has(out); i++) out = `${base}${i}`;
  taken.add(out);
  return out;
}

function rewrite(name: string): string {
  const short = SHORT[name];
  if (short) return short;
  const words = splitWords(name);
  for (let i = 0; i < words.length; i++) {
    const replacement = SYNONYMS[words[i]!.toLowerCase()];
    if (replacement) return joinLike(name, [...words.slice(0, i), replacement, ...words.slice(i + 1)]);
  }
  // No known word: a qualifier as an agent would add one.
  return joinLike(name, ['current', ...words]);
}

function splitWords(name: string): string[] {
  if (name.includes('_')) return name.split('_').filter(Boolean);
  return name.split(/(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean);
}

/** Joins words in the style of `original`: snake_case, SCREAMING_CASE, PascalCase or camelCase. */
function joinLike(original: string, words: readonly string[]): string {
  const core = original.replace(/^[_$]+/, '');
  const prefix = original.slice(0, original.length - core.length);
  if (/^[A-Z0-9_]+$/.test(core) && core.length > 1) return prefix + words.map((w) => w.toUpperCase()).join('_');
  if (core.includes('_')) return prefix + words.map((w) => w.toLowerCase()).join('_');
  const capital = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();
  const joined = words.map((w, i) => (i === 0 ? w.toLowerCase() : capital(w))).join('');
  return prefix + (/^[A-Z]/.test(core) ? capital(joined.charAt(0)) + joined.slice(1) : joined);
}
