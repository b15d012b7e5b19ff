/**
 * @fileoverview The reporters by format name. Each is pure: result in, text out.
 */
import type { ReviewResult } from '../pipeline/index.js';
import { formatJson } from './json.js';
import { formatSarif } from './sarif.js';
import { formatText } from './text.js';

/** Renders `result` in `format`; `color` applies to text only, `root` to SARIF only. */
export function formatReport(
  result: ReviewResult,
  format: 'text' | 'json' | 'sarif',
  options: { readonly color?: boolean; readonly root?: string } = {},
): string {
  if (format === 'json') return formatJson(result);
  if (format === 'sarif') return formatSarif(result, options.root ? { root: options.root } : {});
  return formatText(result, options);
}

/** Colour for a stream: a terminal, and NO_COLOR (https://no-color.org) unset or empty. */
export function wantsColor(stream: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  return stream.isTTY === true && !env.NO_COLOR;
}
