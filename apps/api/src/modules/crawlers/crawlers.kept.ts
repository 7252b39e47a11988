// What the crawlers' files keep in the answer cache (plugins/kept-read.ts): the storefront's page
// addresses, until the sales plan or the articles change on any process.
import { familyLink, articleLink } from '@comptoir/shared/catalogue-texts';
import { SITE_PAGE_PATHS } from '@comptoir/shared/site-pages-texts';
import { keptRead } from '../../plugins/kept-read';
import { searchableArticles } from '../catalogue/catalogue.service';
import { wholeTree } from '../families/families.service';

/**
 * Every page a crawler may index: the home page, the legal pages, each family that shows articles
 * (an empty family's page says so and nothing else) and each active article's page.
 */
export const storefrontPaths = keptRead({
  key: () => 'crawlers:paths',
  tables: ['activities', 'families', 'articles'],
  load: async (db): Promise<string[]> => {
    const [tree, articles] = await Promise.all([wholeTree(db), searchableArticles(db)]);
    return [
      '/',
      ...Object.values(SITE_PAGE_PATHS),
      ...tree.filter((family) => family.articles > 0).map((family) => familyLink(family.code)),
      ...articles.map((article) => articleLink(article.code)).sort(),
    ];
  },
});
