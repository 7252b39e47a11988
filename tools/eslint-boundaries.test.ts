import path from 'node:path';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { getTableName, isTable } from 'drizzle-orm';
import * as schema from '@comptoir/db/schema';
import { describe, expect, it } from 'vitest';
import { boundariesConfig } from './boundaries-config.js';
import boundaries from './eslint-boundaries.js';
import tableOwners from './table-owners.json';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = path.resolve(import.meta.dirname, '..');
const rule = boundaries.rules.boundaries;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

/** The absolute name of a file of the repository, so that the rule knows its zone. */
const file = (relative: string) => path.join(root, relative);
const moduleFile = (relative: string) => file(`apps/api/src/modules/${relative}`);

describe('table-owners.json', () => {
  const schemaTables = Object.fromEntries(
    Object.entries(schema)
      .filter(([, value]) => isTable(value))
      .map(([name, table]) => [name, getTableName(table as Parameters<typeof getTableName>[0])]),
  );

  it('lists every table of the schema under its exported name, with its SQL name', () => {
    const listed = Object.fromEntries(
      Object.entries(tableOwners).map(([name, { sqlName }]) => [name, sqlName]),
    );
    expect(listed).toEqual(schemaTables);
  });

  it('gives every table one owner and a list of readers other than the owner', () => {
    for (const { owner, readers } of Object.values(tableOwners)) {
      expect(owner).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(Array.isArray(readers)).toBe(true);
      expect(readers).not.toContain(owner);
    }
  });
});

/** What the import rules of boundaries-config.js say of `code` in `relative`: its messages. */
const imports = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, boundariesConfig],
});
async function importErrors(relative: string, code: string): Promise<string[]> {
  const [result] = await imports.lintText(code, { filePath: file(relative) });
  return result!.messages.map((message) => message.message);
}

