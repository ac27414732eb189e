import type { Ad } from '../api/public.ts';

/** One screen's picture of an ad: the 1x image, and the candidates a browser picks from by its density. */
export interface AdPicture {
  src: string;
  srcSet: string;
}

const picture = (x1: string, x2: string | null): AdPicture => ({ src: x1, srcSet: x2 ? `${x1} 1x, ${x2} 2x` : x1 });

type AdImages = Pick<Ad, 'desktop_image_url' | 'mobile_image_url' | 'desktop_image_2x_url' | 'mobile_image_2x_url'>;

/**
 * The desktop and mobile pictures of an ad, each the other's when it has none (null without any
 * image). The 2x copy is offered only when the server kept one (the upload was large enough).
 */
export function adPictures(ad: AdImages): { desktop: AdPicture; mobile: AdPicture } | null {
  const desktop = ad.desktop_image_url ? picture(ad.desktop_image_url, ad.desktop_image_2x_url) : null;
  const mobile = ad.mobile_image_url ? picture(ad.mobile_image_url, ad.mobile_image_2x_url) : null;
  if (!desktop && !mobile) return null;
  return { desktop: desktop ?? mobile!, mobile: mobile ?? desktop! };
}
