/**
 * @fileoverview The JSON report: the review result exactly as the MCP tool
 * returns it in `structuredContent` ({findings, summary}). Pure.
 */
import type { ReviewResult } from '../pipeline/index.js';

export function formatJson(result: ReviewResult): string {
  return JSON.stringify(result, null, 2);
}
