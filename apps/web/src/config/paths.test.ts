import { paths, safeRedirectPath } from './paths';

describe('paths', () => {
  it('builds the login link with the way back', () => {
    expect(paths.login.getHref()).toBe('/connexion');
    expect(paths.login.getHref('/openweb/admin/admin_accueil?x=1')).toBe(
      '/connexion?redirectTo=%2Fopenweb%2Fadmin%2Fadmin_accueil%3Fx%3D1',
    );
    expect(paths.admin.home.getHref()).toBe('/openweb/admin/admin_accueil');
  });

  it('builds family and article links as the API does', () => {
    expect(paths.shop.category.getHref('GO')).toBe('/catalogue/GO');
    expect(paths.shop.product.getHref('CIM 35/A')).toBe('/article/CIM%2035%2FA');
  });
});

describe('safeRedirectPath', () => {
  it('keeps paths of this site', () => {
    expect(safeRedirectPath('/openweb/admin/admin_accueil', '/')).toBe('/openweb/admin/admin_accueil');
    expect(safeRedirectPath('/compte/detail-mouvement/3?codeClient=C1', '/')).toBe(
      '/compte/detail-mouvement/3?codeClient=C1',
    );
  });

  it('refuses anything that could leave the site', () => {
    for (const target of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      null,
    ]) {
      expect(safeRedirectPath(target, '/')).toBe('/');
    }
  });
});
