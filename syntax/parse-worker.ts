/**
 * @fileoverview A parse-pool worker (see parse-pool.ts): parses each text
 * into node columns and moves the buffer back to the caller.
 */
import type { LanguageId } from './languages/index.js';
import { serveJobs } from './ordered-pool.js';
import { parseColumns } from './parse.js';
import type { ParseOutcome } from './parse-pool.js';

serveJobs<{ text: string; language: LanguageId }, ParseOutcome>(
  ({ text, language }) => {
    try {
      return parseColumns(text, language);
    } catch (error) {
      return { failed: error instanceof Error ? error.message : String(error) };
    }
  },
  (outcome) => ('columns' in outcome ? [outcome.columns] : []),
);
