/**
 * @fileoverview The Python naming oracle: for every Python file of a corpus,
 * the names ruff's pep8-naming rules (N8xx) flag against the names our
 * `naming` rule flags with its Python defaults, compared by position. Only
 * the ruff rules that judge the format of a declared name are compared
 * (N801 class, N802 function/method, N803 argument, N806 variable in a
 * function, N815 class attribute, N816 module-level name); the others (`self`
 * and `cls`, dunder functions, import aliases, the `Error` suffix, module
 * names) are counted but are not what our rule checks.
 *
 * Usage: node dist/bench/oracle-python-naming.js <corpus> [--ruff path] [--show 5]
 * (ruff: `pip install ruff`; default `ruff` on PATH). Exit code 1 on any difference.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { z } from 'zod';
import { compareNamingFindings, ourNamingFindings, runNamingOracle } from './lib/naming-oracle.js';

/** The ruff codes that judge a declared name's format, and what each judges. */
const COMPARED: Readonly<Record<string, string>> = {
  N801: 'class',
  N802: 'function or method',
  N803: 'parameter',
  N806: 'variable in a function',
  N815: 'class attribute',
  N816: 'module-level name',
};

const ruffOutput = z.array(
  z.object({
    code: z.string().nullable(),
    filename: z.string(),
    message: z.string(),
    location: z.object({ row: z.number(), column: z.number() }),
  }),
);
type RuffFinding = z.output<typeof ruffOutput>[number];

/** ruff's N8xx findings over `root`, without any project configuration. */
function runRuff(ruff: string, root: string): RuffFinding[] {
  const run = spawnSync(ruff, ['check', '--isolated', '--no-cache', '--select', 'N8', '--output-format', 'json', '--exit-zero', root], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.error) throw new Error(`cannot run ${ruff} (${run.error.message}): install it with \`pip install ruff\` or pass --ruff`);
  if (run.status !== 0) throw new Error(`${ruff} exited with ${run.status}: ${run.stderr.trim()}`);
  return ruffOutput.parse(JSON.parse(run.stdout));
}

/** ruff's compared findings by `file:line:column`, and how many of the others each code had. */
function ruffFindings(ruff: string, root: string): { compared: Map<string, RuffFinding>; notCompared: Map<string, number> } {
  const compared = new Map<string, RuffFinding>();
  const notCompared = new Map<string, number>();
  for (const finding of runRuff(ruff, root)) {
    const code = finding.code ?? 'syntax error';
    if (!(code in COMPARED)) {
      notCompared.set(code, (notCompared.get(code) ?? 0) + 1);
      continue;
    }
    const relPath = path.relative(root, path.resolve(root, finding.filename));
    compared.set(`${relPath}:${finding.location.row}:${finding.location.column}`, finding);
  }
  return { compared, notCompared };
}

await runNamingOracle('oracle-python-naming', { flag: 'ruff', command: 'ruff' }, async (root, ruff, show) => {
  const theirs = ruffFindings(ruff, root);
  const ours = await ourNamingFindings(root, 'python');
  const named = new Map([...theirs.compared].map(([key, f]) => [key, { group: `${f.code} (${COMPARED[f.code!]})`, message: f.message }]));
  const { both, agreement, differences } = compareNamingFindings('ruff', named, ours.violations);
  const notCompared = [...theirs.notCompared].map(([code, count]) => `${code} ${count}`).join(', ');
  const lines = [
    `python files ${ours.files}; ruff flags ${theirs.compared.size} (N801-N803, N806, N815, N816), we flag ${ours.violations.size}, both ${both}; agreement ${agreement.toFixed(1)} % (both / either)`,
    `ruff findings not compared: ${notCompared || 'none'}`,
    ...differences.lines(show),
  ];
  return { lines, agreed: differences.isEmpty };
});