describe('import rules (eslint-plugin-boundaries, tools/boundaries-config.js)', () => {
  it('keeps each web feature to itself, and shared web code off the features', async () => {
    expect(
      await importErrors(
        'apps/web/src/features/shop/cart/components/Probe.tsx',
        `import { a } from '../labels';
         import { b } from '../../../../lib/api';
         import { c } from '../../../admin/carriers/labels';
         import { d } from '../../account/labels';`,
      ),
    ).toEqual([
      'Feature shop/cart must not import feature admin/carriers: move the shared part to components/ or lib/.',
      'Feature shop/cart must not import feature shop/account: move the shared part to components/ or lib/.',
    ]);
    expect(
      await importErrors('apps/web/src/lib/probe.ts', "import { a } from '../features/shop/cart/labels';"),
    ).toEqual(['Shared web code (components/, lib/) must not import a feature.']);
  });

  it('keeps shared packages off application code', async () => {
    expect(
      await importErrors('packages/shared/src/format.ts', "import { app } from '@comptoir/api/app';"),
    ).toEqual(['Shared packages must not import app code.']);
    expect(
      await importErrors('packages/shared/src/format.ts', "import { app } from '../../../apps/api/src/app';"),
    ).toEqual(['Shared packages must not import app code.']);
  });

  it('keeps the plugins and the sessions layer below the modules', async () => {
    const message =
      'The plugins and the sessions layer sit below the modules and must not import module catalogue: take what they need of it as options (app.ts).';
    expect(
      await importErrors(
        'apps/api/src/plugins/web.ts',
        `import { SESSION_COOKIE } from '../sessions/cookies';
         import { productPicture } from '../modules/catalogue/catalogue.service';`,
      ),
    ).toEqual([message]);
    expect(
      await importErrors(
        'apps/api/src/sessions/sessions.ts',
        "import type { Viewer } from '../modules/catalogue/catalogue.service';",
      ),
    ).toEqual([message]);
    expect(
      await importErrors(
        'apps/api/src/modules/auth/auth.service.ts',
        `import { startSession } from '../../sessions/sessions';
         import { insertSession } from '../../sessions/sessions.repository';`,
      ),
    ).toEqual(['Modules reach the sessions layer through sessions.ts, not its repository.']);
  });

  it('lets a module reach another one through its services, *.reads.ts and *.kept.ts files only', async () => {
    expect(
      await importErrors(
        'apps/api/src/modules/cart/cart.service.ts',
        `import { exportOrder } from '../orders/order-export.service';
         import { priceCart } from '../shipping-fees/shipping-fees.service';
         import { familyExists } from '../families/families.reads';
         import { cardRows } from '../catalogue/catalogue.kept';
         import * as repo from './cart.repository';
         import { badRequest } from '../../errors';
         import { currentUser } from '../../plugins/auth';
         import { loadConfig } from '../../config';`,
      ),
    ).toEqual([]);
    const target = (module: string, relative: string) =>
      `Module ${module} must not import apps/api/src/modules/${relative}: call the ${relative.split('/')[0]} service (${relative.split('/')[0]}.service.ts), its *.reads.ts or its kept reads (*.kept.ts) instead.`;
    expect(
      await importErrors(
        'apps/api/src/modules/site-tags/site-tags.service.ts',
        "import { findCartId } from '../cart/cart.repository';",
      ),
    ).toEqual([target('site-tags', 'cart/cart.repository.ts')]);
    // Type imports too: the service is the module's public face.
    expect(
      await importErrors(
        'apps/api/src/modules/orders/orders.service.ts',
        "import type { UserRow } from '../auth/auth.repository';",
      ),
    ).toEqual([target('orders', 'auth/auth.repository.ts')]);
    expect(
      await importErrors(
        'apps/api/src/modules/menu/menu.routes.ts',
        `export { catalogueRoutes } from '../catalogue/catalogue.routes';
         export * from '../catalogue/catalogue.routes';`,
      ),
    ).toEqual([
      target('menu', 'catalogue/catalogue.routes.ts'),
      target('menu', 'catalogue/catalogue.routes.ts'),
    ]);
    expect(
      await importErrors(
        'apps/api/src/modules/search/search.service.ts',
        "const { productRows } = await import('../catalogue/product-page.repository');",
      ),
    ).toEqual([target('search', 'catalogue/product-page.repository.ts')]);
  });

  it("lets a test use other modules' services and test factories, not their other files", async () => {
    expect(
      await importErrors(
        'apps/api/src/modules/orders/orders-list.test.ts',
        "import { customerCodeOf } from '../cart/cart.service';",
      ),
    ).toEqual([]);
    expect(
      await importErrors(
        'apps/api/src/modules/cart/cart.test.ts',
        "import { insertOrder } from '../orders/order-writes.repository';",
      ),
    ).toEqual([
      'Test of module cart must not import apps/api/src/modules/orders/order-writes.repository.ts: go through the orders service or its test factories.',
    ]);
  });
});

describe('API modules: only repositories access the database', () => {
  tester.run('boundaries', rule, {
    valid: [
      {
        filename: moduleFile('orders/orders.service.ts'),
        code: `
          import type { Database, DbOrTx } from '@comptoir/db/client';
          import { type SQL } from 'drizzle-orm';
          import type { orders } from '@comptoir/db/schema';
          export type OrderRow = typeof orders.$inferSelect;
          export const inTransaction = (db: Database, where: SQL) => db.transaction(async (tx: DbOrTx) => where);`,
      },
      {
        filename: moduleFile('orders/orders.repository.ts'),
        code: `
          import { and, eq, sql } from 'drizzle-orm';
          import { queryRows, type DbOrTx } from '@comptoir/db/client';
          import { orders } from '@comptoir/db/schema';`,
      },
      {
        // Tests set their data up directly, in any table.
        filename: moduleFile('cart/cart.test.ts'),
        code: `
          import { eq, sql } from 'drizzle-orm';
          import { orders, customers } from '@comptoir/db/schema';
          await db.insert(orders).values({});
          await db.execute(sql\`delete from customers\`);`,
      },
      {
        filename: moduleFile('orders/orders.test-support.ts'),
        code: `
          import { eq } from 'drizzle-orm';
          import { customers, orderLines, orders } from '@comptoir/db/schema';
          await db.update(customers).set({});`,
      },
    ],
    invalid: [
      {
        filename: moduleFile('account/account.service.ts'),
        code: "import { count, desc, eq, type SQL } from 'drizzle-orm';",
        errors: [
          {
            message:
              'account.service.ts must not import count, desc, eq from drizzle-orm: in module account only *.repository.ts files access the database. Move the query to account.repository.ts (type imports are fine).',
          },
        ],
      },
      {
        filename: moduleFile('catalogue/catalogue.routes.ts'),
        code: "import { queryRows, type DbOrTx } from '@comptoir/db/client';",
        errors: [
          {
            messageId: 'databaseAccess',
            data: {
              file: 'catalogue.routes.ts',
              names: 'queryRows',
              source: '@comptoir/db/client',
              module: 'catalogue',
            },
          },
        ],
      },
      {
        // One error for the import, even when the module owns the table.
        filename: moduleFile('orders/orders.service.ts'),
        code: "import { orders, type orderLines } from '@comptoir/db/schema';",
        errors: [
          {
            messageId: 'databaseAccess',
            data: {
              file: 'orders.service.ts',
              names: 'orders',
              source: '@comptoir/db/schema',
              module: 'orders',
            },
          },
        ],
      },
      {
        filename: moduleFile('health/health.routes.ts'),
        code: "import { alias } from 'drizzle-orm/pg-core';",
        errors: [
          {
            messageId: 'databaseAccess',
            data: {
              file: 'health.routes.ts',
              names: 'alias',
              source: 'drizzle-orm/pg-core',
              module: 'health',
            },
          },
        ],
      },
    ],
  });
});

