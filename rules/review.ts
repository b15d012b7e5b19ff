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
    description: 'The model stage did not complete, so model-judged rules were not fully checked',
    defaultSeverity: 'warning',
    options: z.strictObject({}),
    messages: {
      incomplete: 'model review did not complete: {{reason}}',
    },
  },
});
