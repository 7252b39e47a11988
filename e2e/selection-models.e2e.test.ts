// Article-selection models on the real server with the demo data (docs/contract/article-selection-models.md, Article-selection
// models): create one (the empty name refused), edit it, delete it; axe on the list and the editor.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArticlesResponse } from '@comptoir/shared/groupings';
import type { SelectionModelList } from '@comptoir/shared/selection-models';
import { expectAccessible } from './support/browser';
import { useShop } from './support/setup';

const NAME = 'Promotion E2E';

describe('selection models', () => {
  const shop = useShop();
  let page: Page;

  beforeAll(async () => {
    page = await shop.page('admin');
    await page.getByRole('heading', { name: 'Accueil', level: 1 }).waitFor();
  });

  const toast = (text: string) => page.locator('.mantine-Notification-description', { hasText: text });
  const dialog = () => page.getByRole('dialog', { name: 'Modèle de sélection' });
  const models = async () =>
    ((await (await page.request.get('/admin/selectionModele/getAll?page=0')).json()) as SelectionModelList)
      .list;

  it('creates a model: the empty name is refused', async () => {
    await page.goto('/openweb/admin/admin_selectionModeles');
    await page.getByRole('heading', { name: 'Modèles de sélection', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'LIST OF MODELS' }).waitFor();
    await page.getByRole('table', { name: 'Modèles de sélection par nom' }).getByRole('row').nth(1).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Créer un modèle' }).click();
    await dialog().waitFor();
    await dialog().getByRole('tree', { name: 'Plan de vente' }).getByRole('treeitem').first().waitFor();
    await dialog().getByRole('button', { name: 'Ok' }).click();
    await dialog().getByText('Veuillez spécifier le nom de la sélection').waitFor();
    await expectAccessible(page);

    await dialog().getByRole('textbox', { name: 'Nom de la sélection' }).fill(NAME);
    const root = dialog().getByRole('treeitem').first();
    const family = (await root.getAttribute('data-code'))!;
    await root.locator('span').filter({ hasText: ' - ' }).first().click();
    const selection = dialog().getByRole('list', { name: 'VOTRE SELECTION' });
    await selection.getByRole('listitem').first().waitFor();

    const article = (
      (await (
        await page.request.get('/service/articles?queryString=perceuse&filterArticlesFields=true')
      ).json()) as ArticlesResponse
    ).list[0]!;
    await dialog().getByRole('checkbox', { name: 'Afficher les articles' }).check();
    await dialog().getByRole('textbox', { name: 'Rechercher un article' }).fill(article.codeArticle);
    await dialog()
      .getByRole('checkbox', { name: `${article.designation1} (${article.codeArticle})` })
      .check();
    await selection.getByText(`${article.designation1} (${article.codeArticle})`).waitFor();
    await dialog().getByRole('button', { name: 'Ok' }).click();
    await toast('Modèle enregistré').waitFor();
    await dialog().waitFor({ state: 'hidden' });
    const saved = (await models()).find((m) => m.nom === NAME);
    expect(saved?.selection.famille.map((f) => f.code)).toEqual([family]);
    expect(saved?.selection.article.map((a) => a.code)).toEqual([article.codeArticle]);

    // The storefront's home shows the latest model as its promotion block.
    const shopper = await shop.page();
    await shopper.goto('/');
    const block = shopper.getByRole('region', { name: `Notre sélection : ${NAME}` });
    await block.getByRole('link', { name: article.designation1 }).first().waitFor();
    expect(await block.getByRole('link', { name: saved!.selection.famille[0]!.libelle }).count()).toBe(1);
    await expectAccessible(shopper);
    await shopper.context().close();
  });

  it('edits it', async () => {
    await page.getByRole('button', { name: NAME }).click();
    await dialog().waitFor();
    const selection = dialog().getByRole('list', { name: 'VOTRE SELECTION' });
    await selection.getByRole('button', { name: /^Retirer Famille/ }).click();
    await dialog().getByRole('textbox', { name: 'Nom de la sélection' }).fill(`${NAME} 2`);
    await dialog().getByRole('button', { name: 'Ok' }).click();
    await toast('Modèle enregistré').waitFor();
    const saved = (await models()).find((m) => m.nom === `${NAME} 2`);
    expect(saved?.selection.famille).toEqual([]);
    expect(saved?.selection.article).toHaveLength(1);
  });

  it('deletes it', async () => {
    await page.getByRole('button', { name: `${NAME} 2` }).click();
    await dialog().getByRole('button', { name: 'Suppression du modèle' }).click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer le modèle de sélection' });
    await confirm.getByText(`Supprimer le modèle « ${NAME} 2 » ?`, { exact: false }).waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await toast('Modèle supprimé').waitFor();
    await dialog().waitFor({ state: 'hidden' });
    expect((await models()).some((m) => m.nom.startsWith(NAME))).toBe(false);
  });
});
