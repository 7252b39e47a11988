/** The accounts the browser tests use; the global setup creates them on the fresh data folder. */
export const ADMIN = { login: 'admin', password: 'e2e-admin-mot-de-passe' } as const;
export const CUSTOMER = {
  login: 'client-e2e',
  password: 'e2e-client-mot-de-passe',
  code: 'C000001',
} as const;
