// A fake OpenAI-compatible Chat Completions API for bench/hosts/opencode-hook-check.sh, on loopback: the first
// request that offers the write tool (and carries no tool result yet) is answered, streamed (SSE), with a
// call of write {filePath: <file>, content: the text of <content-file>}; every other request gets a short
// text answer. Every request body is appended to <log>.
// Usage: node fake-openai-chat.mjs <port> <log> <file> <content-file>
import { createServer } from 'node:http';
import { appendFileSync, readFileSync } from 'node:fs';
const [, , port, logFile, filePath, contentFile] = process.argv;
const content = readFileSync(contentFile, 'utf8');
let n = 0;
let wroteOnce = false;
const created = () => Math.floor(Date.now() / 1000);
createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    appendFileSync(logFile, `${req.method} ${req.url}\n${body}\n\n`);
    if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) { res.writeHead(404, { 'content-type': 'application/json' }); res.end('{"error":{"message":"not found"}}'); return; }
    const parsed = JSON.parse(body || '{}');
    const id = `chatcmpl-${++n}`;
    const model = parsed.model ?? 'fake-model';
    const chunk = (delta, finish_reason = null, extra = {}) => ({ id, object: 'chat.completion.chunk', created: created(), model, choices: [{ index: 0, delta, finish_reason }], ...extra });
    const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
    const offersWrite = (parsed.tools ?? []).some((t) => t.function?.name === 'write');
    const hasToolResult = (parsed.messages ?? []).some((m) => m.role === 'tool');
    let chunks;
    if (offersWrite && !hasToolResult && !wroteOnce) {
      wroteOnce = true;
      const args = JSON.stringify({ filePath, content });
      chunks = [
        chunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'write', arguments: '' } }] }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: args } }] }),
        chunk({}, 'tool_calls', { usage }),
      ];
    } else {
      chunks = [chunk({ role: 'assistant', content: 'Done.' }), chunk({}, 'stop', { usage })];
    }
    if (!parsed.stream) {
      const last = chunks.at(-1).choices[0].finish_reason;
      const message = last === 'tool_calls' ? { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'write', arguments: JSON.stringify({ filePath, content }) } }] } : { role: 'assistant', content: 'Done.' };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id, object: 'chat.completion', created: created(), model, choices: [{ index: 0, message, finish_reason: last }], usage }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const c of chunks) res.write(`data: ${JSON.stringify(c)}\n\n`);
    res.end('data: [DONE]\n\n');
  });
}).listen(Number(port), '127.0.0.1');
