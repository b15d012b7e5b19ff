// A fake OpenAI Responses API for bench/hosts/codex-hook-check.sh, on loopback: the first streamed request
// that offers the apply_patch tool (and has no tool output yet) is answered with an apply_patch call whose
// patch is the text of <patch-file>, in the shape the request offers it (Codex 0.171: a custom tool, the
// patch as its raw input; a function tool: {"input": patch}); later requests end the turn with text. Every
// request is appended to <log>. It listens on a free port, which it writes to <port-file>.
// Usage: node fake-responses.mjs <port-file> <log> <patch-file>
import { createServer } from 'node:http';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
const [, , portFile, logFile, patchFile] = process.argv;
const patch = readFileSync(patchFile, 'utf8');
let n = 0;
const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };
const sse = (res, id, items) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const send = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  send('response.created', { response: { id, object: 'response', status: 'in_progress', output: [] } });
  items.forEach((item, output_index) => {
    send('response.output_item.added', { output_index, item });
    send('response.output_item.done', { output_index, item });
  });
  send('response.completed', { response: { id, object: 'response', status: 'completed', output: items, usage } });
  res.end();
};
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    appendFileSync(logFile, `${req.method} ${req.url}\n${body}\n\n`);
    if (req.method !== 'POST' || !req.url.endsWith('/responses')) {
      res.writeHead(req.url.endsWith('/models') ? 200 : 404, { 'content-type': 'application/json' });
      res.end(req.url.endsWith('/models') ? '{"object":"list","data":[],"models":[]}' : '{}');
      return;
    }
    const parsed = JSON.parse(body || '{}');
    const id = `resp_${++n}`;
    const tool = (parsed.tools ?? []).find((t) => t.name === 'apply_patch');
    const answered = (parsed.input ?? []).some((item) => /^(custom_tool_call|function_call)_output$/.test(item.type));
    if (tool && !answered) {
      const item = tool.type === 'custom'
        ? { type: 'custom_tool_call', id: `ctc_${n}`, call_id: `call_${n}`, name: 'apply_patch', input: patch, status: 'completed' }
        : { type: 'function_call', id: `fc_${n}`, call_id: `call_${n}`, name: 'apply_patch', arguments: JSON.stringify({ input: patch }), status: 'completed' };
      sse(res, id, [item]);
    } else {
      sse(res, id, [{ type: 'message', id: `msg_${n}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Done.', annotations: [] }] }]);
    }
  });
});
server.listen(0, '127.0.0.1', () => writeFileSync(portFile, String(server.address().port)));
