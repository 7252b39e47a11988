// Lighthouse (its default mobile preset: a mid-range phone, simulated slow 4G) on the storefront's
// home, a category page and a product page, served by the compiled server on the PGlite demo data of
// the HTTP benchmark (bench/.data/pglite, made by `npm run bench -- http` when missing). Debian's
// Chromium (CHROME_PATH, /usr/bin/chromium by default). Writes bench/results/lighthouse-<date>[-<label>].md and .json.
// Lighthouse and Chrome's launcher are this folder's own packages (package.json, package-lock.json),
// installed here by `npm run bench -- lighthouse` on first use (install.ts), not by `npm ci`.
//
//   npm run bench -- lighthouse
import fs from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import prettier from 'prettier';
import { familyLink, articleLink } from '@comptoir/shared/catalogue';
import { pgliteServerEnv, preparePglite } from '../http-data';
import { getJson, gitCommit, startCompiledServer } from '../server';
import type { RunLighthouse } from '../lighthouse-install';

interface PageScore {
  page: string;
  path: string;
  performance: number;
  accessibility: number;
  /** ms, except cls (unitless). */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  /** The opportunities Lighthouse lists, by estimated savings. */
  opportunities: string[];
}

const round = (value: number) => Math.round(value);

export const runLighthouse: RunLighthouse = async (options) => {
  const { log } = options;
  await preparePglite(log);
  const server = await startCompiledServer(pgliteServerEnv());
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'],
  });
  try {
    await server.ready(600_000);
    const roots = await getJson<{ code: string }[]>(server.baseURL, '/catalogue/categories');
    const family = await getJson<{ articles: { elements: { codeArticle: string }[] } }>(
      server.baseURL,
      `/catalogue/familles/${encodeURIComponent(roots[0]!.code)}`,
    );
    const pages = [
      { page: 'accueil', path: '/' },
      { page: 'catégorie', path: familyLink(roots[0]!.code) },
      ...(family.articles.elements[0]
        ? [{ page: 'fiche article', path: articleLink(family.articles.elements[0].codeArticle) }]
        : []),
    ];
    const loadBefore = fs.readFileSync('/proc/loadavg', 'utf8').trim();
    const scores: PageScore[] = [];
    for (const page of pages) {
      const run = async () => {
        const answer = await lighthouse(server.baseURL + page.path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        if (!answer) throw new Error(`Lighthouse : pas de résultat pour ${page.path}`);
        return answer;
      };
      // A run that failed (NO_NAVSTART and the like, seen on the first page after the server's start on
      // a loaded machine) is run again, twice at most; a third failure is written as such.
      let result = await run();
      for (let retry = 0; result.lhr.runtimeError && retry < 2; retry++) {
        log(`${page.page} : échec de Lighthouse (${result.lhr.runtimeError.code}), nouvel essai`);
        result = await run();
      }
      // The whole report (diagnostics, long tasks, the network's waterfall) to study, when asked.
      const keep = process.env.LIGHTHOUSE_REPORTS;
      if (keep) {
        fs.mkdirSync(keep, { recursive: true });
        fs.writeFileSync(
          path.join(keep, `${page.page.replace(/\W+/g, '-')}.json`),
          JSON.stringify(result.lhr),
        );
      }
      const { audits, categories } = result.lhr;
      const value = (id: string) => audits[id]?.numericValue ?? NaN;
      // A failed run (NO_NAVSTART and the like on a loaded machine) scores 0: said so, not hidden.
      const failure = result.lhr.runtimeError
        ? [`échec de Lighthouse : ${result.lhr.runtimeError.code}, à relancer`]
        : [];
      const opportunities = Object.values(audits)
        .filter((audit) => audit.details?.type === 'opportunity' && (audit.score ?? 1) < 0.9)
        .map((audit) => `${audit.title} (${audit.displayValue ?? ''})`)
        .concat(failure);
      scores.push({
        ...page,
        performance: round((categories.performance?.score ?? 0) * 100),
        accessibility: round((categories.accessibility?.score ?? 0) * 100),
        fcp: round(value('first-contentful-paint')),
        lcp: round(value('largest-contentful-paint')),
        tbt: round(value('total-blocking-time')),
        cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
        speedIndex: round(value('speed-index')),
        opportunities,
      });
      log(`${page.page} : performance ${scores.at(-1)!.performance}/100`);
    }
    const loadAverage = { before: loadBefore, after: fs.readFileSync('/proc/loadavg', 'utf8').trim() };
    const report = {
      startedAt: new Date().toISOString(),
      commit: gitCommit(),
      preset: 'mobile',
      loadAverage,
      scores,
    };
    fs.mkdirSync(options.resultsDir, { recursive: true });
    const label = options.label ? `-${options.label}` : '';
    const base = path.join(options.resultsDir, `lighthouse-${report.startedAt.slice(0, 10)}${label}`);
    const config = (await prettier.resolveConfig(`${base}.json`)) ?? {};
    fs.writeFileSync(
      `${base}.json`,
      await prettier.format(JSON.stringify(report), { ...config, parser: 'json' }),
    );
    const lines = [
      `# Lighthouse, préréglage mobile, ${report.startedAt.slice(0, 16).replace('T', ' ')} UTC`,
      '',
      `Commit ${report.commit}. Serveur compilé, PGlite, données de démonstration ; Chromium de Debian.`,
      '',
      `/proc/loadavg avant : ${loadAverage.before} ; après : ${loadAverage.after}.`,
      '',
      '| page | performance | accessibilité | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...scores.map(
        (s) =>
          `| ${s.page} (${s.path}) | ${s.performance} | ${s.accessibility} | ${s.fcp} | ${s.lcp} | ${s.tbt} | ${s.cls} | ${s.speedIndex} |`,
      ),
      '',
      ...scores.flatMap((s) =>
        s.opportunities.length ? [`${s.page} : ${s.opportunities.join(' ; ')}`, ''] : [],
      ),
    ];
    fs.writeFileSync(
      `${base}.md`,
      await prettier.format(lines.join('\n'), { ...config, parser: 'markdown' }),
    );
    log(`Résultats : ${base}.md et .json`);
  } finally {
    chrome.kill();
    await server.stop();
  }
};
