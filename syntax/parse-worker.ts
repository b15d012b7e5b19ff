/**
 * @fileoverview A parse-pool worker (see parse-pool.ts): parses each text
 * into node columns and moves the buffer back to the caller.
 */
import { serveJobs } from './ordered-pool.js';
import { parseOutcome, type ParseJob, type ParseOutcome } from './parse-pool.js';

serveJobs<ParseJob, ParseOutcome>(
  ({ text, language }) => parseOutcome(text, language),
  (outcome) => ('columns' in outcome ? [outcome.columns] : []),
);
