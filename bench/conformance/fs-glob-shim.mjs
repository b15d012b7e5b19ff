// Node 20 lacks fs.globSync, which the conformance CLI imports by name (it uses it
// only for its tier-check report). The server scenarios never call it.
export * from 'node:fs';
export { default } from 'node:fs';
export function globSync() {
  return [];
}