describe('API modules: tables are read by their owner and readers, written by their owner', () => {
  tester.run('boundaries', rule, {
    valid: [
      {
        // orders owns orders and order lines, reads customers and carriers for display.
        filename: moduleFile('orders/orders.repository.ts'),
        code: `
          import { eq } from 'drizzle-orm';
          import { carriers, customers, orderLines, orders as orderTable } from '@comptoir/db/schema';
          await db.insert(orderTable).values({});
          await db.update(orderLines).set({}).where(eq(orderLines.orderId, 1));
          await db.delete(orderLines);
          await db.select().from(orderTable).leftJoin(customers, eq(customers.code, orderTable.customerCode));
          await db.select().from(carriers);
          await db.insert(somethingElse);`,
      },
      {
        // A CTE is not a table, even when named like one; nor is a column, a string or a comment.
        filename: moduleFile('catalogue/catalogue.repository.ts'),
        code: `
          import { sql } from 'drizzle-orm';
          const query = sql\`
            with recursive tree(code) as (
              select code from families where code = \${code}
              union all
              select f.code from families f join tree on f.parent_code = tree.code
            ),
            orders as (select 1 as n)
            select a.code, extract(year from a.created_at) from articles a
              join tree on a.family_code = tree.code
              join lateral (select sum(s.quantity) from stock s where s.article_code = a.code) q on true
              cross join orders
            where a.label is distinct from carts and a.label <> 'join carts'
            -- from carts
            /* join carts */
            for update\`;`,
      },
      {
        filename: moduleFile('cart/cart.repository.ts'),
        code: `
          import { sql } from 'drizzle-orm';
          import { cartLines } from '@comptoir/db/schema';
          const lines = sql\`
            insert into cart_lines (cart_id, article_code)
            select \${id}, a.code from articles a, units u where a.sale_unit = u.code
            on conflict (cart_id, article_code) do update set quantity = cart_lines.quantity + 1\`;
          const drop = sql\`delete from \${cartLines} where cart_id = \${id}\`;`,
      },
      {
        filename: moduleFile('carriers/carriers.repository.ts'),
        code: `
          import { sql } from 'drizzle-orm';
          import { carriers } from '@comptoir/db/schema';
          const lock = sql\`lock table \${carriers} in share row exclusive mode\`;`,
      },
    ],
    invalid: [
      {
        filename: moduleFile('cart/cart.repository.ts'),
        code: "import { carts, orders } from '@comptoir/db/schema';",
        errors: [
          {
            message:
              'Module cart neither owns nor reads table orders (owner: orders): call the orders service instead, or add cart to the readers of orders in tools/table-owners.json.',
          },
        ],
      },
      {
        // orders may read customers (a join for display) but not write them.
        filename: moduleFile('orders/orders.repository.ts'),
        code: `
          import { customers } from '@comptoir/db/schema';
          await db.update(customers).set({ name: 'X' });`,
        errors: [
          {
            message:
              'Module orders must not write table customers: only its owner reference does. Call the reference service instead.',
          },
        ],
      },
      {
        filename: moduleFile('orders/orders.repository.ts'),
        code: `
          import { customerTypes as types } from '@comptoir/db/schema';
          await tx.delete(types);
          await tx.insert(types).values({});`,
        errors: [
          {
            messageId: 'tableWrite',
            data: { module: 'orders', table: 'customerTypes (customer_types)', owner: 'reference' },
          },
          {
            messageId: 'tableWrite',
            data: { module: 'orders', table: 'customerTypes (customer_types)', owner: 'reference' },
          },
        ],
      },
      {
        filename: moduleFile('catalogue/catalogue.repository.ts'),
        code: `
          import { sql } from 'drizzle-orm';
          const row = sql\`select agency_code from customers where code = \${customerCode}\`;`,
        errors: [
          {
            message:
              'Module catalogue neither owns nor reads table customers (owner: reference): call the reference service instead, or add catalogue to the readers of customers in tools/table-owners.json.',
            line: 3,
            column: 51,
            endColumn: 60,
          },
        ],
      },
      {
        // Every way raw SQL can name a table: from-lists, joins, schema-qualified and quoted names.
        filename: moduleFile('families/families.repository.ts'),
        code: `
          import { sql } from 'drizzle-orm';
          const query = sql\`
            select 1 from articles a, public.orders o
            left join (carts c join "site_tags" t on t.cart_id = c.id) on true
            where exists (select 1 from login_events)\`;`,
        errors: [
          { messageId: 'tableRead', data: { module: 'families', table: 'orders', owner: 'orders' } },
          { messageId: 'tableRead', data: { module: 'families', table: 'carts', owner: 'cart' } },
          {
            messageId: 'tableRead',
            data: { module: 'families', table: 'siteTags (site_tags)', owner: 'site-tags' },
          },
          {
            messageId: 'tableRead',
            data: { module: 'families', table: 'loginEvents (login_events)', owner: 'auth' },
          },
        ],
      },
      {
        // Writes through raw SQL: only the owner; a reader may not.
        filename: moduleFile('orders/orders.repository.ts'),
        code: `
          import { sql } from 'drizzle-orm';
          import { carriers } from '@comptoir/db/schema';
          const a = sql\`insert into customers (code) values (\${code})\`;
          const b = sql\`update agencies set label = \${label} from zones where zones.code = agencies.zone_code\`;
          const c = sql\`delete from \${carriers} where id = \${id}\`;
          const d = sql\`truncate table orders, zones\`;`,
        errors: [
          { messageId: 'tableWrite', data: { module: 'orders', table: 'customers', owner: 'reference' } },
          { messageId: 'tableWrite', data: { module: 'orders', table: 'agencies', owner: 'reference' } },
          { messageId: 'tableWrite', data: { module: 'orders', table: 'carriers', owner: 'carriers' } },
          { messageId: 'tableWrite', data: { module: 'orders', table: 'zones', owner: 'reference' } },
        ],
      },
      {
        // Services break the rule too when they run raw SQL (besides importing sql).
        filename: moduleFile('menu/menu.service.ts'),
        code: `
          import { sql } from 'drizzle-orm';
          const q = sql\`select * from activities\`;`,
        errors: [
          {
            messageId: 'databaseAccess',
            data: { file: 'menu.service.ts', names: 'sql', source: 'drizzle-orm', module: 'menu' },
          },
          { messageId: 'tableRead', data: { module: 'menu', table: 'activities', owner: 'families' } },
        ],
      },
      {
        filename: moduleFile('catalogue/catalogue.repository.ts'),
        code: "import { articles, widgets } from '@comptoir/db/schema';",
        errors: [
          {
            message:
              'Table widgets is not in tools/table-owners.json: add it there with its owner module and readers.',
          },
        ],
      },
      {
        filename: moduleFile('catalogue/catalogue.repository.ts'),
        code: "import * as schema from '@comptoir/db/schema';",
        errors: [{ messageId: 'namespaceImport' }],
      },
    ],
  });
});

