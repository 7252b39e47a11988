import { z } from 'zod';
import { mockFetch } from '../test/render';
import { ApiError, apiGet, apiSend, buildUrl, checkBody, errorMessage } from './api';

const item = z.object({ code: z.string(), n: z.number() });

afterEach(() => vi.unstubAllGlobals());

describe('buildUrl', () => {
  it('leaves out empty values and repeats array keys', () => {
    expect(buildUrl('/service/clients')).toBe('/service/clients');
    expect(
      buildUrl('/service/clients', { recherche: 'dupont & fils', limit: 20, vide: null, absent: undefined }),
    ).toBe('/service/clients?recherche=dupont+%26+fils&limit=20');
    expect(buildUrl('/admin/statistiques/csv', { 'agences[]': ['LYO', 'GRE'], echelle: 'jour' })).toBe(
      '/admin/statistiques/csv?agences%5B%5D=LYO&agences%5B%5D=GRE&echelle=jour',
    );
    expect(buildUrl('/x?a=1', { b: 2 })).toBe('/x?a=1&b=2');
    expect(buildUrl('/x', {})).toBe('/x');
  });
});

describe('apiGet', () => {
  it('sends the session cookie and returns the answer as sent (the server checked it)', async () => {
    const { fetchMock } = mockFetch({ 'GET /items': { body: { code: 'A', n: 1 } } });
    const answer = await apiGet<typeof item>('/items', { page: 0 });
    expect(answer).toEqual(item.parse({ code: 'A', n: 1 }));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/items?page=0');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin' });
  });

  it("throws an ApiError with the API's French message and status", async () => {
    mockFetch({ 'GET /items': { status: 403, body: { message: 'Accès réservé aux administrateurs' } } });
    const error = await apiGet<typeof item>('/items').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'Accès réservé aux administrateurs' });
  });

  it("falls back to 'Erreur critique' for an unreadable error or answer, or a lost connection", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /items': { status: 502, body: '<html>' } });
    await expect(apiGet('/items')).rejects.toMatchObject({ status: 502, message: 'Erreur critique' });

    mockFetch({ 'GET /items': { status: 400, body: { message: 'x', details: 'pas une liste' } } });
    await expect(apiGet('/items')).rejects.toMatchObject({ status: 400, message: 'Erreur critique' });

    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>proxy</html>', { status: 200 })));
    await expect(apiGet('/items')).rejects.toMatchObject({ status: 0, message: 'Erreur critique' });

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiGet('/items')).rejects.toMatchObject({ status: 0, message: 'Erreur critique' });
  });

  it('keeps the details of a 400', async () => {
    const details = [{ champ: 'limit', message: 'limit : doit être au plus 100' }];
    mockFetch({ 'GET /items': { status: 400, body: { message: 'limit : doit être au plus 100', details } } });
    await expect(apiGet('/items')).rejects.toMatchObject({ status: 400, details });
  });
});

describe('apiSend', () => {
  const body = z.object({ nom: z.string().trim().min(1, 'Transporteur invalide') });

  it('sends the checked body as JSON and returns the answer', async () => {
    const { fetchMock } = mockFetch({ 'POST /things': { status: 201, body: { code: 'T1', n: 3 } } });
    const sent = apiSend<typeof item>('POST', '/things', checkBody(body, { nom: ' Geodis' }));
    await expect(sent).resolves.toEqual({
      code: 'T1',
      n: 3,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/things');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"nom":"Geodis"}' });
    expect((init!.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('refuses an invalid body with its French message, without calling the API', async () => {
    const { fetchMock } = mockFetch({});
    const send = async () => apiSend<typeof item>('POST', '/things', checkBody(body, { nom: '' }));
    await expect(send()).rejects.toMatchObject({
      status: 400,
      message: 'Transporteur invalide',
      details: [{ champ: 'nom', message: 'Transporteur invalide' }],
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ignores the answer of a 204', async () => {
    const { fetchMock } = mockFetch({ 'DELETE /things/1': { status: 204 } });
    await expect(apiSend('DELETE', '/things/1')).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'DELETE', body: undefined });
  });

  it('throws the API message of a failed write', async () => {
    mockFetch({ 'POST /things': { status: 409, body: { message: 'Forfait déjà existant' } } });
    await expect(apiSend<typeof item>('POST', '/things', { nom: 'x' })).rejects.toMatchObject({
      status: 409,
      message: 'Forfait déjà existant',
    });
  });
});

describe('errorMessage', () => {
  it("gives the API's message or 'Erreur critique'", () => {
    expect(errorMessage(new ApiError(404, 'Commande introuvable'))).toBe('Commande introuvable');
    expect(errorMessage(new Error('boom'))).toBe('Erreur critique');
    expect(errorMessage(undefined)).toBe('Erreur critique');
  });
});
