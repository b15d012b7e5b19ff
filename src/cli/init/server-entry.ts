/**
 * @fileoverview What a merge of a host file may answer, and the merge of an
 * MCP server entry into a JSON/JSONC host file. An entry named review-guard
 * that is not the one init writes (an older init's, a hand edit, or one a
 * cloned repository planted, e.g. `"command": "sh"`) is never reported as set
 * up: init shows the replacement as a diff and makes it only with --force.
 */
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { SERVER_NAME } from '../claude-code.js';
import { checkUniqueKeys, parseJsonFile, setJsonValue, valueAt } from './json-edit.js';

/** How init was asked to merge. */
export interface MergeOptions {
  /** Replace a review-guard entry that differs from the one init writes. */
  readonly force: boolean;
}

/** A change init shows but holds back until --force: `text` is the file with it made, `reason` says why it is held. */
export class HeldChange {
  constructor(
    readonly text: string,
    readonly reason: string,
  ) {}
}

/** The new text, undefined when the file is already set up, or a change held back. */
export type MergeResult = string | undefined | HeldChange;

/** Why a differing entry is held (`entry` names it in its file). */
export function differsReason(entry = `its ${SERVER_NAME} entry`): string {
  return `${entry} is not the one init writes (the diff shows both); pass --force to replace it, or keep it if you changed it on purpose`;
}

const ServersSchema = z.record(z.string(), z.unknown());

/**
 * `current` (a JSON/JSONC file named `path`) with `entry` set under
 * SERVER_NAME in the object at `serversPath`; undefined when exactly that
 * entry is there already. `base` is what a new file starts with.
 */
export function mergeJsonServer(
  current: string | undefined,
  path: string,
  serversPath: readonly string[],
  entry: unknown,
  options: MergeOptions,
  base: Record<string, unknown> = {},
): MergeResult {
  const [top, nested] = serversPath;
  parseJsonFile(current, path, z.looseObject({ [top!]: (nested ? z.looseObject({ [nested]: ServersSchema.optional() }) : ServersSchema).optional() }));
  const entryPath = [...serversPath, SERVER_NAME];
  checkUniqueKeys(current, path, entryPath);
  const existing = valueAt(current, entryPath);
  if (isDeepStrictEqual(existing, entry)) return undefined;
  const text = setJsonValue(current, entryPath, entry, base);
  return existing === undefined || options.force ? text : new HeldChange(text, differsReason());
}
