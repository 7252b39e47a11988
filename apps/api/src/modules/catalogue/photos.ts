// Article photographs (docs/contract/catalogue-and-product-pages.md, Article pictures): the ERP drops them in FILES_DIR/images under
// the name its articles file gives; GET /images/photos/{name}?largeur=… answers them resized to one of
// PHOTO_WIDTHS at 4:3, as WebP (every browser the storefront supports decodes it, so no fallback).
// A resized picture is written once in FILES_DIR/cache/images under a key made of the source's name,
// modification time and size and the width: a replaced source gets new keys, a request never resizes
// twice (concurrent requests for the same key in one process share one resize; servers sharing
// FILES_DIR write by rename, so a reader never sees half a file).
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { isPhotoName, photoHeight, PHOTO_MESSAGES } from '@comptoir/shared/images';
import { badRequest, notFound } from '../../errors';

/** Part of the cache key: bump it when the resizing below changes, so that old files are not served. */
const PIPELINE_VERSION = 1;

export interface PhotoDirs {
  /** Where the ERP's pictures are (FILES_DIR/images). */
  imagesDir: string;
  /** Where their resized copies are kept (FILES_DIR/cache/images); safe to empty at any time. */
  cacheDir: string;
}

export interface ResizedPhoto {
  file: string;
  /** The cache key, also the answer's ETag. */
  key: string;
}

const inFlight = new Map<string, Promise<void>>();

/**
 * The resized WebP of photograph `name` at `width`, from the cache or made now. 400 for a name that is
 * not a plain file name, 404 when there is no such file or it is not a picture.
 */
export async function resizedPhoto(dirs: PhotoDirs, name: string, width: number): Promise<ResizedPhoto> {
  if (!isPhotoName(name)) throw badRequest(PHOTO_MESSAGES.badName);
  const source = path.join(dirs.imagesDir, name);
  const stat = await fs.stat(source).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
    throw error;
  });
  if (!stat?.isFile()) throw notFound(PHOTO_MESSAGES.notFound);
  const key = createHash('sha256')
    .update([PIPELINE_VERSION, name, stat.mtimeMs, stat.size, width].join('\u0000'))
    .digest('hex')
    .slice(0, 32);
  const file = path.join(dirs.cacheDir, `${key}.webp`);
  if (!(await exists(file))) {
    let making = inFlight.get(key);
    if (!making) {
      making = resize(source, file, dirs.cacheDir, width).finally(() => inFlight.delete(key));
      inFlight.set(key, making);
    }
    await making;
  }
  return { file, key };
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

async function resize(source: string, file: string, cacheDir: string, width: number): Promise<void> {
  let bytes: Buffer;
  try {
    bytes = await sharp(source)
      .rotate() // upright, as the camera's EXIF orientation says
      .resize(width, photoHeight(width), { fit: 'contain', background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    // Not a picture sharp can read (a truncated upload, a text file named .jpg): as if absent.
    throw notFound(PHOTO_MESSAGES.notFound);
  }
  await fs.mkdir(cacheDir, { recursive: true });
  const partial = path.join(cacheDir, `.${randomUUID()}.tmp`);
  await fs.writeFile(partial, bytes);
  await fs.rename(partial, file);
}
