import { useSearchParams } from 'react-router';
import { SearchResultsPage } from '../../../features/shop/search/components/search-results-page';

// The text and the page live in the URL (?q=…&page=N, N from 1) so a results page can be shared.
export function Component() {
  const [params, setParams] = useSearchParams();
  const text = params.get('q') ?? '';
  const page = Math.max(Number.parseInt(params.get('page') ?? '1', 10) || 1, 1) - 1;
  return (
    <SearchResultsPage
      text={text}
      page={page}
      onPageChange={(next) => {
        setParams(next > 0 ? { q: text, page: String(next + 1) } : { q: text });
        window.scrollTo({ top: 0 });
      }}
    />
  );
}
