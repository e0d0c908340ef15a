/**
 * After `vite build`: writes a brotli copy (`<file>.br`, quality 11) beside each text file of the
 * client build over 1 KB, so the server sends browsers the smaller copy without compressing at run
 * time (server/http/static-files.ts; decision 0043). Gzip is made by the server on first use.
 *
 *   node scripts/compress-assets.mjs [dist/client]
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

const root = process.argv[2] ?? "dist/client";
// The text types server/http/static-files.ts serves; the HTML template is never served as a file.
const TEXT = /\.(js|css|svg|txt|xml|json|webmanifest)$/;
const MIN_BYTES = 1024;

let written = 0;
for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = path.join(entry.parentPath ?? entry.path, entry.name);
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const compressed = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
  // Only where it pays: a copy barely smaller than the file is not worth a second read.
  if (compressed.length < bytes.length * 0.9) {
    writeFileSync(`${file}.br`, compressed);
    written++;
  }
}
console.log(`compress-assets: ${written} brotli copies in ${root}`);
