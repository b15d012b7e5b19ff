/**
 * @fileoverview Encodes the T1 copies of a written set: reads your whole T1
 * text (written in a scratch folder outside the repository), diffs it
 * against the original's lines in the corpus, writes `<id>.t1.json` (only
 * the lines you wrote are stored) and checks that decoding it gives your
 * text back. Format: bench/written/README.md.
 *
 *   node dist/bench/encode-t1.js <set-folder> <corpus-path> <case-id> <t1-file>
 *   node dist/bench/encode-t1.js <set-folder> <corpus-path> --all <scratch-folder>   (every <id>.t1.<ext> there)
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decodeT1, encodeT1 } from './eval/written/t1.js';
import { originalLines, readSetFile } from './eval/written/set.js';

function main(): void {
  const [dir, corpus, which, file] = process.argv.slice(2);
  if (!dir || !corpus || !which || (which === '--all' && !file)) {
    throw new Error('usage: encode-t1 <set-folder> <corpus-path> (<case-id> <t1-file> | --all <scratch-folder>)');
  }
  const set = readSetFile(dir);
  const jobs: [id: string, textFile: string][] =
    which === '--all'
      ? readdirSync(file!).flatMap((name) => {
          const match = /^(.+)\.t1\.[a-z]+$/.exec(name);
          return match && !name.endsWith('.json') ? [[match[1]!, path.join(file!, name)] as [string, string]] : [];
        })
      : [[which, file ?? '']];
  let failed = 0;
  for (const [id, textFile] of jobs) {
    const entry = set.cases.find((c) => c.id === id);
    const problem = !entry ? `no case ${id} in ${dir}/corpus.json` : !existsSync(textFile) ? `${textFile} not found` : undefined;
    const lines = entry && !problem ? originalLines(corpus, entry.original) : { error: problem! };
    if ('error' in lines) {
      process.stderr.write(`${id}: ${lines.error}\n`);
      failed++;
      continue;
    }
    const text = readFileSync(textFile, 'utf8').replace(/\r\n/g, '\n').replace(/\n*$/, '\n');
    const encoded = encodeT1(lines.lines, text);
    const decoded = decodeT1(lines.lines, encoded.ops);
    if ('error' in decoded || decoded.text !== text) {
      process.stderr.write(`${id}: decoding the ops does not give the text back${'error' in decoded ? ` (${decoded.error})` : ''}\n`);
      failed++;
      continue;
    }
    const kept = encoded.ops.reduce((n, op) => n + (op[0] === 'keep' ? op[1] : 0), 0);
    writeFileSync(path.join(dir, `${id}.t1.json`), `${JSON.stringify(encoded)}\n`);
    process.stdout.write(`${id}: ${kept}/${lines.lines.length} original lines kept, ${text.split('\n').length - 1 - kept} written\n`);
  }
  if (failed > 0) process.exitCode = 1;
}

try {
  main();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}
