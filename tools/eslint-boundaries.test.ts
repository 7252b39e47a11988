import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { getTableName, isTable } from 'drizzle-orm';
import * as schema from '@comptoir/db/schema';
import { describe, expect, it } from 'vitest';
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

describe('web features and shared code', () => {
  tester.run('boundaries', rule, {
    valid: [
      {
        filename: file('apps/web/src/features/orders/list/components/OrdersPage.tsx'),
        code: "import { formatDate } from '../../../../lib/format';",
      },
    ],
    invalid: [
      {
        filename: file('apps/web/src/features/orders/list/components/OrdersPage.tsx'),
        code: "import { CarrierForm } from '../../../carriers/edit/components/CarrierForm';",
        errors: [
          {
            message:
              'Feature orders/list must not import feature carriers/edit: move the shared part to components/ or lib/.',
          },
        ],
      },
      {
        filename: file('packages/shared/src/format.ts'),
        code: "import { app } from '@comptoir/api/app';",
        errors: [{ message: 'Shared packages must not import app code.' }],
      },
    ],
  });
});

describe('API modules: cross-module imports go through the service', () => {
  tester.run('boundaries', rule, {
    valid: [
      {
        filename: moduleFile('cart/cart.service.ts'),
        code: `
          import { exportOrder } from '../orders/order-export.service';
          import { priceCart } from '../shipping-fees/shipping-fees.service';
          import { cardRows } from '../catalogue/catalogue.kept';
          import * as repo from './cart.repository';
          import { badRequest } from '../../errors';
          import { currentUser } from '../../plugins/auth';
          import { loadConfig } from '../../config';`,
      },
      {
        filename: moduleFile('orders/orders-list.test.ts'),
        code: `
          import { customerCodeOf } from '../cart/cart.service';
          import { createOrder } from '../orders/orders.test-support';
          import { createCarrier } from '../carriers/carriers.test-support';`,
      },
    ],
    invalid: [
      {
        filename: moduleFile('site-tags/site-tags.service.ts'),
        code: "import { findCartId } from '../cart/cart.repository';",
        errors: [
          {
            message:
              'Module site-tags must not import cart/cart.repository of module cart: call the cart service (cart/cart.service.ts) instead.',
          },
        ],
      },
      {
        // Type imports too: the service is the module's whole public face.
        filename: moduleFile('orders/orders.service.ts'),
        code: "import type { SessionUser } from '../auth/auth.repository';",
        errors: [
          { messageId: 'crossModule', data: { from: 'orders', to: 'auth', target: 'auth/auth.repository' } },
        ],
      },
      {
        filename: moduleFile('menu/menu.routes.ts'),
        code: "export { catalogueRoutes } from '../catalogue/catalogue.routes';",
        errors: [
          {
            messageId: 'crossModule',
            data: { from: 'menu', to: 'catalogue', target: 'catalogue/catalogue.routes' },
          },
        ],
      },
      {
        filename: moduleFile('search/search.service.ts'),
        code: "const { settingJson } = await import('../catalogue/catalogue.repository');",
        errors: [
          {
            messageId: 'crossModule',
            data: { from: 'search', to: 'catalogue', target: 'catalogue/catalogue.repository' },
          },
        ],
      },
      {
        // Tests are not exempt from this check.
        filename: moduleFile('cart/cart.test.ts'),
        code: "import { insertOrder } from '../orders/orders.repository';",
        errors: [
          {
            messageId: 'crossModule',
            data: { from: 'cart', to: 'orders', target: 'orders/orders.repository' },
          },
        ],
      },
      {
        // Test factories are for tests only.
        filename: moduleFile('cart/cart.service.ts'),
        code: "import { createOrder } from '../orders/orders.test-support';",
        errors: [
          {
            messageId: 'crossModule',
            data: { from: 'cart', to: 'orders', target: 'orders/orders.test-support' },
          },
        ],
      },
    ],
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

describe('the schema: every table has an entry in table-owners.json', () => {
  const filename = file('packages/db/src/schema.ts');
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
              'tools/table-owners.json lists table orders, which packages/db/src/schema.ts does not export: remove it or fix its name.',
          },
        ],
      },
    ],
  });
});
