/**
 * @fileoverview Exit codes, shared by every command so scripts and hooks can rely on them.
 */
export const EXIT = {
  ok: 0,
  /** The review found at least one error finding, or failed inside on a file (its status says why). */
  findings: 1,
  /** Usage, config or input problem (a file refused or not found). */
  usage: 2,
} as const;

export interface CommandOutput {
  readonly stdout: string;
  /** Printed to stderr (the hook's message to the model). */
  readonly stderr?: string;
  readonly exitCode: number;
}
