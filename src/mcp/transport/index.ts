/**
 * @fileoverview The MCP wire: stdio with its own line reader and limits
 * (`stdio-wire.ts`), batches by protocol version (`batch-policy.ts`), the
 * SDK's wire corrections (`wire-fixes.ts`), and Streamable HTTP with its
 * connections and 2025-era cancellation (`http-*.ts`).
 */
export { serveHttp } from './http-server.js';
export { StdioWire } from './stdio-wire.js';
export { withWireFixes } from './wire-fixes.js';
