/**
 * @fileoverview Where the configuration lives, by name. Apart from the
 * schema so that finding the workspace root (which the small client entry
 * does before any command loads) costs no zod.
 */
export const CONFIG_FILE_NAME = 'review-guard.config.json';
/** The key under which package.json may hold the same settings. */
export const PACKAGE_JSON_KEY = 'reviewGuard';
