/**
 * @fileoverview Where Ollama listens. The `ollama` JS client does not read
 * `OLLAMA_HOST`, so review-guard resolves it here, with the same rules as the
 * `ollama` CLI: a bare host or `host:port` means http and port 11434; a URL
 * with an explicit scheme and no port uses that scheme's port (80/443), as
 * both the CLI and the JS client do; `:port` means 127.0.0.1. Hosts off this
 * machine are refused unless the config allows them (`assertHostAllowed`).
 */
import { isIP } from 'node:net';
import { InvalidOllamaHostError, RemoteHostRefusedError } from './errors.js';

const DEFAULT_OLLAMA_PORT = 11434;
export const DEFAULT_OLLAMA_HOST = `http://127.0.0.1:${DEFAULT_OLLAMA_PORT}`;

/**
 * The Ollama base URL: the configured value, else `OLLAMA_HOST`, else
 * {@link DEFAULT_OLLAMA_HOST}. Always `scheme://host:port[/path]` without a
 * trailing slash. Throws {@link InvalidOllamaHostError} for unusable values.
 */
export function resolveOllamaHost(configHost?: string, env: NodeJS.ProcessEnv = process.env): string {
  const fromConfig = configHost?.trim();
  if (fromConfig) return normalizeOllamaHost(fromConfig, 'config');
  const fromEnv = env['OLLAMA_HOST']?.trim();
  if (fromEnv) return normalizeOllamaHost(fromEnv, 'env');
  return DEFAULT_OLLAMA_HOST;
}

/** Turns `host`, `host:port`, `:port` or a URL into a full base URL. */
export function normalizeOllamaHost(value: string, origin: 'config' | 'env'): string {
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
  const withScheme = hasScheme ? value : `http://${value.startsWith(':') ? `127.0.0.1${value}` : value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new InvalidOllamaHostError(value, origin);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    throw new InvalidOllamaHostError(value, origin);
  }
  const schemePort = url.protocol === 'https:' ? '443' : '80';
  const port = url.port || explicitPort(withScheme) || (hasScheme ? schemePort : String(DEFAULT_OLLAMA_PORT));
  const auth = url.username ? `${url.username}${url.password ? `:${url.password}` : ''}@` : '';
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${auth}${url.hostname}:${port}${path}`;
}

/**
 * The port written in the address, if any. `URL#port` is empty both for "no
 * port" and for a port equal to the scheme default (`host:80`), which would
 * turn `host:80` into port 11434, so read it from the authority text.
 */
function explicitPort(address: string): string | undefined {
  const authority = address.slice(address.indexOf('://') + 3).split(/[/?#]/, 1)[0] ?? '';
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  return /:(\d+)$/.exec(hostPort)?.[1];
}

/**
 * The address is this machine: `localhost`, 127.0.0.0/8, `::1` (also as an
 * IPv4-mapped address), or the unspecified `0.0.0.0`/`::` — which is what
 * `OLLAMA_HOST` often holds for the server's bind address, and which a
 * client connecting to it reaches on this machine.
 */
export function isLocalHost(baseUrl: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(baseUrl).hostname;
  } catch {
    return false;
  }
  const bare = bareHost(hostname);
  return isLoopbackHost(bare) || bare === '0.0.0.0' || bare === '::';
}

/** Whether `host` (a name or address, IPv6 with or without brackets) is this machine's loopback. */
export function isLoopbackHost(host: string): boolean {
  const bare = bareHost(host);
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || /^::ffff:(7f[0-9a-f]{2}:[0-9a-f]{1,4}|127\.)/.test(bare);
  return false;
}

/** A host name compared as such: lower case, without IPv6 brackets or a trailing dot. */
function bareHost(host: string): string {
  return host.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

/**
 * The code under review never leaves the machine unless the config says so:
 * throws {@link RemoteHostRefusedError} for a host that is not local, unless
 * `allowRemoteHost` is set.
 */
export function assertHostAllowed(baseUrl: string, allowRemoteHost: boolean): void {
  if (!allowRemoteHost && !isLocalHost(baseUrl)) throw new RemoteHostRefusedError(baseUrl);
}
