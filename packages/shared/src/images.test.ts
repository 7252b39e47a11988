import { photoQuery } from './image-params';
import { articleImage, isPhotoName, photoHeight, pictureSources, PHOTO_WIDTHS } from './images';

describe('isPhotoName', () => {
  it('takes plain image file names', () => {
    for (const name of ['ciment.jpg', 'CIM 35kg.JPEG', 'plaque_ba13-v2.png', 'a.webp'])
      expect(isPhotoName(name)).toBe(true);
  });
  it('refuses folders, parent references, hidden files and other types', () => {
    for (const name of [
      '../a.jpg',
      'a/b.jpg',
      'a\\b.jpg',
      '..jpg',
      '.a.jpg',
      'a..b.jpg',
      '/a.jpg',
      'a.svg',
      'a',
      'a.jpg\u0000',
      `${'a'.repeat(200)}.jpg`,
    ])
      expect(isPhotoName(name), name).toBe(false);
  });
});

describe('articleImage', () => {
  it('points at the photograph, a path of the shop as is, or the drawn picture', () => {
    expect(articleImage('C1', 'ciment 35.jpg')).toBe('/images/photos/ciment%2035.jpg');
    expect(articleImage('C1', '/images/articles/C1.svg')).toBe('/images/articles/C1.svg');
    expect(articleImage('C/1', null)).toBe('/images/articles/C%2F1.svg');
    expect(articleImage('C1', '../x.jpg')).toBe('/images/articles/C1.svg');
    expect(articleImage('C1', '//evil.example/x.jpg')).toBe('/images/articles/C1.svg');
  });
});

describe('pictureSources', () => {
  it('offers every width of a photograph, the smallest at least as wide as drawn as src', () => {
    expect(pictureSources('/images/photos/a.jpg', 300)).toEqual({
      src: '/images/photos/a.jpg?largeur=320',
      srcSet: PHOTO_WIDTHS.map((w) => `/images/photos/a.jpg?largeur=${w} ${w}w`).join(', '),
    });
    expect(pictureSources('/images/photos/a.jpg', 5000).src).toBe('/images/photos/a.jpg?largeur=960');
  });
  it('leaves a drawn picture as it is', () => {
    expect(pictureSources('/images/articles/C1.svg', 300)).toEqual({ src: '/images/articles/C1.svg' });
  });
});

describe('photoQuery', () => {
  it('accepts only the served widths', () => {
    expect(photoQuery.parse({ largeur: '480' })).toEqual({ largeur: 480 });
    expect(photoQuery.safeParse({ largeur: '500' }).success).toBe(false);
    expect(photoQuery.safeParse({}).success).toBe(false);
    expect(photoHeight(320)).toBe(240);
  });
});
