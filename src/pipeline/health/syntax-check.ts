/**
 * @fileoverview Whether review-guard can parse: its syntax binding loads and
 * every language's grammar parses a line of code. A missing binding means
 * the install scripts did not run; nothing can be reviewed until it is built.
 */
import { createSourceFile, LANGUAGE_IDS, SYNTAX_BINDING_FIX, SyntaxBindingError, type LanguageId } from '../../../syntax/index.js';
import { check, type HealthCheck } from './report.js';

// One small, valid line per language.
const SAMPLES: Readonly<Record<LanguageId, string>> = {
  typescript: 'const a: number = 1;',
  tsx: 'const a = <b />;',
  javascript: 'const a = 1;',
  python: 'a = 1',
  go: 'package a',
};

export function syntaxCheck(): HealthCheck {
  const broken: string[] = [];
  for (const language of LANGUAGE_IDS) {
    try {
      if (createSourceFile('doctor', SAMPLES[language], language).root.hasError) broken.push(`${language}: the sample does not parse`);
    } catch (error) {
      // Without the binding no language parses: one message says it.
      if (error instanceof SyntaxBindingError) return check('syntax', 'error', error.problem, { fix: SYNTAX_BINDING_FIX });
      broken.push(`${language}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (broken.length > 0) return check('syntax', 'error', broken.join('; '), { fix: 'reinstall review-guard: its syntax binding and the grammars compiled into it do not match' });
  return check('syntax', 'ok', `syntax binding loaded; parses ${LANGUAGE_IDS.join(', ')}`);
}
