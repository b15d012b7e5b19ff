// A fake Gemini API for bench/hosts/gemini-hook-check.sh, on loopback: the first generateContent request
// (streamed or not) that offers the write_file tool is answered with a write_file call of <file> with the
// text of <content-file>; later requests end the turn with text. countTokens and anything else get a small
// JSON answer. Every request is appended to <log>.
// Prints the port it listens on (pass 0 to let the system choose one).
// Usage: node fake-gemini.mjs <port> <log> <file> <content-file>
import { createServer } from 'node:http';
import { appendFileSync, readFileSync } from 'node:fs';
const [, , port, logFile, filePath, contentFile] = process.argv;
const content = readFileSync(contentFile, 'utf8');
let called = false;
const json = (res, value) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
};
createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    appendFileSync(logFile, `${req.method} ${req.url}\n${body}\n\n`);
    const model = /models\/([^:/?]+)/.exec(req.url)?.[1] ?? 'gemini-2.5-pro';
    if (req.url.includes(':countTokens')) return json(res, { totalTokens: 10 });
    if (!/:(stream)?generateContent/i.test(req.url)) return json(res, {});
    const parsed = JSON.parse(body || '{}');
    const offered = JSON.stringify(parsed.tools ?? []).includes('"write_file"');
    const parts = offered && !called ? [{ functionCall: { name: 'write_file', args: { file_path: filePath, content } } }] : [{ text: 'Done.' }];
    if (parts[0].functionCall) called = true;
    const answer = { candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }], usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 }, modelVersion: model };
    if (!req.url.includes(':streamGenerateContent')) return json(res, answer);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(`data: ${JSON.stringify(answer)}\n\n`);
  });
}).listen(Number(port), '127.0.0.1', function () {
  // Port 0: the one the system chose, for the caller.
  console.log(this.address().port);
});
