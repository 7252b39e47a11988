// Variant groupings on the real server with the demo data (docs/contract/variant-groupings-and-the-article-calls.md, Variant groupings): a new
// grouping through the article picker (fewer than 2 articles refused, a third attribute refused on type 0),
// its master and attributes edited, the storefront's dropdowns switching between its articles, then its
// deletion; then a grouping of the other type with its own designations and suffixes, as the product page
// shows them; axe on the list, the edit view and the picker. Only the groupings this file creates change.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArticleMeasures, ArticlesResponse, RegroupementsResponse } from '@comptoir/shared/groupings';
import { expectAccessible } from './support/browser';
import { useShop } from './support/setup';

const URL_GROUPINGS = '/openweb/admin/admin_regroupements';

describe('variant groupings', () => {
  const shop = useShop();
  let page: Page;
  let first: ArticleMeasures;
  let second: ArticleMeasures;
  let title: string;

  beforeAll(async () => {
    page = await shop.page('admin');
    await page.getByRole('heading', { name: 'Accueil', level: 1 }).waitFor();
    // Two articles of one leaf that no demo grouping holds, of different lengths.
    const found = (await (
      await page.request.get('/service/articles?queryString=hydrofuge%20h1&filterArticlesFields=true')
    ).json()) as ArticlesResponse;
    const measures: ArticleMeasures[] = [];
    for (const row of found.list)
      measures.push(
        (await (
          await page.request.get(`/service/article/?articleCode=${row.codeArticle}`)
        ).json()) as ArticleMeasures,
      );
    first = measures[0]!;
    second = measures.find((m) => m.longueur !== first.longueur)!;
    expect(second).toBeDefined();
  });

  const toast = (text: string) => page.locator('.mantine-Notification-description', { hasText: text });
  const picker = () => page.getByRole('dialog', { name: 'Sélection des articles' });
  const search = () => picker().getByRole('textbox', { name: 'Rechercher un article' });
  const label = (m: ArticleMeasures) => `${m.designation1} (${m.codeArticle})`;
  const groupings = async () =>
    ((await (await page.request.get('/service/regroupements?page=0')).json()) as RegroupementsResponse).list;

  it('creates a grouping: fewer than 2 articles and a third attribute refused', async () => {
    await page.goto(URL_GROUPINGS);
    await page.getByRole('heading', { name: 'Regroupements de variantes', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Regroupements par titre' }).getByRole('row').nth(1).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Nouveau regroupement' }).click();
    await picker().waitFor();
    await expect.poll(() => search().getAttribute('placeholder')).toBe('recherche');
    await picker().getByRole('tree', { name: 'Plan de vente' }).getByRole('treeitem').first().waitFor();
    await expectAccessible(page);

    await search().fill('z');
    await picker().getByText('Encore 1 caractère').waitFor();
    await search().fill('zzzzqq');
    await picker().getByText('Aucun article trouvé').waitFor();

    await search().fill(first.codeArticle);
    await picker()
      .getByRole('checkbox', { name: label(first) })
      .check();
    await picker().getByRole('button', { name: 'Valider la sélection' }).click();
    await toast('Veuillez sélectionner plusieurs articles').waitFor();
    await picker()
      .getByRole('alert')
      .filter({ hasText: 'Veuillez sélectionner plusieurs articles' })
      .waitFor();
    expect(await picker().isVisible()).toBe(true);

    await search().fill(second.codeArticle);
    await picker()
      .getByRole('checkbox', { name: label(second) })
      .check();
    const selection = picker().getByRole('list', { name: 'VOTRE SELECTION' });
    await selection.getByText(label(second)).waitFor();
    await picker().getByRole('button', { name: 'Valider la sélection' }).click();
    await picker().waitFor({ state: 'hidden' });

    // The master defaults to the first article, the title to its designation.
    await expect
      .poll(() =>
        page.getByRole('radio', { name: `${first.designation1} — ${first.codeArticle}` }).isChecked(),
      )
      .toBe(true);
    title = await page.getByRole('textbox', { name: 'Titre' }).inputValue();
    expect(title).toBe(first.designation1);
    title = `${title} (E2E)`;
    await page.getByRole('textbox', { name: 'Titre' }).fill(title);

    await page.getByRole('checkbox', { name: 'Longueur (mesure)' }).check();
    await page.getByRole('checkbox', { name: 'Largeur (mesure)' }).check();
    await page.getByRole('checkbox', { name: 'Poids (mesure)' }).click();
    await page.locator('[data-flash]', { hasText: '2 attributs maximum' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Poids (mesure)' }).isChecked()).toBe(false);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Enregistrer le regroupement' }).click();
    await toast('Regroupement enregistré').waitFor();
    await page.getByRole('button', { name: title }).waitFor();
    const saved = (await groupings()).find((g) => g.titre === title);
    expect(saved?.attributs.map((a) => a.propriete)).toEqual(['longueur', 'largeur']);
    expect(saved?.articles.map((a) => a.codeArticle)).toEqual([first.codeArticle, second.codeArticle]);
  });

  it('edits its master and attributes', async () => {
    await page.getByRole('button', { name: title }).click();
    await page.getByRole('radio', { name: `${second.designation1} — ${second.codeArticle}` }).check();
    await page.getByRole('checkbox', { name: 'Largeur (mesure)' }).uncheck();
    await page.getByRole('button', { name: 'Enregistrer le regroupement' }).click();
    await toast('Regroupement enregistré').waitFor();
    const saved = (await groupings()).find((g) => g.titre === title);
    expect(saved?.articleMaitre.codeArticle).toBe(second.codeArticle);
    expect(saved?.attributs.map((a) => a.propriete)).toEqual(['longueur']);
  });

  it('switches between its articles on the storefront', async () => {
    const shopper = await shop.page();
    await shopper.goto(`/article/${first.codeArticle}`);
    await shopper.getByRole('heading', { name: first.designation1, level: 1 }).waitFor();
    const dropdown = shopper.getByLabel('Longueur');
    const options = await dropdown.locator('option').allInnerTexts();
    const current = await dropdown.inputValue();
    const target = options.find((text) => text !== current)!;
    await dropdown.selectOption(target);
    await expect.poll(() => new URL(shopper.url()).pathname).toBe(`/article/${second.codeArticle}`);
    await shopper.getByRole('heading', { name: second.designation1, level: 1 }).waitFor();
    await shopper.context().close();
  });

  it('deletes it', async () => {
    await page.getByRole('button', { name: title }).click();
    await page.getByRole('button', { name: 'Supprimer le regroupement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer le regroupement' });
    await dialog.getByRole('button', { name: 'Supprimer le regroupement' }).click();
    await toast('Regroupement supprimé').waitFor();
    await page.getByRole('heading', { name: 'Regroupements de variantes', level: 1 }).waitFor();
    expect((await groupings()).some((g) => g.titre === title)).toBe(false);
  });

  it('creates a grouping of type 1 with its designations and suffixes, shown on the product page', async () => {
    await page.goto(URL_GROUPINGS);
    await page.getByRole('button', { name: 'Nouveau regroupement' }).click();
    for (const article of [first, second]) {
      await search().fill(article.codeArticle);
      await picker()
        .getByRole('checkbox', { name: label(article) })
        .check();
    }
    await picker().getByRole('list', { name: 'VOTRE SELECTION' }).getByText(label(second)).waitFor();
    await picker().getByRole('button', { name: 'Valider la sélection' }).click();
    await picker().waitFor({ state: 'hidden' });
    const multiTitle = `${first.designation1} (E2E multiple)`;
    await page.getByRole('textbox', { name: 'Titre' }).fill(multiTitle);

    const type = page.getByRole('combobox', { name: 'Type de regroupement' });
    expect(await type.inputValue()).toBe('0');
    await type.selectOption({ label: 'Variantes à attributs multiples' });
    for (const name of ['Longueur', 'Largeur', 'Poids'])
      await page.getByRole('checkbox', { name: `${name} (mesure)` }).check();
    // Back to type 0 with three attributes: refused like a third checkbox.
    await type.selectOption({ label: 'Variantes à 2 attributs maximum' });
    await page.locator('[data-flash]', { hasText: '2 attributs maximum' }).waitFor();
    expect(await type.inputValue()).toBe('1');

    const texts = (name: string) => page.getByRole('group', { name: `Libellés de l’attribut ${name}` });
    await texts('Longueur').getByRole('textbox', { name: 'Désignation' }).fill('Longueur de plaque');
    await texts('Longueur').getByRole('textbox', { name: 'Suffixe' }).fill(' mm de long');
    await texts('Longueur').getByText('Nature : mesure (ERP)').waitFor();
    await texts('Largeur').getByRole('textbox', { name: 'Désignation' }).fill('longueur de plaque');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Enregistrer le regroupement' }).click();
    await toast('Deux attributs ne peuvent pas porter la même désignation : longueur de plaque').waitFor();
    await texts('Largeur').getByRole('textbox', { name: 'Désignation' }).fill('Largeur utile');
    await page.getByRole('button', { name: 'Enregistrer le regroupement' }).click();
    await toast('Regroupement enregistré').waitFor();
    await page
      .getByRole('row', { name: new RegExp(`Variantes à attributs multiples`) })
      .first()
      .waitFor();

    const saved = (await groupings()).find((g) => g.titre === multiTitle)!;
    expect(saved.type).toBe('1');
    expect(saved.attributs.map((a) => [a.propriete, a.designation, a.suffixe])).toEqual([
      ['longueur', 'Longueur de plaque', ' mm de long'],
      ['largeur', 'Largeur utile', saved.availableAttributs[1]!.suffixe],
      ['poids', 'Poids', saved.availableAttributs.find((a) => a.propriete === 'poids')!.suffixe],
    ]);

    const shopper = await shop.page();
    await shopper.goto(`/article/${first.codeArticle}`);
    await shopper.getByRole('heading', { name: first.designation1, level: 1 }).waitFor();
    const lengths = await shopper.getByLabel('Longueur de plaque').locator('option').allInnerTexts();
    expect(lengths.length).toBe(2);
    for (const text of lengths) expect(text).toMatch(/ mm de long$/);
    await shopper.getByLabel('Largeur utile').waitFor();
    await shopper.getByLabel('Poids').waitFor();
    await shopper.context().close();

    expect((await page.request.delete(`/service/regroupement/${saved.id}`)).status()).toBe(200);
  });
});
