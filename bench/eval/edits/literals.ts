/**
 * @fileoverview The `literals` edit: string contents (plain strings and
 * template text) get other words, numbers other values; `literal-one`
 * changes one of them. Empty strings and
 * strings with escapes stay as they are, and no quote is ever introduced,
 * so the edit composes with the quote flip of `reformat`.
 */
import { findAll, type TextEdit } from '../syntax-util.js';
import { skip, type EditOutcome, type EditPlan, type EditTarget } from './edit.js';

const WORDS: Readonly<Record<string, string>> = {
  error: 'failure', invalid: 'bad', not: 'never', found: 'located', missing: 'absent', failed: 'broke',
  cannot: 'can not', must: 'should', be: 'become', is: 'was', the: 'a', a: 'the', value: 'input',
  expected: 'wanted', required: 'needed', unknown: 'unrecognised', name: 'title', id: 'key', type: 'kind',
  string: 'text', number: 'numeric', object: 'record', function: 'callable', undefined: 'unset', true: 'yes',
  false: 'no', yes: 'ok', no: 'none', user: 'member', key: 'id', data: 'payload', default: 'fallback',
};

/** See the file overview. */
export function literalsEdit(target: EditTarget): EditOutcome {
  const plan = literalsPlan(target);
  return plan.edits.length > 0 ? plan : skip('no literals');
}

/** The `literal-one` edit: one literal, picked with the target's generator, gets another value. */
export function oneLiteralEdit(target: EditTarget): EditOutcome {
  const plan = oneLiteralPlan(target);
  return plan ?? skip('no literals');
}

/** The literal changes as a plan (possibly empty). */
export function literalsPlan(target: EditTarget): EditPlan {
  const changes = literalChanges(target);
  const numbers = changes.filter((c) => c.number).length;
  return { edits: changes.map((c) => c.edit), note: `${changes.length - numbers} strings, ${numbers} numbers` };
}

/** One literal change as a plan, or undefined when the function has no literal to change. */
export function oneLiteralPlan(target: EditTarget): EditPlan | undefined {
  const changes = literalChanges(target);
  if (changes.length === 0) return undefined;
  const { edit, text } = target.rng.pick(changes);
  return { edits: [edit], note: `${text} → ${edit.text} (1 of ${changes.length})` };
}

/** Every literal of the function that can get another value, with its replacement. */
function literalChanges(target: EditTarget): Array<{ readonly edit: TextEdit; readonly text: string; readonly number: boolean }> {
  const changes: Array<{ edit: TextEdit; text: string; number: boolean }> = [];
  for (const node of findAll(target.fn, (n) => n.type === 'string_fragment' || n.type === 'number')) {
    const number = node.type === 'number';
    const replacement = number ? otherNumber(node.text) : otherString(node.text);
    if (replacement === undefined || replacement === node.text) continue;
    changes.push({ edit: { start: node.startIndex, end: node.endIndex, text: replacement }, text: node.text, number });
  }
  return changes;
}

function otherString(text: string): string | undefined {
  if (text.trim() === '' || /[\\'"`$]/.test(text)) return undefined;
  let changed = false;
  const out = text.replace(/[A-Za-z]+/g, (word) => {
    const swap = WORDS[word.toLowerCase()];
    if (!swap) return word;
    changed = true;
    return /^[A-Z]/.test(word) ? swap.charAt(0).toUpperCase() + swap.slice(1) : swap;
  });
  if (changed) return out;
  // No known word: a plausible variant of the same shape.
  if (/^[a-z][\w-]*$/.test(text)) return `${text}_v2`;
  if (/^[A-Z]/.test(text)) return `${text} (updated)`;
  return `${text}!`;
}

function otherNumber(text: string): string | undefined {
  if (/^\d+$/.test(text)) return String(Number(text) + 1);
  if (/^\d*\.\d+$/.test(text)) return String(Math.round(Number(text) * 2 * 1000) / 1000);
  // Hex, exponents, separators and bigints stay as written.
  return undefined;
}
