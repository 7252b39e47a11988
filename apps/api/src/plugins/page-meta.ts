// The <head> a visitor's storefront page carries for crawlers and link previews: its title,
// description, canonical address, Open Graph tags and a product's structured data
// (packages/shared/src/page-meta.ts). Drawn from the same answers as the page, asked of the app
// itself as the renderer asks them (kept answers: drawn just before, they are read from memory).
import type { FastifyInstance } from 'fastify';
import { articleLink, familyLink, firstFamilyPageUrl } from '@comptoir/shared/catalogue';
import type { FamilyPage, FicheArticle } from '@comptoir/shared/catalogue';
import { pictureSources } from '@comptoir/shared/images';
import {
  SHOP_DESCRIPTION,
  SHOP_NAME,
  pageHeadTags,
  shortDescription,
  type PageMeta,
} from '@comptoir/shared/page-meta';
import type { shopPageOf } from './page-hints';

/** The picture a link preview shows: large enough for a card, not the full photograph. */
const PREVIEW_WIDTH = 960;

type ShopPage = NonNullable<ReturnType<typeof shopPageOf>>;

/** index.html's own title and description, replaced on a page that has its own. */
const DEFAULT_TAGS = /<title>[\s\S]*?<\/title>\s*|<meta\s+name="description"[\s\S]*?>\s*/g;

/** index.html's head without its title and description. */
export const withoutDefaultMeta = (head: string) => head.replace(DEFAULT_TAGS, '');

const titled = (name: string) => `${name} — ${SHOP_NAME}`;

async function answerOf<T>(app: FastifyInstance, url: string): Promise<T | null> {
  const answer = await app.inject({ method: 'GET', url });
  return answer.statusCode === 200 ? answer.json<T>() : null;
}

function productMeta(path: string, fiche: FicheArticle): PageMeta {
  const description = shortDescription(
    fiche.description ?? fiche.designation2 ?? `${fiche.designation1} — ${fiche.famille.libelle}`,
  );
  const inStock = fiche.STOCK.INFO_STOCK === 'enStock' || fiche.STOCK.INFO_STOCK === 'quantiteLimitee';
  return {
    title: titled(fiche.designation1),
    description,
    path,
    ...(fiche.image ? { image: pictureSources(fiche.image, PREVIEW_WIDTH).src } : {}),
    product: {
      code: fiche.codeArticle,
      name: fiche.designation1,
      category: fiche.famille.libelle,
      ...(fiche.prixTTC === undefined ? {} : { offer: { priceTTC: fiche.prixTTC, inStock } }),
    },
  };
}

function categoryMeta(path: string, page: FamilyPage): PageMeta {
  const { famille, sousFamilles, articles } = page;
  const count = `${articles.total} article${articles.total > 1 ? 's' : ''}`;
  const under = sousFamilles.map((family) => family.libelle).join(', ');
  const first = articles.elements.find((article) => article.image)?.image;
  return {
    title: titled(famille.libelle),
    description: shortDescription(`${famille.libelle} : ${count}${under ? ` — ${under}` : ''}.`),
    path,
    ...(first ? { image: pictureSources(first, PREVIEW_WIDTH).src } : {}),
  };
}

/**
 * The head tags of the shop page `opened`, or null when the page shows nothing (an unknown code). Its
 * canonical address is the page's own, whatever query or spelling of its code it was asked with.
 */
export async function pageMetaTags(app: FastifyInstance, opened: ShopPage): Promise<string | null> {
  let meta: PageMeta | null;
  if (opened.page === 'home') meta = { title: SHOP_NAME, description: SHOP_DESCRIPTION, path: '/' };
  else if (opened.page === 'product') {
    const fiche = await answerOf<FicheArticle>(app, `/catalogue/articles/${encodeURIComponent(opened.code)}`);
    meta = fiche && productMeta(articleLink(opened.code), fiche);
  } else {
    const page = await answerOf<FamilyPage>(app, firstFamilyPageUrl(opened.code));
    meta = page && categoryMeta(familyLink(opened.code), page);
  }
  return meta && pageHeadTags(meta, app.config.publicUrl);
}
