// A large catalogue's index is built on a worker thread: the same index as the main thread's.
import { buildIndex, buildOnThread } from './search-index-build';
import { SearchIndex, type IndexedArticle } from './search-index';

const families = [
  { code: 'GO', label: 'Gros œuvre', level: 1 },
  { code: 'PLA', label: 'Plaques et cloisons', level: 2 },
];
const words = ['Ciment', 'gris', 'plâtre', 'Plaque', 'BA13', 'œuvre', 'façade', 'vis', 'inox', '35 kg'];
const articles: IndexedArticle[] = Array.from({ length: 3_000 }, (_, i) => ({
  code: `A${String(i).padStart(5, '0')}`,
  designation: `${words[i % words.length]} ${words[(i * 7) % words.length]} ${i}`,
}));
const searches = [['ciment'], ['platre', 'ba13'], ['cimment'], ['a0012'], ['oeuvre', '7'], ['gros']];

describe('the search index built on a thread', () => {
  it('finds what the main thread’s index finds, families included', async () => {
    const onThread = await buildOnThread(articles, families);
    const onMain = new SearchIndex(articles, families);
    expect(onThread.size).toBe(articles.length);
    for (const search of searches) {
      expect(onThread.findArticles(search, 8)).toEqual(onMain.findArticles(search, 8));
      expect(onThread.searchArticles(search)).toEqual(onMain.searchArticles(search));
      expect(onThread.searchFamilies(search, 5)).toEqual(onMain.searchFamilies(search, 5));
    }
  });

  it('builds on the main thread a catalogue whose texts hold a line break', async () => {
    const index = await buildIndex([{ code: 'X1', designation: 'Vis\ninox' }], [], 0);
    expect(index.searchArticles(['inox'])).toEqual(['X1']);
  });
});