describe('API modules: *.reads.ts files access the database, read only', () => {
  tester.run('boundaries', rule, {
    valid: [
      {
        filename: moduleFile('families/families.reads.ts'),
        code: `
          import { eq, sql } from 'drizzle-orm';
          import { queryRows } from '@comptoir/db/client';
          import { families } from '@comptoir/db/schema';
          await db.select().from(families).where(eq(families.code, code));
          await queryRows(db, sql\`select code from activities\`);`,
      },
    ],
    invalid: [
      {
        filename: moduleFile('families/families.reads.ts'),
        code: `
          import { sql } from 'drizzle-orm';
          import { families } from '@comptoir/db/schema';
          await db.update(families).set({ label: 'x' });
          const q = sql\`delete from activities\`;`,
        errors: [
          {
            message:
              'families.reads.ts must only read: it is what other modules may import of families. Move the write of families to a *.repository.ts file.',
          },
          {
            messageId: 'readsWrite',
            data: { file: 'families.reads.ts', module: 'families', table: 'activities' },
          },
        ],
      },
      {
        filename: moduleFile('families/families.reads.ts'),
        code: "import { orders } from '@comptoir/db/schema';",
        errors: [{ messageId: 'tableRead', data: { module: 'families', table: 'orders', owner: 'orders' } }],
      },
    ],
  });
});

