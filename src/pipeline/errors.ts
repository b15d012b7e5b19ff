/**
 * @fileoverview Errors the user can fix (bad config, bad paths, bad flags).
 * Adapters turn them into exit code 2 or an MCP error result; anything else
 * is a bug and is reported as such.
 */

export class UserError extends Error {
  override readonly name: string = 'UserError';
}

/** The configuration file is unreadable or invalid; `key` names the offending setting. */
export class ConfigError extends UserError {
  override readonly name = 'ConfigError';
  constructor(
    message: string,
    readonly key?: string,
  ) {
    super(message);
  }
}
