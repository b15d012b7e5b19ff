/**
 * @fileoverview The model loop's default budgets, on their own so the config
 * schema can name them without loading the loop (a `--no-model` review never
 * loads it).
 */

/** Turns of the tool loop before it gives up. */
export const DEFAULT_MAX_TURNS = 6;

/** Tool calls per reviewed file; after that, tools are no longer offered. */
export const DEFAULT_MAX_TOOL_CALLS = 12;
