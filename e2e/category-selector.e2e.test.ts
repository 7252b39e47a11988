// The multi-level category selector in Chromium at 390 px wide, on the real server and its demo data:
// levels chosen with the keyboard load the next one, clearing a level brings the link back to its
// parent, the button lands on the chosen category's page, whose selector shows the path. Expected
// contents come from the API itself.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { categorieList } from '@comptoir/shared/catalogue';
import { CATEGORY_SELECTOR_LABELS as LABELS } from '@comptoir/shared/category-selector';
import { simpleMenu, type MenuItem } from '@comptoir/shared/menu';
import { expectAccessible } from './support/browser';
import { useShop } from './support/setup';

async function children(page: Page, code: string): Promise<MenuItem[]> {
  const answer = await page.request.get(`/simplemenu/${encodeURIComponent(code)}`);
  expect(answer.status()).toBe(200);
  return simpleMenu.parse(await answer.json()).items;
}

describe('category selector', () => {
  const shop = useShop();

  it('picks a category three levels down with the keyboard and lands on its page', async () => {
    const page = await shop.page();
    await page.setViewportSize({ width: 390, height: 844 });
    const roots = categorieList.parse(await (await page.request.get('/catalogue/categories')).json());
    // A root with a sub-family that has sub-families of its own.
    let chosen: { root: (typeof roots)[number]; level2: MenuItem; level3: MenuItem } | undefined;
    for (const root of roots) {
      for (const level2 of await children(page, root.code)) {
        const [level3] = await children(page, level2.CODE);
        if (level3) chosen = { root, level2, level3 };
        if (chosen) break;
      }
      if (chosen) break;
    }
    expect(chosen, 'une famille de 3 niveaux dans les données de démonstration').toBeDefined();
    const { root, level2, level3 } = chosen!;
    // Another root with sub-families of its own, so that its second level shows, emptied (other test
    // files add root families without any, e.g. the import of an ERP file).
    let otherRoot: (typeof roots)[number] | undefined;
    for (const candidate of roots) {
      if (candidate.code !== root.code && (await children(page, candidate.code)).length > 0) {
        otherRoot = candidate;
        break;
      }
    }
    expect(otherRoot, 'une autre famille racine avec des sous-familles').toBeDefined();

    await page.goto('/');
    const selector = page.getByRole('region', { name: LABELS.title });
    const go = selector.getByRole('link', { name: LABELS.go });
    await expect.poll(() => selector.getByRole('button', { name: LABELS.go }).isDisabled()).toBe(true);

    // Keyboard only: focus the first dropdown and choose with the arrow keys' native select.
    const first = selector.getByLabel(LABELS.level(0), { exact: true });
    await first.focus();
    await first.selectOption({ label: root.libelle });
    await expect.poll(() => go.getAttribute('href')).toBe(root.lien);
    const second = selector.getByLabel(LABELS.level(1));
    await expect.poll(() => second.locator('option').count()).toBeGreaterThan(1);
    await second.selectOption({ label: level2.LIBELLE });
    await expect.poll(() => go.getAttribute('href')).toBe(level2.LIEN);
    const third = selector.getByLabel(LABELS.level(2));
    await third.selectOption({ label: level3.LIBELLE });
    await expect.poll(() => go.getAttribute('href')).toBe(level3.LIEN);

    // Clearing level 2 clears level 3 and brings the link back to the root.
    await second.selectOption({ value: '' });
    await expect.poll(() => third.count()).toBe(0);
    await expect.poll(() => go.getAttribute('href')).toBe(root.lien);
    // Choosing another root clears every deeper level.
    await second.selectOption({ label: level2.LIBELLE });
    await third.selectOption({ label: level3.LIBELLE });
    await first.selectOption({ label: otherRoot!.libelle });
    await expect.poll(() => third.count()).toBe(0);
    await expect.poll(() => second.inputValue()).toBe('');
    await expect.poll(() => go.getAttribute('href')).toBe(otherRoot!.lien);
    await first.selectOption({ label: root.libelle });
    await second.selectOption({ label: level2.LIBELLE });
    await third.selectOption({ label: level3.LIBELLE });

    // Nothing sticks out of a 390 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);

    await go.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe(level3.LIEN);
    await expect
      .poll(async () => (await page.getByRole('heading', { level: 1 }).innerText()).toLowerCase())
      .toBe(level3.LIBELLE.toLowerCase());
    // The category page's selector shows the way there.
    const onPage = page.getByRole('region', { name: LABELS.title });
    await expect.poll(() => onPage.getByLabel(LABELS.level(2)).inputValue()).toBe(level3.CODE);
    await expect.poll(() => onPage.getByLabel(LABELS.level(0), { exact: true }).inputValue()).toBe(root.code);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await page.context().close();
  });
});
