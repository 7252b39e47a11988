import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ficheArticle } from '@comptoir/shared/catalogue';
import { PHOTO_MESSAGES } from '@comptoir/shared/images';
import { createArticle } from '../../test/factories';
import { buildTestApp, type App } from '../../test/helpers';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

/** A picture as the ERP would drop it in FILES_DIR/images. */
async function placePicture(name: string, format: 'jpeg' | 'png', size = { width: 1200, height: 800 }) {
  const image = sharp({ create: { ...size, channels: 3, background: { r: 200, g: 60, b: 40 } } });
  const bytes = await (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer();
  fs.writeFileSync(path.join(app.config.imagesDir, name), bytes);
}

const cachedFiles = () =>
  fs.existsSync(app.config.imageCacheDir)
    ? fs.readdirSync(app.config.imageCacheDir).filter((file) => file.endsWith('.webp'))
    : [];

describe('GET /images/photos/:file', () => {
  it('names the photograph of an article whose image is a file name, the drawn picture otherwise', async () => {
    const photographed = await createArticle(app, { image: 'ciment 35kg.jpg' });
    const unsafe = await createArticle(app, { image: '../secret.jpg' });
    const product = async (code: string) =>
      ficheArticle.parse((await app.inject({ url: `/catalogue/articles/${code}` })).json());
    expect((await product(photographed.code)).image).toBe('/images/photos/ciment%2035kg.jpg');
    expect((await product(unsafe.code)).image).toBe(`/images/articles/${unsafe.code}.svg`);
  });

  it('answers a JPEG resized to the width asked, as WebP at 4:3, resized once then read from the cache', async () => {
    await placePicture('ciment.jpg', 'jpeg');
    const first = await app.inject({ url: '/images/photos/ciment.jpg?largeur=320' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    const meta = await sharp(first.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });

    // The second request reads the file the first one wrote: proven by changing that file.
    const [cached] = cachedFiles().filter((file) => `"${file.replace('.webp', '')}"` === first.headers.etag);
    expect(cached).toBeDefined();
    const marker = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    fs.writeFileSync(path.join(app.config.imageCacheDir, cached!), marker);
    const second = await app.inject({ url: '/images/photos/ciment.jpg?largeur=320' });
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(marker)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);

    const revalidated = await app.inject({
      url: '/images/photos/ciment.jpg?largeur=320',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('resizes again when the ERP replaces the picture', async () => {
    await placePicture('plaque.png', 'png');
    const before = await app.inject({ url: '/images/photos/plaque.png?largeur=160' });
    expect(before.statusCode).toBe(200);
    // Same name, another size of file and a later modification time: a new cache key.
    await placePicture('plaque.png', 'png', { width: 900, height: 900 });
    fs.utimesSync(path.join(app.config.imagesDir, 'plaque.png'), new Date(), new Date(Date.now() + 5000));
    const after = await app.inject({ url: '/images/photos/plaque.png?largeur=160' });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(await sharp(after.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 160,
      height: 120,
    });
  });

  it('refuses a name that leaves the images folder, and a width the pages do not use', async () => {
    fs.writeFileSync(path.join(app.config.filesDir, 'secret.jpg'), 'not for you');
    const files = cachedFiles();
    for (const url of [
      '/images/photos/..%2Fsecret.jpg?largeur=320',
      '/images/photos/..%5Csecret.jpg?largeur=320',
      '/images/photos/%2Fetc%2Fpasswd.jpg?largeur=320',
      '/images/photos/.hidden.jpg?largeur=320',
      '/images/photos/notes.txt?largeur=320',
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ message: PHOTO_MESSAGES.badName });
    }
    for (const url of ['/images/photos/ciment.jpg?largeur=333', '/images/photos/ciment.jpg']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ message: PHOTO_MESSAGES.badWidth });
    }
    expect(cachedFiles()).toEqual(files);
  });

  it('answers 404 for a missing picture or a file that is not one', async () => {
    fs.writeFileSync(path.join(app.config.imagesDir, 'casse.jpg'), 'pas une image');
    for (const name of ['absente.jpg', 'casse.jpg']) {
      const response = await app.inject({ url: `/images/photos/${name}?largeur=320` });
      expect(response.statusCode, name).toBe(404);
      expect(response.json()).toEqual({ message: PHOTO_MESSAGES.notFound });
    }
  });
});
