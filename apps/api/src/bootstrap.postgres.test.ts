// Several servers started together on one empty PostgreSQL database (a rolling deploy, a scaled-out
// start) must all come up: one migrates and creates the first administrator, the others wait for it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '@comptoir/db/client';
import { users } from '@comptoir/db/schema';
import { postgresServerUrl } from '@comptoir/db/testing-postgres';
import { prepareDatabase } from './bootstrap';
import { parseConfig } from './config';

const name = `comptoir_boot_${randomBytes(6).toString('hex')}`;
const admin = () => new pg.Client({ connectionString: postgresServerUrl });
const handles: DatabaseHandle[] = [];

beforeAll(async () => {
  const client = admin();
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
});

afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
  const client = admin();
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
});

it('lets four servers prepare one empty database at the same time', async () => {
  const url = new URL(postgresServerUrl);
  url.pathname = `/${name}`;
  for (let i = 0; i < 4; i++) handles.push(await openDatabase({ databaseUrl: url.toString() }));
  const config = parseConfig({ DEMO_DATA: '0', ADMIN_LOGIN: 'patron', ADMIN_PASSWORD: 'secret' });

  const outcomes = await Promise.allSettled(
    handles.map((handle) => prepareDatabase(handle, config, () => {})),
  );

  expect(outcomes.map((outcome) => outcome.status)).toEqual([
    'fulfilled',
    'fulfilled',
    'fulfilled',
    'fulfilled',
  ]);
  expect(await handles[0]!.db.select({ login: users.login }).from(users)).toEqual([{ login: 'patron' }]);
});
