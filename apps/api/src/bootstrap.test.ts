import { eq } from 'drizzle-orm';
import { users } from '@comptoir/db/schema';
import { createTestDatabase } from '@comptoir/db/testing';
import { verify } from '@node-rs/argon2';
import type { DatabaseHandle } from '@comptoir/db/client';
import { prepareDatabase } from './bootstrap';
import { parseConfig } from './config';

let handle: DatabaseHandle;
beforeEach(async () => {
  handle = await createTestDatabase();
});
afterEach(() => handle.close());

const config = (env: Record<string, string> = {}) => parseConfig({ DEMO_DATA: '0', ...env });

describe('prepareDatabase', () => {
  it('creates the first administrator with ADMIN_PASSWORD, once', async () => {
    const lines: string[] = [];
    await prepareDatabase(handle, config({ ADMIN_LOGIN: 'patron', ADMIN_PASSWORD: 'secret' }), (l) =>
      lines.push(l),
    );
    const [admin] = await handle.db.select().from(users).where(eq(users.login, 'patron'));
    expect(admin?.role).toBe('admin');
    expect(await verify(admin!.passwordHash, 'secret')).toBe(true);
    expect(lines.join('\n')).toContain('Administrateur « patron » créé avec ADMIN_PASSWORD');
    expect(lines.join('\n')).not.toContain('secret');

    lines.length = 0;
    await prepareDatabase(handle, config({ ADMIN_LOGIN: 'autre', ADMIN_PASSWORD: 'x' }), (l) =>
      lines.push(l),
    );
    expect(await handle.db.select().from(users)).toHaveLength(1);
    expect(lines.join('\n')).not.toContain('Administrateur');
  });

  it('generates and prints the password when ADMIN_PASSWORD is unset', async () => {
    const lines: string[] = [];
    await prepareDatabase(handle, config(), (l) => lines.push(l));
    const printed = lines.join('\n').match(/une seule fois\) : (\S+)/)?.[1];
    expect(printed).toBeDefined();
    const [admin] = await handle.db.select().from(users).where(eq(users.login, 'admin'));
    expect(await verify(admin!.passwordHash, printed!)).toBe(true);
  });
});
