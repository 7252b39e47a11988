// Article pictures (docs/contract/catalogue-and-product-pages.md, Article pictures). The ERP names an article's photograph by a
// file name (the articles file's `image` column); the file sits in FILES_DIR/images and the server
// serves it resized, as WebP, at one of the widths below (GET /images/photos/{name}?largeur=…). An
// article without a photograph gets its drawn picture (an SVG, any size). No zod here (the storefront's
// first load draws pictures): the photo route's schemas are in image-params.ts.

export const PHOTO_URL_PREFIX = '/images/photos/';

/** The widths a photograph is served at: what the pages draw, at 1× and 2×. */
export const PHOTO_WIDTHS = [80, 160, 320, 480, 640, 960] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/** Every photograph is served at 4:3, the frame of the tiles and of the product page. */
export const photoHeight = (width: number): number => Math.round((width * 3) / 4);

/** Image types the ERP may send, by extension (the content is decoded whatever it says). */
const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif', 'tif', 'tiff', 'avif'];

/**
 * A photograph's file name as the ERP may give it: letters, digits, '.', '_', '-' and spaces, an image
 * extension, no folder and no '..'; nothing that could reach outside FILES_DIR/images.
 */
export function isPhotoName(name: string): boolean {
  if (name.length > 200 || name.includes('..')) return false;
  const match = /^[A-Za-z0-9_-][A-Za-z0-9 ._-]*\.([A-Za-z0-9]+)$/.exec(name);
  return match !== null && PHOTO_EXTENSIONS.includes(match[1]!.toLowerCase());
}

export const PHOTO_MESSAGES = {
  badName: 'Nom d’image invalide',
  badWidth: `Largeur d’image invalide : ${PHOTO_WIDTHS.join(', ')}`,
  notFound: 'Image introuvable',
} as const;

/** The drawn picture of an article, made by the server from its family. */
const drawnPicture = (code: string) => `/images/articles/${encodeURIComponent(code)}.svg`;

/**
 * An article's picture URL: its photograph when the ERP names a valid file, a path of the shop as
 * is (the demo data points at drawn pictures), else its drawn picture.
 */
export function articleImage(code: string, image: string | null): string {
  if (image && isPhotoName(image)) return `${PHOTO_URL_PREFIX}${encodeURIComponent(image)}`;
  if (image?.startsWith('/') && !image.startsWith('//')) return image;
  return drawnPicture(code);
}

export interface PictureSources {
  src: string;
  srcSet?: string;
}

/**
 * What an <img> loads for a picture URL drawn `width` CSS pixels wide: a photograph at that width, with
 * the other widths in srcset for the browser to choose by `sizes` and the screen's density; any other
 * picture (an SVG) as is.
 */
export function pictureSources(url: string, width: number): PictureSources {
  if (!url.startsWith(PHOTO_URL_PREFIX)) return { src: url };
  const at = (w: number) => `${url}?largeur=${w}`;
  const base = PHOTO_WIDTHS.find((w) => w >= width) ?? Math.max(...PHOTO_WIDTHS);
  return { src: at(base), srcSet: PHOTO_WIDTHS.map((w) => `${at(w)} ${w}w`).join(', ') };
}
