/**
 * @fileoverview What the reviewer model reads back from its tools: compact
 * candidate listings and one candidate's code, each saying plainly when it
 * shows less than the whole.
 */
import type { AgentCandidate, CodeText } from './tools.js';

/** Most lines and characters of one `read_code` answer: enough for a function, small enough for a local model's context. */
export const READ_MAX_LINES = 150;
const READ_MAX_CHARS = 6000;

/** Compact text: one header line per candidate, with the short id `idOf` gives it, then its snippet. */
export function formatCandidates(candidates: readonly AgentCandidate[], idOf: (candidate: AgentCandidate) => string): string {
  if (candidates.length === 0) return 'No similar code found.';
  const blocks = candidates.map((c) => {
    const id = idOf(c);
    const evidence = c.evidence === undefined ? '' : ` evidence ${c.evidence.toFixed(2)}`;
    const header = `candidate ${id}: ${c.file}:${c.startLine}-${c.endLine} symbol ${c.symbol} score ${c.score.toFixed(2)}${evidence}`;
    return `${header}\n${c.snippet.trimEnd()}${c.snippetTruncated ? `\n… (snippet truncated; read_code {"id": "${id}"} shows all of it)` : ''}`;
  });
  const intro =
    `${candidates.length} similar candidate${candidates.length === 1 ? '' : 's'}. ` +
    'A high score is not proof: report a duplicate only if the code really does the same thing, and cite the candidate by its id (e.g. "related": {"candidate": "c1"}). ' +
    'score: how alike the code is in shape; evidence: how alike in what it calls, reads and names (code written again in another shape scores low on shape).';
  return [intro, ...blocks].join('\n---\n');
}

/** One candidate's full source, capped at {@link READ_MAX_LINES} lines and {@link READ_MAX_CHARS} characters. */
export function formatCode(candidate: AgentCandidate, id: string, code: CodeText): string {
  const header = `code ${id}: ${candidate.file}:${candidate.startLine}-${candidate.endLine} symbol ${candidate.symbol}`;
  if (code.changed) {
    return `${header}\nIts file changed since it was indexed, so its code cannot be shown. Judge it from the snippet.`;
  }
  const lines = code.text.split(/\r?\n/);
  let shown = lines.slice(0, READ_MAX_LINES).join('\n');
  if (shown.length > READ_MAX_CHARS) shown = shown.slice(0, READ_MAX_CHARS);
  if (shown.length === code.text.length) return `${header}\n${shown}`;
  const shownLines = shown.split('\n').length;
  return `${header}\n${shown}\n… (capped: ${shownLines} of ${lines.length} lines shown, ${shown.length} of ${code.text.length} characters)`;
}
