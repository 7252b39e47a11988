// The import rules between the parts of the repository (docs/architecture.md, Enforcement), said with
// eslint-plugin-boundaries: which element may import which. What it cannot say (database access only
// in repositories, table ownership) is tools/eslint-boundaries.js's.
//
// Elements (paths from the repository root):
//   web-feature   apps/web/src/features/<area>/<feature>/
//   web-shared    apps/web/src/components/, apps/web/src/lib/
//   package       packages/<package>/
//   api-module    apps/api/src/modules/<module>/
//   api-plugin    apps/api/src/plugins/
//   api-sessions  apps/api/src/sessions/ (the sessions layer, below the modules, beside the plugins)
// File categories: service (<module>.service.ts and the other *.service.ts), reads (*.reads.ts: a
// repository's read-only queries other modules may call), kept (*.kept.ts: the module's reads through
// the answer cache, which other modules may call too), repository, test, test-support.
import path from 'node:path';
import boundaries from 'eslint-plugin-boundaries';

const root = path.resolve(import.meta.dirname, '..');

const otherModule = {
  type: 'api-module',
  captured: { module: '!{{ from.element.captured.module }}' },
};

/** @type {import('eslint').Linter.Config} */
export const boundariesConfig = {
  files: ['**/*.{js,mjs,cjs,ts,tsx}'],
  plugins: { boundaries },
  settings: {
    'boundaries/root-path': root,
    'boundaries/include': ['apps/**/*', 'packages/**/*'],
    'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
    'boundaries/elements': [
      {
        type: 'web-feature',
        pattern: 'apps/web/src/features/*/*',
        partialMatch: false,
        capture: ['area', 'feature'],
      },
      { type: 'web-shared', pattern: 'apps/web/src/{components,lib}', partialMatch: false },
      { type: 'package', pattern: 'packages/*', partialMatch: false, capture: ['package'] },
      { type: 'api-module', pattern: 'apps/api/src/modules/*', partialMatch: false, capture: ['module'] },
      { type: 'api-plugin', pattern: 'apps/api/src/plugins', partialMatch: false },
      { type: 'api-sessions', pattern: 'apps/api/src/sessions', partialMatch: false },
      { type: 'app', pattern: 'apps/*', partialMatch: false, capture: ['app'] },
    ],
    'boundaries/files': [
      { pattern: '**/*.test.{ts,tsx}', category: 'test' },
      { pattern: '**/*.test-support.{ts,tsx}', category: 'test-support' },
      { pattern: '**/*.service.ts', category: 'service' },
      { pattern: '**/*.reads.ts', category: 'reads' },
      { pattern: '**/*.kept.ts', category: 'kept' },
      { pattern: '**/*.repository.ts', category: 'repository' },
      // Every file has a category, so that `noneOf` above also matches the files of none of them.
      { pattern: '**/*', category: 'file' },
    ],
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        checkAllOrigins: true,
        policies: [
          {
            from: { element: { type: 'web-feature' } },
            disallow: {
              to: {
                element: [
                  { type: 'web-feature', captured: { area: '!{{ from.element.captured.area }}' } },
                  { type: 'web-feature', captured: { feature: '!{{ from.element.captured.feature }}' } },
                ],
              },
            },
            message:
              'Feature {{ from.element.captured.area }}/{{ from.element.captured.feature }} must not import feature {{ to.element.captured.area }}/{{ to.element.captured.feature }}: move the shared part to components/ or lib/.',
          },
          {
            from: { element: { type: 'web-shared' } },
            disallow: { to: { element: { type: 'web-feature' } } },
            message: 'Shared web code (components/, lib/) must not import a feature.',
          },
          {
            from: { element: { type: 'package' } },
            disallow: [
              {
                to: {
                  element: { types: { anyOf: ['app', 'web-feature', 'web-shared', 'api-*'] } },
                },
              },
              {
                dependency: {
                  source: ['@comptoir/api', '@comptoir/api/**', '@comptoir/web', '@comptoir/web/**'],
                },
              },
            ],
            message: 'Shared packages must not import app code.',
          },
          {
            from: { element: { types: { anyOf: ['api-plugin', 'api-sessions'] } } },
            disallow: { to: { element: { type: 'api-module' } } },
            message:
              'The plugins and the sessions layer sit below the modules and must not import module {{ to.element.captured.module }}: take what they need of it as options (app.ts).',
          },
          {
            from: { element: { type: 'api-module' }, file: { categories: { noneOf: ['test'] } } },
            disallow: {
              to: { element: otherModule, file: { categories: { noneOf: ['service', 'reads', 'kept'] } } },
            },
            message:
              'Module {{ from.element.captured.module }} must not import {{ to.file.path }}: call the {{ to.element.captured.module }} service ({{ to.element.captured.module }}.service.ts), its *.reads.ts or its kept reads (*.kept.ts) instead.',
          },
          {
            from: { element: { type: 'api-module' }, file: { categories: 'test' } },
            disallow: {
              to: {
                element: otherModule,
                file: { categories: { noneOf: ['service', 'reads', 'kept', 'test-support'] } },
              },
            },
            message:
              'Test of module {{ from.element.captured.module }} must not import {{ to.file.path }}: go through the {{ to.element.captured.module }} service or its test factories.',
          },
          {
            from: { element: { type: 'api-module' } },
            disallow: { to: { element: { type: 'api-sessions' }, file: { categories: 'repository' } } },
            message: 'Modules reach the sessions layer through sessions.ts, not its repository.',
          },
        ],
      },
    ],
  },
};

export default boundariesConfig;
