-- Grows a demo database (npm run demo -- --scale 1) to the statistics benchmark's volume in plain SQL:
-- 54 080 more customers (54 400 in all, as at --scale 170), about 1 020 000 orders and 5 030 000
-- logins over the two years before 2026-11-20, weekends low, a few customers ordering much more than
-- the rest (random()^2). Written in statements of 250 000 orders or 1 000 000 logins, so that the
-- statistics triggers (statement-level) run as they would under a bulk load. See bench/statistics.md.
\timing on
insert into customers (code, name, type_code, agency_code, is_professional)
select 'B' || lpad(i::text, 6, '0'), 'Client banc d''essai ' || i,
       t.codes[1 + i % array_length(t.codes, 1)], a.codes[1 + (i * 7 / 3) % array_length(a.codes, 1)], i % 3 <> 0
  from generate_series(1, 54080) i,
       (select array_agg(code order by code) as codes from agencies) a,
       (select array_agg(code order by code) as codes from customer_types) t;

create function pg_temp.bench_instant() returns timestamptz language sql volatile as $$
  select t - case when extract(isodow from t at time zone 'Europe/Paris') in (6, 7) and random() < 0.8
                  then interval '2 days' else interval '0' end
    from (select timestamptz '2024-11-20 00:00+01' + random() * interval '730 days' as t) r
$$;

create function pg_temp.bench_orders(first integer, last integer) returns void language sql as $$
  insert into orders (number, movement_type, customer_code, agency_code, ordered_at, amount_ht, amount_vat, amount_ttc, cart_type)
  select 'BENCH' || g.i, 'web', c.code, c.agency_code, g.at, g.amount, round(g.amount * 0.2, 2), round(g.amount * 1.2, 2),
         (array['TER', 'VAL', 'AT2', 'ATT'])[1 + g.i % 4]
    from (select i, 1 + floor(random() ^ 2 * 54080)::int as k, pg_temp.bench_instant() as at,
                 round((20 + random() * 2000)::numeric, 2) as amount
            from generate_series(first, last) i) g
    join customers c on c.code = 'B' || lpad(g.k::text, 6, '0')
$$;
select pg_temp.bench_orders(1, 250000);
select pg_temp.bench_orders(250001, 500000);
select pg_temp.bench_orders(500001, 750000);
select pg_temp.bench_orders(750001, 1014000);

create function pg_temp.bench_logins(n integer) returns void language sql as $$
  insert into login_events (customer_code, at)
  select 'B' || lpad((1 + floor(random() ^ 2 * 54080)::int)::text, 6, '0'), pg_temp.bench_instant()
    from generate_series(1, n)
$$;
select pg_temp.bench_logins(1000000);
select pg_temp.bench_logins(1000000);
select pg_temp.bench_logins(1000000);
select pg_temp.bench_logins(1000000);
select pg_temp.bench_logins(1000000);
vacuum analyze;
