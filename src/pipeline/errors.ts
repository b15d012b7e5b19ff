/**
 * @fileoverview Errors the user can fix (bad config, bad paths, bad flags).
 * Adapters turn them into exit code 2 or an MCP error result; anything else
 * is a bug and is reported as such.
 */
import { WorkspaceLinkError } from '../../workspace/index.js';

export class UserError extends Error {
  override readonly name: string = 'UserError';
}

/** A write (or the read before it) refused for a link is the user's to fix: a UserError with its message; anything else stays as it is. */
export function linkRefusalAsUserError(error: unknown): unknown {
  return error instanceof WorkspaceLinkError ? new UserError(error.message) : error;
}

/** The configuration file is unreadable or invalid; `key` names the offending setting. */
export class ConfigError extends UserError {
  override readonly name = 'ConfigError';

  constructor(
    message: string,
    readonly key?: string,
    /** When the message lists several problems: its first line and the problems. */
    readonly listed?: { readonly head: string; readonly problems: readonly string[] },
  ) {
    super(message);
  }

  /** Several problems at once: one per line in the message, under `head`. */
  static listing(head: string, problems: readonly string[], key?: string): ConfigError {
    return new ConfigError(`${head}\n${problems.map((p) => `  - ${p}`).join('\n')}`, key, { head, problems });
  }

  /** The message on one line (for one-line reports such as the doctor's): listed problems joined by " | ". */
  get oneLine(): string {
    return this.listed ? `${this.listed.head} ${this.listed.problems.join(' | ')}` : this.message.replaceAll('\n', ' ');
  }
}
