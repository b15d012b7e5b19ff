/**
 * @fileoverview The reviewer prompts, kept as versioned text files in
 * `models/prompts/` (one `## name` section per message template) and read
 * once at run time. The version is reported in every review summary, so a
 * finding can be traced to the exact wording that produced it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The prompt file in use: `models/prompts/<PROMPT_VERSION>.md`. */
export const PROMPT_VERSION = 'review-v3';

/** The message templates of one prompt version. */
interface PromptTemplates {
  readonly version: string;
  readonly system: string;
  readonly user: string;
  /** The user message for one part of a file too long for one conversation. */
  readonly part: string;
  readonly repair: string;
  /** The index's candidates for the whole file, handed in before the first turn. */
  readonly candidates: string;
  /** The request for the answer on the last turn, which offers no tools. */
  readonly final: string;
  /** What replaces the tool exchanges when a conversation is shortened. */
  readonly shortened: string;
}

const SECTIONS = ['system', 'user', 'part', 'repair', 'candidates', 'final', 'shortened'] as const;
const cache = new Map<string, PromptTemplates>();

/**
 * The templates of `version`, read once per process. The file is found next
 * to this module in the source tree and from the compiled `dist/models/`,
 * which is two levels below the package root that holds `models/prompts/`.
 */
export function loadPrompt(version: string = PROMPT_VERSION): PromptTemplates {
  const cached = cache.get(version);
  if (cached) return cached;
  const text = readFirst([`./prompts/${version}.md`, `../../models/prompts/${version}.md`]);
  const sections = new Map<string, string>();
  const body = text.replace(/<!--[\s\S]*?-->/g, '');
  for (const [, name, content] of body.matchAll(/^## (\w+)\s*\n([\s\S]*?)(?=^## |(?![\s\S]))/gm)) {
    if (name !== undefined) sections.set(name, (content ?? '').trim());
  }
  const missing = SECTIONS.filter((name) => !sections.get(name));
  if (missing.length > 0) throw new Error(`prompt ${version} has no section ${missing.map((m) => `"## ${m}"`).join(', ')}`);
  const templates: PromptTemplates = {
    version,
    system: sections.get('system')!,
    user: sections.get('user')!,
    part: sections.get('part')!,
    repair: sections.get('repair')!,
    candidates: sections.get('candidates')!,
    final: sections.get('final')!,
    shortened: sections.get('shortened')!,
  };
  cache.set(version, templates);
  return templates;
}

/**
 * Fills `{{name}}` placeholders in one pass over the template, so text put
 * in (the file under review) is never scanned for placeholders itself.
 * Throws when the template names a value that was not given.
 */
export function renderPrompt(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`prompt placeholder {{${name}}} has no value`);
    return String(value);
  });
}

function readFirst(relativePaths: readonly string[]): string {
  for (const relativePath of relativePaths) {
    try {
      return readFileSync(fileURLToPath(new URL(relativePath, import.meta.url)), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`prompt file not found (looked for ${relativePaths.join(', ')} next to ${fileURLToPath(import.meta.url)})`);
}
