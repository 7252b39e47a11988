import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '@comptoir/db/client';
import { users } from '@comptoir/db/schema';
import { createTestDatabase } from '@comptoir/db/testing';
import { verify } from '@node-rs/argon2';
import { createCustomer } from '../test/factories';
import { runUserCommand, UsageError } from './user';

let handle: DatabaseHandle;
let lines: string[];
const run = (...argv: string[]) => runUserCommand(handle.db, argv, (line) => lines.push(line));

beforeAll(async () => {
  handle = await createTestDatabase();
  await createCustomer(handle, { code: 'C00001' });
});
afterAll(() => handle.close());
beforeEach(() => {
  lines = [];
});

const userRow = async (login: string) =>
  (await handle.db.select().from(users).where(eq(users.login, login)))[0];

describe('npm run user', () => {
  it('adds an administrator and a customer account', async () => {
    await run('add', '--login', 'chef', '--password', 'p1', '--role', 'admin');
    await run('add', '--login', 'acheteur', '--password', 'p2', '--role', 'client', '--client', 'C00001');
    expect(await userRow('chef')).toMatchObject({ role: 'admin', customerCode: null });
    expect(await userRow('acheteur')).toMatchObject({ role: 'client', customerCode: 'C00001' });
    expect(await verify((await userRow('acheteur'))!.passwordHash, 'p2')).toBe(true);
    lines = [];
    await run('list');
    expect(lines).toEqual(['chef\tadmin', 'acheteur\tclient\tC00001']);
  });

  it('refuses an unknown customer code, a duplicate login and a client without code, in French', async () => {
    await expect(
      run('add', '--login', 'x', '--password', 'p', '--role', 'client', '--client', 'NOPE'),
    ).rejects.toThrow('Client inconnu : NOPE');
    await expect(run('add', '--login', 'chef', '--password', 'p', '--role', 'admin')).rejects.toThrow(
      "L'identifiant « chef » est déjà utilisé",
    );
    await expect(run('add', '--login', 'y', '--password', 'p', '--role', 'client')).rejects.toThrow(
      'Un compte client doit indiquer son code client',
    );
    await expect(run('add', '--login', 'z', '--role', 'chef')).rejects.toThrow(UsageError);
    await expect(run('supprime')).rejects.toThrow('Commande inconnue : supprime');
    expect(await userRow('x')).toBeUndefined();
  });

  it('generates a password when none is given and prints it once', async () => {
    await run('passwd', '--login', 'chef');
    const password = lines.at(-1)?.match(/une seule fois\) : (\S+)$/)?.[1];
    expect(await verify((await userRow('chef'))!.passwordHash, password!)).toBe(true);
    await expect(run('passwd', '--login', 'personne', '--password', 'x')).rejects.toThrow(
      'Identifiant inconnu : personne',
    );
  });
});
