// Carrier logos on disk, in FILES_DIR/logos: stored under a random name whose extension comes from
// the content (never from the upload's name or declared type), served back by GET /logos/<file>.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import {
  detectLogoType,
  isLogoUrl,
  LOGO_FILE_NAME,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  LOGO_URL_PREFIX,
} from '@comptoir/shared/shipping/logo';
import { CARRIER_MESSAGES } from '@comptoir/shared/shipping/messages';
import { badRequest } from '../../errors';
import { withUploadedFile } from '../../plugins/uploads';

/** The bytes of the multipart field `logo`, at most LOGO_MAX_BYTES. */
export const readLogoUpload = (request: FastifyRequest): Promise<Buffer> =>
  withUploadedFile(
    request,
    {
      field: 'logo',
      maxBytes: LOGO_MAX_BYTES,
      maxFields: 10,
      missing: () => badRequest(CARRIER_MESSAGES.logoMissing),
      tooLarge: () => badRequest(CARRIER_MESSAGES.logoTooLarge),
    },
    (part) => part.toBuffer(),
  );

/** Stores a PNG, JPEG or WebP (recognised by content) and answers its URL; anything else: 400, nothing stored. */
export async function storeLogo(logosDir: string, bytes: Buffer): Promise<string> {
  const type = detectLogoType(bytes);
  if (!type) throw badRequest(CARRIER_MESSAGES.logoType);
  if (bytes.length > LOGO_MAX_BYTES) throw badRequest(CARRIER_MESSAGES.logoTooLarge);
  const file = `${randomUUID()}.${LOGO_TYPES[type].extension}`;
  await fs.mkdir(logosDir, { recursive: true });
  await fs.writeFile(path.join(logosDir, file), bytes, { flag: 'wx' });
  return `${LOGO_URL_PREFIX}${file}`;
}

const typeByExtension = new Map<string, string>(
  Object.values(LOGO_TYPES).map((type) => [type.extension, type.mime]),
);

/** The bytes and content type of a stored logo, or null for an unsafe name or a missing file. */
export async function readLogo(
  logosDir: string,
  file: string,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  // Only names the server generates: no separator, no '..', nothing outside logosDir.
  if (!LOGO_FILE_NAME.test(file)) return null;
  const contentType = typeByExtension.get(path.extname(file).slice(1));
  if (!contentType) return null;
  try {
    return { bytes: await fs.readFile(path.join(logosDir, file)), contentType };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The file behind a logo URL, when it is one of ours. */
export function logoFile(logosDir: string, url: string | null): string | null {
  return url !== null && isLogoUrl(url) ? path.join(logosDir, url.slice(LOGO_URL_PREFIX.length)) : null;
}

export async function logoExists(logosDir: string, url: string): Promise<boolean> {
  const file = logoFile(logosDir, url);
  return file !== null && (await fs.stat(file).catch(() => null))?.isFile() === true;
}

/** The URLs of the stored logos last written before `before` (ms since the epoch); other files are not ours. */
export async function logosWrittenBefore(logosDir: string, before: number): Promise<string[]> {
  const names = await fs.readdir(logosDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const urls: string[] = [];
  for (const name of names) {
    if (!LOGO_FILE_NAME.test(name)) continue;
    const stat = await fs.stat(path.join(logosDir, name)).catch(() => null);
    if (stat?.isFile() && stat.mtimeMs < before) urls.push(`${LOGO_URL_PREFIX}${name}`);
  }
  return urls;
}

/** Removes a logo file no carrier uses any more; a failure only leaves a file behind. */
export async function removeLogoFile(logosDir: string, url: string): Promise<void> {
  const file = logoFile(logosDir, url);
  if (file) await fs.rm(file, { force: true }).catch(() => {});
}
