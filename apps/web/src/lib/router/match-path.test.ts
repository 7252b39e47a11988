import { matchPath } from './match-path';

describe('matchPath', () => {
  it('matches static segments whatever their case and a trailing slash', () => {
    expect(matchPath('/panier', '/panier')).toEqual({
      params: {},
      pathname: '/panier',
      pathnameBase: '/panier',
    });
    expect(matchPath('/panier', '/Panier/')).not.toBeNull();
    expect(matchPath('/panier', '/panier/commande')).toBeNull();
    expect(matchPath('/panier/commande', '/panier')).toBeNull();
    expect(matchPath('/', '/')).toEqual({ params: {}, pathname: '/', pathnameBase: '/' });
    expect(matchPath('/', '/panier')).toBeNull();
  });

  it('gives the decoded value of each named segment', () => {
    expect(matchPath('/compte/detail-mouvement/:id', '/compte/detail-mouvement/42')?.params).toEqual({
      id: '42',
    });
    expect(matchPath('/article/:code', '/article/PL%C3%82TRE%2F13')?.params).toEqual({ code: 'PLÂTRE/13' });
    expect(matchPath('/article/:code', '/article/%E0%A4%A')?.params).toEqual({ code: '%E0%A4%A' });
  });

  it("matches any rest with a final '*', and where the nested routes start", () => {
    expect(matchPath('/openweb/admin/*', '/openweb/admin/admin_accueil')).toEqual({
      params: { '*': 'admin_accueil' },
      pathname: '/openweb/admin/admin_accueil',
      pathnameBase: '/openweb/admin',
    });
    expect(matchPath('/openweb/admin/*', '/openweb/admin')?.params).toEqual({ '*': '' });
    expect(matchPath('/openweb/admin/*', '/openweb')).toBeNull();
    expect(matchPath('*', '/nulle/part')?.params).toEqual({ '*': 'nulle/part' });
  });

  it('matches a prefix when asked (a layout route)', () => {
    expect(matchPath({ path: '/compte', end: false }, '/compte/adresses')).toEqual({
      params: {},
      pathname: '/compte',
      pathnameBase: '/compte',
    });
    expect(matchPath({ path: '/compte', end: false }, '/comptes')).toBeNull();
  });
});
