/**
 * @fileoverview The names `init --host` takes, on their own (no
 * dependencies) so the help can list them without loading the host table.
 */
export const HOST_IDS = ['claude-code', 'cursor', 'vscode', 'codex', 'opencode', 'gemini', 'windsurf'] as const;
export type HostId = (typeof HOST_IDS)[number];
