/**
 * @fileoverview The responsibility rule, judged by the reviewer model: one
 * function or file, one job. This module only describes it.
 */
import { z } from 'zod';
import { defineRule } from './define-rule.js';

/** A function or file that mixes jobs and should be split. */
export const responsibility = defineRule({
  meta: {
    id: 'responsibility',
    kind: 'model',
    description: 'A function or file does more than one job',
    defaultSeverity: 'warning',
    options: z.strictObject({}),
    messages: {
      function: 'function "{{symbol}}" does more than one job: {{reason}}',
      file: 'the file does more than one job: {{reason}}',
    },
  },
});
