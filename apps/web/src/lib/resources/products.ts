// The storefront's product pages (GET /catalogue/articles/{code}): the back office invalidates them when it
// changes what they show (a grouping saved or deleted), so the next visit reads them again.
export const productsQueryKey = ['catalogue', 'articles'] as const;
