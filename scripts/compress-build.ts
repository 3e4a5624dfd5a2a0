import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// Precompresses the client build once (brotli at maximum quality, gzip as fallback) so the
// server only picks a file at request time (ADR 001: gzip/brotli for text).

const root = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const compressible = new Set([".html", ".js", ".css", ".svg", ".json", ".txt", ".xml", ".webmanifest"]);

function walk(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

let count = 0;
for (const file of walk(root)) {
  if (!compressible.has(path.extname(file))) continue;
  const body = readFileSync(file);
  // Every file the encoding makes smaller, small ones too: the client entry (about 330 bytes) is
  // sent as about 200 with brotli; a file neither encoding shrinks is sent as it is.
  const brotli = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gzip = gzipSync(body, { level: 9 });
  if (brotli.length < body.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < body.length) writeFileSync(`${file}.gz`, gzip);
  if (brotli.length < body.length || gzip.length < body.length) count += 1;
}
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), root)}`);
