// The statistics page (docs/contract/statistics.md) in Chromium on the real server and its demo
// data, the browser's clock frozen on Wednesday 18 November 2026, 10:00 in Paris: the first search,
// the quick periods, the table's pages and order, the chart's measures, the CSV, axe. Expected
// figures come from the API itself (same session).
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatInteger } from '@comptoir/shared/format';
import {
  QUICK_PERIOD_LABELS,
  QUICK_PERIODS,
  quickPeriod,
  SCALE_LABELS,
  statisticsResponse,
  type StatisticsRow,
} from '@comptoir/shared/statistics';
import { expectAccessible } from './support/browser';
import { useShop } from './support/setup';

const PAGE = '/openweb/admin/admin_statistiques';
const TODAY = '2026-11-18';
const TABLE = 'Tableau de données';

/** The rows of the table as shown, one array of cell texts per row (totals excluded). */
function shownRows(page: Page): Promise<string[][]> {
  return page.evaluate((name) => {
    const table = document.querySelector(`table[aria-label="${name}"]`);
    return [...(table?.querySelectorAll('tbody tr') ?? [])].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim()),
    );
  }, TABLE);
}

const fetchUrl = (url: string) => url.includes('/admin/statistiques/fetch');
const params = (url: string) => Object.fromEntries(new URL(url).searchParams);

async function apiRows(page: Page, query: string): Promise<StatisticsRow[]> {
  const answer = await page.request.get(`/admin/statistiques/fetch?${query}`);
  expect(answer.status()).toBe(200);
  return statisticsResponse.parse(await answer.json());
}

