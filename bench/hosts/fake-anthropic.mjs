// A fake Anthropic Messages API for bench/hosts/claude-hook-check.sh, on loopback: the first streamed request
// that offers the Write tool is answered with a Write of <file> with the text of <content-file>; later
// requests end the turn. Every request body is appended to <log>.
// Usage: node fake-anthropic.mjs <port> <log> <file> <content-file>
import { createServer } from 'node:http';
import { appendFileSync, readFileSync } from 'node:fs';
const [, , port, logFile, filePath, contentFile] = process.argv;
const content = readFileSync(contentFile, 'utf8');
let n = 0;
const sse = (res, events) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const [type, data] of events) res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  res.end();
};
createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    appendFileSync(logFile, `${req.method} ${req.url}\n${body}\n\n`);
    if (!req.url.startsWith('/v1/messages') || req.url.includes('count_tokens')) { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"input_tokens":10}'); return; }
    const parsed = JSON.parse(body || '{}');
    const usage = { input_tokens: 10, output_tokens: 5 };
    const msg = { id: `msg_${++n}`, type: 'message', role: 'assistant', model: parsed.model, content: [], stop_reason: null, stop_sequence: null, usage };
    const hasToolResult = JSON.stringify(parsed.messages ?? []).includes('tool_result');
    const wantsTools = (parsed.tools ?? []).some((t) => t.name === 'Write');
    if (!parsed.stream) { res.writeHead(200, { 'content-type': 'application/json' }); res.end(JSON.stringify({ ...msg, content: [{ type: 'text', text: 'ok' }], stop_reason: 'end_turn' })); return; }
    if (wantsTools && !hasToolResult) {
      const input = JSON.stringify({ file_path: filePath, content });
      sse(res, [['message_start', { message: msg }], ['content_block_start', { index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'Write', input: {} } }], ['content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: input } }], ['content_block_stop', { index: 0 }], ['message_delta', { delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 50 } }], ['message_stop', {}]]);
    } else {
      sse(res, [['message_start', { message: msg }], ['content_block_start', { index: 0, content_block: { type: 'text', text: '' } }], ['content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Done.' } }], ['content_block_stop', { index: 0 }], ['message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 2 } }], ['message_stop', {}]]);
    }
  });
}).listen(Number(port), '127.0.0.1');
