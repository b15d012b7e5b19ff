/**
 * @fileoverview The Go naming oracle: staticcheck's ST1003 ("poorly chosen
 * identifier") against our `naming` rule's Go findings, by position. Only
 * ST1003's underscore findings are compared (what our rule judges: Go names
 * are MixedCaps); its initialism findings (`Url` → `URL`), which our rule
 * does not make, are counted apart.
 *
 * Usage: node dist/bench/oracle-go-naming.js <corpus> [--staticcheck path] [--show 5]
 * The corpus must be a Go module staticcheck can type-check (its go.mod, and
 * its dependencies in the module cache). Debian: `apt-get install
 * go-staticcheck` (the command is `go-staticcheck`, the default here).
 * Exit code 1 on any difference.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { z } from 'zod';
import { compareNamingFindings, ourNamingFindings, runNamingOracle, type TheirFinding } from './lib/naming-oracle.js';

const finding = z.object({
  code: z.string(),
  location: z.object({ file: z.string(), line: z.number(), column: z.number() }),
  message: z.string(),
});

/** ST1003's findings over the module at `root`: underscores by `file:line:column`, and the count of the others. */
function staticcheckFindings(staticcheck: string, root: string): { underscores: Map<string, TheirFinding>; others: number } {
  const run = spawnSync(staticcheck, ['-checks', 'ST1003', '-f', 'json', './...'], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.error) throw new Error(`cannot run ${staticcheck} (${run.error.message}): apt-get install go-staticcheck, or pass --staticcheck`);
  // Exit 1 means findings; anything else (a type error, no go.mod) is a failed run.
  if (run.status !== 0 && run.status !== 1) throw new Error(`${staticcheck} exited with ${run.status}: ${run.stderr.trim()}`);
  const underscores = new Map<string, TheirFinding>();
  let others = 0;
  for (const line of run.stdout.split('\n').filter(Boolean)) {
    const parsed = finding.parse(JSON.parse(line));
    if (parsed.code === 'compile') throw new Error(`${staticcheck} could not type-check the corpus: ${parsed.message}`);
    if (parsed.code !== 'ST1003') continue;
    if (!parsed.message.startsWith('should not use underscores')) {
      others++;
      continue;
    }
    const key = `${path.relative(root, parsed.location.file)}:${parsed.location.line}:${parsed.location.column}`;
    underscores.set(key, { group: 'ST1003 underscores', message: parsed.message });
  }
  return { underscores, others };
}

await runNamingOracle('oracle-go-naming', { flag: 'staticcheck', command: 'go-staticcheck' }, async (root, staticcheck, show) => {
  const theirs = staticcheckFindings(staticcheck, root);
  const ours = await ourNamingFindings(root, 'go');
  const { both, agreement, differences } = compareNamingFindings('staticcheck', theirs.underscores, ours.violations);
  const lines = [
    `go files ${ours.files}; staticcheck ST1003 flags ${theirs.underscores.size} underscores, we flag ${ours.violations.size}, both ${both}; agreement ${agreement.toFixed(1)} % (both / either)`,
    `ST1003 findings not compared (initialisms, receiver names, …): ${theirs.others}`,
    ...differences.lines(show),
  ];
  return { lines, agreed: differences.isEmpty };
});