describe('statistics page', () => {
  const shop = useShop();
  let page: Page;
  let firstQuery: Record<string, string>;
  /** The first search's query string, every agency repeated. */
  let firstSearch: string;

  beforeAll(async () => {
    page = await shop.page('admin', { open: null });
    await page.clock.setFixedTime(new Date(`${TODAY}T10:00:00+01:00`));
    const first = page.waitForResponse((r) => fetchUrl(r.url()));
    await page.goto(PAGE);
    const firstUrl = (await first).url();
    firstQuery = params(firstUrl);
    firstSearch = new URL(firstUrl).search.slice(1);
    await page.getByRole('heading', { level: 1, name: 'Statistiques' }).waitFor();
    await page.locator(`table[aria-label="${TABLE}"] tbody tr td:nth-child(7)`).first().waitFor();
  });

  it('searches the last 30 days by day for every agency on load', async () => {
    expect(firstQuery).toMatchObject({ dateDebut: '2026-10-20', dateFin: TODAY, echelle: 'jour' });
    const agencies = (await (await page.request.get('/service/agences')).json()) as unknown[];
    expect(new URLSearchParams(firstSearch).getAll('agences[]')).toHaveLength(agencies.length);
    expect(new URL(page.url()).pathname).toBe(PAGE);
    expect(await page.getByLabel(/^Du/).inputValue()).toBe('2026-10-20');
    expect(await page.getByLabel(/^Au/).inputValue()).toBe(TODAY);
    expect(await page.getByRole('combobox', { name: 'Échelle' }).inputValue()).toBe('Jour');
    await page.getByRole('navigation').getByRole('link', { name: 'Statistiques' }).waitFor();
  });

  it('shows the rows newest first, 15 a page, with totals, as the API counts them', async () => {
    const rows = await apiRows(page, firstSearch);
    expect(rows).toHaveLength(30);
    const shown = await shownRows(page);
    expect(shown).toHaveLength(15);
    expect(shown.map((cells) => cells[1])).toEqual(
      rows
        .slice(15)
        .reverse()
        .map((r) => r.libelle),
    );
    const latest = rows.at(-1)!;
    expect(shown[0]!.slice(0, 4)).toEqual([
      latest.code,
      latest.libelle,
      formatInteger(latest.connexions),
      formatInteger(latest.commandes),
    ]);
    const totals = page.locator(`table[aria-label="${TABLE}"] tfoot th`);
    expect(await totals.first().innerText()).toBe('Total');
    expect(await totals.nth(3).innerText()).toBe(formatInteger(rows.reduce((s, r) => s + r.commandes, 0)));

    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    const second = await shownRows(page);
    expect(second.map((cells) => cells[1])).toEqual(
      rows
        .slice(0, 15)
        .reverse()
        .map((r) => r.libelle),
    );
  });

  it('shows a weekly rhythm on the demo data: weekends are low', async () => {
    const rows = await apiRows(page, firstSearch);
    const weekday = (code: string) => new Date(`${code}T12:00:00Z`).getUTCDay();
    const average = (list: StatisticsRow[]) => list.reduce((s, r) => s + r.commandes, 0) / list.length;
    const weekends = rows.filter((r) => [0, 6].includes(weekday(r.code)));
    const workdays = rows.filter((r) => ![0, 6].includes(weekday(r.code)));
    expect(average(workdays)).toBeGreaterThan(0);
    expect(average(weekends)).toBeLessThan(average(workdays) / 2);
  });

  it('sets the dates and scale of each quick period, then searches', async () => {
    for (const key of QUICK_PERIODS) {
      const expected = quickPeriod(key, TODAY);
      const answer = page.waitForResponse((r) => fetchUrl(r.url()));
      await page.getByRole('button', { name: QUICK_PERIOD_LABELS[key], exact: true }).click();
      expect(params((await answer).url()), key).toMatchObject(expected);
      expect(await page.getByLabel(/^Du/).inputValue(), key).toBe(expected.dateDebut);
      expect(await page.getByLabel(/^Au/).inputValue(), key).toBe(expected.dateFin);
      expect(await page.getByRole('combobox', { name: 'Échelle' }).inputValue(), key).toBe(
        SCALE_LABELS[expected.echelle],
      );
      // Back on the first page, newest bucket first.
      await page
        .getByRole('button', { name: QUICK_PERIOD_LABELS[key], exact: true })
        .and(page.locator(':enabled'))
        .waitFor();
    }
    // Année -1 by month: 12 rows, December first.
    await page.locator('tbody tr td:nth-child(2)', { hasText: 'décembre 2025' }).waitFor();
    const shown = await shownRows(page);
    expect(shown.map((cells) => cells[1])).toEqual([
      'décembre 2025',
      'novembre 2025',
      'octobre 2025',
      'septembre 2025',
      'août 2025',
      'juillet 2025',
      'juin 2025',
      'mai 2025',
      'avril 2025',
      'mars 2025',
      'février 2025',
      'janvier 2025',
    ]);
  });

  it('hides and shows the series of each measure', async () => {
    const series = (key: string) => page.locator(`.statistics-series-${key}`);
    await series('commandes').first().waitFor();
    expect(await series('camoyen').count()).toBe(0);
    const measures = page.getByRole('group', { name: 'Mesures affichées' });
    await measures.getByText('Commandes', { exact: true }).click();
    await series('commandes').first().waitFor({ state: 'detached' });
    await measures.getByText('Panier moyen HT', { exact: true }).click();
    await series('camoyen').first().waitFor();
    expect(await page.getByRole('img', { name: /Graphique des statistiques/ }).count()).toBe(1);
  });

  it('downloads the CSV of the search', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Télécharger le CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('statistiques_mois_2025-01-01_2025-12-31.csv');
    const bytes = await fs.readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      "Code;Libellé;Connexions;Commandes;Chiffre d'affaires HT;Panier moyen HT;Premières connexions",
    );
    expect(lines).toHaveLength(13);
    expect(lines[1]).toMatch(/^2025-01;janvier 2025;\d+;\d+;\d+,\d\d;\d+,\d\d;\d+$/);
  });

  it('has no serious accessibility violation with both panels open', async () => {
    await page.getByRole('button', { name: /Tableau de données/ }).waitFor();
    expect(await page.getByRole('button', { name: /Tableau de données/ }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(await page.getByRole('button', { name: /Graphique/ }).getAttribute('aria-expanded')).toBe('true');
    await expectAccessible(page);
  });
});
