// A build step that writes a .br and a .gz beside each text file of dist/, at the highest levels:
// compressing once at build time lets the server answer with the smallest files at no CPU cost
// (apps/api/src/plugins/web.ts serves them to clients that accept them).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT_FILES = /\.(js|mjs|css|html|svg|json|txt|webmanifest|map)$/;
/** Smaller files gain nothing worth a second request header. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes file.br and file.gz for each text file of `dir`, keeping only those smaller than the file. */
export function precompressFolder(dir: string): void {
  for (const file of filesUnder(dir).filter((f) => TEXT_FILES.test(f))) {
    const content = fs.readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const variants: [string, Buffer][] = [
      [
        '.br',
        zlib.brotliCompressSync(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
      ],
      ['.gz', zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION })],
    ];
    for (const [extension, compressed] of variants) {
      if (compressed.length < content.length) fs.writeFileSync(file + extension, compressed);
    }
  }
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'comptoir-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressFolder(outDir);
    },
  };
}
