/**
 * @fileoverview Exit codes, shared by every command so scripts and hooks can rely on them.
 */
export const EXIT = {
  ok: 0,
  /** The review found at least one error finding. */
  findings: 1,
  /** Usage, config or input problem. */
  usage: 2,
} as const;

export interface CommandOutput {
  readonly stdout: string;
  /** Printed to stderr (the hook's message to the model). */
  readonly stderr?: string;
  readonly exitCode: number;
}
