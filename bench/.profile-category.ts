// Temporary: CPU profile of the category page's first load (not committed).
import { chromium } from 'playwright-core';
import { pgliteServerEnv, startCompiledServer } from './http';

const server = await startCompiledServer(pgliteServerEnv());
await server.ready(600_000);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(server.baseURL + (process.argv[2] ?? '/catalogue/BO01'), { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas ?? [];
  profile.samples?.forEach((id, i) => {
    const node = byId.get(id)!;
    const f = node.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40);
  for (const [k, v] of top) console.log(v.toFixed(1).padStart(8), k);
  // Total per script.
  const perUrl = new Map<string, number>();
  for (const [k, v] of self) { const u = k.split(' ').pop()!.split(':')[0]!; perUrl.set(u, (perUrl.get(u) ?? 0) + v); }
  console.log([...perUrl.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15));
  const fs = await import('node:fs');
  fs.writeFileSync('/tmp/lh-prof/category.cpuprofile', JSON.stringify(profile));
} finally {
  await browser.close();
  await server.stop();
}