describe('the sessions layer owns its tables like a module', () => {
  tester.run('boundaries', rule, {
    valid: [
      {
        filename: file('apps/api/src/sessions/sessions.repository.ts'),
        code: `
          import { eq } from 'drizzle-orm';
          import { sessions, users } from '@comptoir/db/schema';
          await db.delete(sessions).where(eq(sessions.id, id));
          await db.select().from(sessions).innerJoin(users, eq(users.id, sessions.userId));`,
      },
    ],
    invalid: [
      {
        filename: file('apps/api/src/sessions/sessions.ts'),
        code: "import { eq } from 'drizzle-orm';",
        errors: [
          {
            messageId: 'databaseAccess',
            data: { file: 'sessions.ts', names: 'eq', source: 'drizzle-orm', module: 'sessions' },
          },
        ],
      },
      {
        filename: file('apps/api/src/sessions/sessions.repository.ts'),
        code: `
          import { users } from '@comptoir/db/schema';
          await db.update(users).set({ login: 'x' });`,
        errors: [{ messageId: 'tableWrite', data: { module: 'sessions', table: 'users', owner: 'auth' } }],
      },
      {
        // A module writes the sessions through the layer's functions.
        filename: moduleFile('auth/auth.repository.ts'),
        code: `
          import { sessions } from '@comptoir/db/schema';
          await db.delete(sessions);`,
        errors: [
          {
            messageId: 'tableRead',
            data: { module: 'auth', table: 'sessions', owner: 'sessions' },
          },
          { messageId: 'tableWrite', data: { module: 'auth', table: 'sessions', owner: 'sessions' } },
        ],
      },
    ],
  });
});

describe('the schema: every table has an entry in table-owners.json', () => {
  // One file of the schema; the others are read from disk for the tables it does not declare.
  const filename = file('packages/db/src/schema/orders.ts');
  const declarations = Object.entries(tableOwners).map(
    ([name, { sqlName }]) => `export const ${name} = pgTable('${sqlName}', {});`,
  );
  tester.run('boundaries', rule, {
    valid: [{ filename, code: declarations.join('\n') }],
    invalid: [
      {
        filename,
        code: [...declarations, "export const widgets = pgTable('widgets', {});"].join('\n'),
        errors: [
          {
            message:
              'Table widgets is not in tools/table-owners.json: add it there with its owner module and readers.',
          },
        ],
      },
      {
        filename,
        code: [...declarations.slice(1), "export const activities = pgTable('activity', {});"].join('\n'),
        errors: [
          {
            message:
              'tools/table-owners.json gives table activities the SQL name activities, but its name is activity.',
          },
        ],
      },
      {
        filename,
        code: declarations.filter((line) => !line.includes(' orders ')).join('\n'),
        errors: [
          {
            message:
              'tools/table-owners.json lists table orders, which packages/db/src/schema/*.ts does not export: remove it or fix its name.',
          },
        ],
      },
    ],
  });
});
