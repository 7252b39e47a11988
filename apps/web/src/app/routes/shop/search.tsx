import { useSearchParams } from '../../../lib/router';
import { writeListParams } from '../../../lib/list-params';
import { readListParams } from '../../../lib/read-list-params';
import { SearchResultsPage } from '../../../features/shop/search/components/search-results-page';

// The text, the page, the sort and the filters live in the URL (?q=…&page=N, N from 1; tri, enStock,
// prixMin, prixMax) so a results page can be shared and the back button undoes a change.
export function Component() {
  const [params, setParams] = useSearchParams();
  const text = params.get('q') ?? '';
  const page = Math.max(Number.parseInt(params.get('page') ?? '1', 10) || 1, 1) - 1;
  const list = readListParams(params);
  return (
    <SearchResultsPage
      text={text}
      page={page}
      list={list}
      // At once, not in a transition: a second change must be built on this one (see family-page.tsx).
      onListChange={(next) => setParams(writeListParams(params, next), { flushSync: true })}
      onPageChange={(next) => {
        setParams(writeListParams(params, list, next));
        window.scrollTo({ top: 0 });
      }}
    />
  );
}
