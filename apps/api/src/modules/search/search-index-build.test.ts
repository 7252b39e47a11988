// A large catalogue's index is built on a worker thread: the same index as the main thread's, from
// the articles as the database packs them.
import { buildTestApp, type App } from '../../test/helpers';
import { createArticle, createFamily } from '../../test/factories';
import { buildOnThread, type PackedArticles } from './search-index-build';
import { SearchIndex, type IndexedArticle } from './search-index';
import { buildSearchIndex } from './search.kept';

const families = [
  { code: 'GO', label: 'Gros œuvre', level: 1 },
  { code: 'PLA', label: 'Plaques et cloisons', level: 2 },
];
const words = ['Ciment', 'gris', 'plâtre', 'Plaque', 'BA13', 'œuvre', 'façade', 'vis', 'inox', '35 kg'];
const articles: IndexedArticle[] = Array.from({ length: 3_000 }, (_, i) => ({
  code: `A${String(i).padStart(5, '0')}`,
  designation: `${words[i % words.length]} ${words[(i * 7) % words.length]} ${i}`,
}));
const packed: PackedArticles = {
  codes: articles.map((article) => article.code).join('\n'),
  designations: articles.map((article) => article.designation).join('\n'),
  count: articles.length,
};
const searches = [['ciment'], ['platre', 'ba13'], ['cimment'], ['a0012'], ['oeuvre', '7'], ['gros']];

describe('the search index built on a thread', () => {
  it('finds what the main thread’s index finds, families included', async () => {
    const onThread = await buildOnThread(packed, families);
    const onMain = new SearchIndex(articles, families);
    expect(onThread.size).toBe(articles.length);
    for (const search of searches) {
      expect(onThread.findArticles(search, 8)).toEqual(onMain.findArticles(search, 8));
      expect(onThread.searchArticles(search)).toEqual(onMain.searchArticles(search));
      expect(onThread.searchFamilies(search, 5)).toEqual(onMain.searchFamilies(search, 5));
    }
  });
});

describe('the articles as the database packs them for the index', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('indexes the active articles, and the rows one by one when a designation holds a line break', async () => {
    const family = await createFamily(app, { label: 'Visserie' });
    await createArticle(app, { code: 'V1', familyCode: family.code, designation1: 'Vis inox tête fraisée' });
    await createArticle(app, {
      code: 'V2',
      familyCode: family.code,
      designation1: 'Vis inox',
      active: false,
    });
    expect((await buildSearchIndex(app.db)).searchArticles(['inox'])).toEqual(['V1']);
    await createArticle(app, { code: 'V3', familyCode: family.code, designation1: 'Vis\nà bois inox' });
    expect((await buildSearchIndex(app.db)).searchArticles(['inox'])).toEqual(['V3', 'V1']);
  });
});
