import { firstFamilyPageUrl } from '@comptoir/shared/catalogue';
import { readListParams } from '../lib/read-list-params';
import { productQueryOptions } from '../features/shop/product/api/get-product';
import { familyPageQueryOptions } from '../features/shop/catalogue/api/get-family-page';

// The server names these addresses in the page's HTML (apps/api/src/plugins/page-hints.ts); the
// browser reuses what it fetched ahead only for the same address and the same headers.
describe('the first answers of the category and product pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  const askedBy = async (queryFn: unknown) => {
    const fetch = vi.fn(async () => new Response('{}', { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    await (queryFn as (context: never) => Promise<unknown>)({} as never).catch(() => undefined);
    expect(fetch).toHaveBeenCalledTimes(1);
    return fetch.mock.calls[0] as unknown as [string, RequestInit];
  };

  it('asks the first page of a family at the address the server names', async () => {
    const options = familyPageQueryOptions('BO 01', 0, readListParams(new URLSearchParams()));
    const [url, init] = await askedBy(options.queryFn);
    expect(url).toBe(firstFamilyPageUrl('BO 01'));
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin', headers: {} });
  });

  it('asks a product at the address the server names', async () => {
    const [url, init] = await askedBy(productQueryOptions('A 1&2').queryFn);
    expect(url).toBe('/catalogue/articles/A%201%262');
    expect(init.headers).toEqual({});
  });
});
