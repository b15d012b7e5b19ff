/**
 * @fileoverview Writes an edited copy of a sampled function as a file of its
 * own, as an agent would: the function alone when that parses, a method as
 * the member of a new class, an object-literal member as a property of a
 * new object. The copy keeps the original's extension (a `.tsx` copy stays
 * `.tsx`), except a TypeScript → JavaScript copy, which is written as `.js`
 * (`.jsx`, `.mjs`, `.cjs` to match).
 */
import path from 'node:path';
import { createSourceFile, languageForPath } from '../../syntax/index.js';
import { skip, type EditSkip } from './edits/edit.js';
import { reindentBlock } from './syntax-util.js';

const TO_JS: Readonly<Record<string, string>> = { '.ts': '.js', '.tsx': '.jsx', '.mts': '.mjs', '.cts': '.cjs' };

/** The extension of a copy of `originalFile`; `toJavaScript` for a copy with its types dropped. */
export function copyExtension(originalFile: string, toJavaScript: boolean): string {
  const ext = path.posix.extname(originalFile);
  return toJavaScript ? (TO_JS[ext] ?? ext) : ext;
}

/** The text of a file holding only `code`, or a skip when no wrapping makes it parse as `copyPath`'s language. */
export function copyFileText(code: string, copyPath: string): string | EditSkip {
  const language = languageForPath(copyPath);
  if (!language) return skip(`no language for ${copyPath}`);
  const alone = `${reindentBlock(code, '').trim()}\n`;
  const member = reindentBlock(code, '  ').replace(/^\n+|\s+$/g, '');
  const name = copyName(copyPath);
  for (const text of [alone, `export class ${name} {\n${member}\n}\n`, `export const ${name[0]!.toLowerCase()}${name.slice(1)} = {\n${member}\n};\n`]) {
    if (!createSourceFile(copyPath, text, language).root.hasError) return text;
  }
  return skip(`copy does not parse as ${language}`);
}

/** A PascalCase name for the wrapper, from the copy's file name (`rg-copy-3` → `RgCopy3`). */
function copyName(copyPath: string): string {
  const base = path.posix.basename(copyPath, path.posix.extname(copyPath));
  return base.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('') || 'Copy';
}
