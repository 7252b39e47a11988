import { AUTH_MESSAGES, loginBody } from './auth';

const messageOf = (body: unknown) => loginBody.safeParse(body).error?.issues[0]?.message;

describe('loginBody', () => {
  it('trims the login, never the password', () => {
    expect(loginBody.parse({ login: '  durand ', password: ' secret ' })).toEqual({
      login: 'durand',
      password: ' secret ',
    });
  });

  it('requires a login and a password, in French', () => {
    expect(messageOf({ login: '   ', password: 'secret' })).toBe('Identifiant obligatoire');
    expect(messageOf({ login: 'durand', password: '' })).toBe('Mot de passe obligatoire');
  });

  it('refuses a login longer than 100 characters and a password longer than 200', () => {
    expect(loginBody.safeParse({ login: 'a'.repeat(101), password: 'secret' }).success).toBe(false);
    expect(loginBody.safeParse({ login: 'durand', password: 'a'.repeat(201) }).success).toBe(false);
  });
});

describe('AUTH_MESSAGES', () => {
  it('refuses bad credentials without telling which one is wrong', () => {
    expect(AUTH_MESSAGES.badCredentials).toBe('Identifiant ou mot de passe incorrect');
  });
});
