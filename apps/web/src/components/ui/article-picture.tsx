// An article's picture (docs/contract/catalogue-and-product-pages.md, Article pictures): a photograph is loaded at the width the
// page draws it (srcset and sizes let the browser pick by screen width and density), an SVG drawn
// picture as is. width and height give the 4:3 frame before the file arrives, so nothing moves when
// it does. Lazy by default; `priority` for the one picture that is the page's main content.
import type { CSSProperties } from 'react';
import { photoHeight, pictureSources } from '@comptoir/shared/images';

export interface ArticlePictureProps {
  src: string;
  alt: string;
  /** The width it is drawn at, in CSS pixels, on a wide screen. */
  width: number;
  /** The sizes attribute: how wide it is drawn, by screen width. */
  sizes?: string;
  /** The page's main picture: fetched at once and first (never lazy). */
  priority?: boolean;
  className?: string;
  style?: CSSProperties;
}

export function ArticlePicture({
  src,
  alt,
  width,
  sizes,
  priority = false,
  className,
  style,
}: ArticlePictureProps) {
  const sources = pictureSources(src, width);
  return (
    <img
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? (sizes ?? `${width}px`) : undefined}
      alt={alt}
      width={width}
      height={photoHeight(width)}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={className}
      style={style}
    />
  );
}
