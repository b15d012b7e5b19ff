/**
 * @fileoverview The review pseudo-rule: how the model stage reports that it
 * did not finish (timeout, unreachable model, malformed answers), so a
 * partial review is visible instead of passing as a clean one.
 */
import { z } from 'zod';
import { defineRule } from './define-rule.js';

/** Reported when the model stage did not complete. */
export const review = defineRule({
  meta: {
    id: 'review',
    kind: 'model',
    description:
      'A review stage (the model or the index) could not do its part, so the review is partial; also a suppression comment naming an unknown rule',
    defaultSeverity: 'warning',
    options: z.strictObject({}),
    messages: {
      incomplete: 'model review did not complete: {{reason}}',
      indexFailed: 'the similarity index is unavailable, so duplicates were not searched: {{reason}}',
      duplicatesIncomplete: 'the duplicate search of this file stopped early: {{reason}}',
      unknownSuppression: '"{{comment}}" names no rule "{{rule}}", so it suppresses nothing (known rules: {{known}})',
    },
  },
});
