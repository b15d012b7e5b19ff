/**
 * @fileoverview review-guard's syntax binding (native/syntax.c, with the
 * grammars compiled in): parses with a grammar's language and returns the whole tree flattened into
 * node columns, so the rest of the kernel reads arrays instead of calling
 * into native code per node. node-gyp-build finds it: `build/Release` (a
 * source build: a checkout, or a platform without a prebuild) first, else
 * the N-API prebuild for this platform under `prebuilds/` (in the package).
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** What `parse` returns: `count` nodes, one int32 column of `count` per `COLUMN` entry, in one buffer. */
export interface ParsedColumns {
  readonly count: number;
  readonly columns: ArrayBuffer;
}

/** Column order in the buffer (native/syntax.c writes the same). */
export const COLUMN = { start: 0, end: 1, startRow: 2, endRow: 3, parent: 4, subtreeEnd: 5, typeField: 6, flags: 7 } as const;
export const FLAG = { named: 1, missing: 2, hasError: 4 } as const;

/** A parser bound to one grammar (an opaque native handle). */
export type NativeParser = { readonly __brand: 'NativeParser' };

interface Binding {
  /** `{ language }` of a compiled-in grammar (native/syntax.c's GRAMMARS, one per LanguageId), as a grammar package exports it. */
  grammar(name: string): unknown;
  languageInfo(grammar: unknown): { symbols: Array<string | null>; fields: Array<string | null> };
  createParser(grammar: unknown): NativeParser;
  parse(parser: NativeParser, text: string): ParsedColumns;
}

// dist/syntax/native.js → the package root: the same from a checkout and from an installed package.
const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** How to build the binding, for every message that reports it missing. */
export const SYNTAX_BINDING_FIX =
  'run `npm rebuild review-guard` (or `npm ci` in a checkout), which compiles it with a C compiler, make and python3 ' +
  'from the tree-sitter packages it names (the package ships it prebuilt for linux x64/arm64 glibc and musl, macOS x64/arm64 and Windows x64)';

/** The binding is not built (or not loadable here): a setup problem with a known fix, not a bug. */
export class SyntaxBindingError extends Error {
  override readonly name = 'SyntaxBindingError';

  constructor(
    /** What went wrong, in one line. */
    readonly problem: string,
  ) {
    super(`${problem}. To build it: ${SYNTAX_BINDING_FIX}.`);
  }
}

let binding: Binding | undefined;

/** The loaded binding; a clear error when it was never built. */
export function syntaxBinding(): Binding {
  if (!binding) {
    try {
      const require = createRequire(import.meta.url);
      const load = require('node-gyp-build') as (root: string) => unknown;
      binding = load(PACKAGE_ROOT) as Binding;
    } catch (error) {
      // Node appends its require stack (node-gyp-build the folder it searched) to the message: the first line says it.
      const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
      throw new SyntaxBindingError(`review-guard's syntax binding could not be loaded from ${PACKAGE_ROOT} (${reason})`);
    }
  }
  return binding;
}
