// The storefront's first load and its category, product and search results pages load no zod
// (docs/performance/first-load.md): from each of these modules, the files it
// imports statically, and theirs in turn, must not import zod. Read from the sources, so that no build
// is needed; a page may still load a module with schemas through a dynamic import(), not followed.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const webSrc = path.resolve(import.meta.dirname, '..');
const sharedSrc = path.resolve(webSrc, '../../../packages/shared/src');

const ZOD_FREE = [
  'main.tsx',
  'app/layouts/shop-layout.tsx',
  'app/routes/shop/home.tsx',
  'app/routes/shop/category.tsx',
  'app/routes/shop/product.tsx',
  'app/routes/shop/search.tsx',
];

/** The file a specifier names, or null for a package other than the shared one (not followed). */
function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith('.')
    ? path.resolve(path.dirname(from), specifier)
    : specifier.startsWith('@comptoir/shared/')
      ? path.join(sharedSrc, specifier.slice('@comptoir/shared/'.length))
      : null;
  if (base === null) return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  const found = candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
  if (!found) throw new Error(`${specifier} (importé par ${from}) introuvable`);
  return found;
}

/**
 * The modules a file loads with it: its imports and re-exports, except those of types only
 * (`import type`, `export type`), which the build removes. With verbatimModuleSyntax an import whose
 * names are all `type` still loads its module, so it counts.
 */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly)
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly)
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
  }
  return specifiers;
}

/** The chain of imports from `root` to zod, or null when none leads there. */
function pathToZod(root: string): string[] | null {
  const parent = new Map<string, string | null>([[root, null]]);
  const queue = [root];
  const chainTo = (file: string | null): string[] =>
    file === null ? [] : [...chainTo(parent.get(file) ?? null), path.relative(webSrc, file)];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const specifier of staticImports(file)) {
      if (specifier === 'zod' || specifier.startsWith('zod/')) return [...chainTo(file), specifier];
      if (/\.(css|svg|png|json)$/.test(specifier)) continue;
      const next = resolve(file, specifier);
      if (next === null || parent.has(next)) continue;
      parent.set(next, file);
      queue.push(next);
    }
  }
  return null;
}

describe('pages without zod', () => {
  it.each(ZOD_FREE)('%s imports no zod, directly or through its static imports', (module) => {
    expect(pathToZod(path.join(webSrc, module))).toBeNull();
  });

  it('finds the way to zod of a module that loads it', () => {
    // The admin's variable dimensions page sends its body checked by the dimensions schemas.
    const chain = pathToZod(
      path.join(webSrc, 'features/admin/variable-dimensions/api/save-variable-dimensions.ts'),
    );
    expect(chain?.at(-1)).toBe('zod');
  });
});
