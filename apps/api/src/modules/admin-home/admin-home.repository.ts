import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@comptoir/db/client';
import type { AdminHomeFigures } from '@comptoir/shared/admin-home';

// Midnight of today in Paris, as a timestamptz.
const startOfParisDay = sql`(date_trunc('day', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris')`;

export async function homeFigures(db: DbOrTx): Promise<AdminHomeFigures> {
  const [row] = await queryRows<AdminHomeFigures>(
    db,
    sql`
      select
        (select count(*) from orders
          where ordered_at >= ${startOfParisDay} and ordered_at < ${startOfParisDay} + interval '1 day')::int
          as "commandesDuJour",
        (select count(*) from orders where cart_type in ('ATT', 'AT2'))::int as "paiementsAValider",
        (select count(*) from customers)::int as "clients",
        (select count(*) from articles where active)::int as "articles",
        (select count(*) from login_events
          where at >= ${startOfParisDay} and at < ${startOfParisDay} + interval '1 day')::int
          as "connexionsDuJour"`,
  );
  return row!;
}
