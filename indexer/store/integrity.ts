/**
 * @fileoverview The store's vector files against the size and SHA-256 its
 * metadata records (store-format.ts): taken when a save has written one,
 * checked before a load uses one. The whole file is hashed (~1 GB/s: ~8 ms
 * for typeorm's 7.9 MB of vectors); a flat index is then made from the
 * bytes checked, an HNSW one reads its file again (hnswlib loads by path).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { integrityHash } from '../hash.js';
import type { FileDigest } from './format.js';

/** The size and SHA-256 of `file` as it is on disk. */
export async function fileDigest(file: string): Promise<FileDigest> {
  const bytes = await readFile(file);
  return { bytes: bytes.length, sha256: integrityHash(bytes) };
}

/** The bytes of `file`; throws, naming the file, when they are not what `digest` recorded. */
export async function verifyFile(file: string, digest: FileDigest): Promise<Buffer> {
  const bytes = await readFile(file);
  const problem =
    bytes.length !== digest.bytes
      ? `it has ${bytes.length} bytes, ${digest.bytes} were saved`
      : integrityHash(bytes) !== digest.sha256
        ? 'it does not match its checksum (changed or damaged after it was saved)'
        : undefined;
  if (problem) throw new Error(`vector file ${path.basename(file)}: ${problem}`);
  return bytes;
}
