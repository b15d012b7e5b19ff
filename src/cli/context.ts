/**
 * @fileoverview What a command runs with: the working folder, the environment,
 * the terminal's streams and the service source. Apart from main.ts so commands
 * take it without importing the command line that dispatches them.
 */
import type { ServiceSource } from './services.js';

/** What `runCommandLine` and each command are given. */
export interface CliContext {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** The stdout the report goes to (colour only on a terminal). */
  readonly stdout: { readonly isTTY?: boolean };
  /** Progress meters (on a terminal) and the `--verbose` transcript. */
  readonly stderr: NodeJS.WriteStream;
  readonly readStdin: () => Promise<string>;
  readonly services: ServiceSource;
  /** A yes/no question to the user; absent without a terminal. */
  readonly ask?: (question: string) => Promise<boolean>;
}
