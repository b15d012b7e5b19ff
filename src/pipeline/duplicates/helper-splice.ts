/**
 * @fileoverview A copy split into a caller and helpers, read as one. An
 * agent that copies a function often extracts part of it into a helper in
 * the same file; neither piece then aligns with the original (the caller
 * lost a block, the helper is only that block). Splicing each helper's body
 * in at its call gives the alignment the whole copy back. One level only,
 * and only helpers of the same reviewed file.
 */
import { type Chunk } from '../../../indexer/index.js';
import { alignableCode, matchingClose, type AlignableCode } from './alignment.js';
import { languageForPath } from '../../../syntax/index.js';

/** The helpers of one file by the name they are called with, read for alignment once per search batch. */
export class FileHelpers {
  private readonly byFile = new Map<string, Map<string, Chunk>>();
  private readonly code = new Map<string, AlignableCode | undefined>();

  constructor(chunks: readonly Chunk[]) {
    for (const chunk of chunks) {
      const name = chunk.symbol?.split('.').at(-1);
      if (!name) continue;
      const named = this.byFile.get(chunk.file) ?? new Map<string, Chunk>();
      named.set(name, chunk);
      this.byFile.set(chunk.file, named);
    }
  }

  /** `ours` (the code of `chunk`) with the body of each same-file helper it calls spliced in; undefined when it calls none. */
  inline(chunk: Chunk, ours: AlignableCode): AlignableCode | undefined {
    const named = this.byFile.get(chunk.file);
    if (!named) return undefined;
    const tokens: string[] = [];
    const rows: number[] = [];
    const texts: string[] = [];
    let spliced = false;
    for (let i = 0; i < ours.tokens.length; i++) {
      const helper = ours.tokens[i + 1] === '(' && callsHelper(ours, i) ? named.get(ours.tokens[i]!) : undefined;
      const body = helper && !contains(chunk, helper) ? this.body(helper) : undefined;
      const close = body && matchingClose(ours.tokens, i + 1);
      if (!body || close === undefined) {
        tokens.push(ours.tokens[i]!);
        rows.push(ours.rows[i]!);
        texts.push(ours.texts[i]!);
        continue;
      }
      // The helper's lines live at the call's line: that is where a differing line is reported.
      for (let k = body.start; k < body.end; k++) {
        tokens.push(body.code.tokens[k]!);
        rows.push(ours.rows[i]!);
        texts.push(body.code.texts[k]!);
      }
      spliced = true;
      i = close;
    }
    if (!spliced) return undefined;
    // The parameter list comes before any call, so its positions (and the receiver's) still hold.
    return { ...ours, tokens, rows, texts };
  }

  /** A helper's body statements: the token range inside its outer braces; undefined for an expression body. */
  private body(helper: Chunk): { readonly code: AlignableCode; readonly start: number; readonly end: number } | undefined {
    if (!this.code.has(helper.id)) this.code.set(helper.id, alignableCode(helper.text, languageForPath(helper.file) ?? 'typescript'));
    const code = this.code.get(helper.id);
    const paramsEnd = code?.tokens[0] === '(' ? matchingClose(code.tokens, 0) : undefined;
    if (!code || paramsEnd === undefined) return undefined;
    const open = code.tokens.indexOf('{', paramsEnd + 1);
    if (open < 0 || code.tokens.at(-1) !== '}') return undefined;
    return { code, start: open + 1, end: code.tokens.length - 1 };
  }
}

/**
 * Whether the name at `i` is called as a helper: bare (`remember(x)`) or on
 * the receiver (`this.remember(x)`), never a member of something else
 * (`items.map(…)` is no call of a method `map` of this file).
 */
function callsHelper(code: AlignableCode, i: number): boolean {
  if (code.tokens[i - 1] !== '.') return true;
  return code.texts[i - 2] === 'this';
}

/** A helper inside the chunk (a class's own method) is already part of its code. */
function contains(chunk: Chunk, helper: Chunk): boolean {
  return helper.file === chunk.file && helper.startLine >= chunk.startLine && helper.endLine <= chunk.endLine;
}
