/**
 * @fileoverview The configuration: its zod schema, the one source of truth
 * (`schema.ts`), where it lives (`names.ts`), how it is found and loaded
 * (`load.ts`), its JSON Schema (`json-schema.ts`) and error messages a
 * person can act on (`errors.ts`).
 */
export { configPaths, loadConfig, type LoadedConfig, PACKAGE_JSON_ORIGIN, readForRewrite } from './load.js';
export { type Config, CONFIG_FILE_NAME, ConfigSchema, fileSelectionOf, type McpConfig, type SemanticConfig } from './schema.js';
