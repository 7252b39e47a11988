import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { CategoryMenu } from './category-menu';
import { activities, elMenu, goMenu, goSub, item } from './menu.fixtures';

/** Moves the fake clock, inside act so the pending state updates are applied. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const trigger = (name: string) => screen.getByRole('button', { name });

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
});

describe('CategoryMenu', () => {
  it('loads the families of an activity on hover after 50 ms, then the sub-levels of a family', async () => {
    const { fetchMock } = mockFetch({
      'GET /menu/activites': { body: activities },
      'GET /submenu/GO': { body: goMenu },
      'GET /simplemenu/GO01': { body: goSub },
    });
    renderWithProviders(<CategoryMenu />);
    fireEvent.mouseEnter((await screen.findByRole('button', { name: 'Gros œuvre' })).parentElement!);
    expect(screen.queryByRole('link', { name: 'Ciments' })).not.toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Ciments' });
    expect(link).toHaveAttribute('href', '/catalogue/GO01');
    expect(trigger('Gros œuvre')).toHaveAttribute('aria-expanded', 'true');
    fireEvent.mouseEnter(link.parentElement!);
    expect(await screen.findByRole('link', { name: 'Ciments gris' })).toHaveAttribute(
      'href',
      '/catalogue/GO0101',
    );
    // Cached: leaving and coming back asks nothing more.
    fireEvent.mouseLeave(screen.getByRole('navigation', { name: 'Catégories' }));
    expect(screen.queryByRole('link', { name: 'Ciments' })).not.toBeInTheDocument();
    const calls = fetchMock.mock.calls.length;
    fireEvent.mouseEnter(trigger('Gros œuvre').parentElement!);
    expect(await screen.findByRole('link', { name: 'Ciments' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBe(calls);
    expect(localStorage.getItem('openweb-menu.version')).toBe('v1');
    expect(localStorage.getItem('openweb-menu.cacheKey')).toBe('1:min');
    expect(JSON.parse(localStorage.getItem('openweb-menu.submenu.GO')!)).toEqual(goMenu);
  });

  it('drops the cached menus when the data version or the cache key changes', async () => {
    localStorage.setItem('openweb-menu.version', 'v0');
    localStorage.setItem('openweb-menu.cacheKey', '1:min');
    localStorage.setItem(
      'openweb-menu.submenu.GO',
      JSON.stringify({ ...goMenu, items: [item('X', 'Périmé')] }),
    );
    localStorage.setItem('autre', 'gardé');
    mockFetch({ 'GET /menu/activites': { body: activities }, 'GET /submenu/GO': { body: goMenu } });
    renderWithProviders(<CategoryMenu />);
    await screen.findByRole('button', { name: 'Gros œuvre' });
    await waitFor(() => expect(localStorage.getItem('openweb-menu.version')).toBe('v1'));
    expect(localStorage.getItem('openweb-menu.submenu.GO')).toBeNull();
    expect(localStorage.getItem('autre')).toBe('gardé');
    await userClick('Gros œuvre');
    expect(await screen.findByRole('link', { name: 'Ciments' })).toBeInTheDocument();
  });

  it('shows the latest hover when answers arrive out of order', async () => {
    // Fake timeouts that still follow the wall clock, so that Testing Library's waiting keeps working.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    let releaseGo: () => void = () => {};
    const goAnswered = new Promise<void>((resolve) => (releaseGo = resolve));
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/menu/activites') return json(activities);
        if (path === '/submenu/GO') {
          await goAnswered;
          return json(goMenu);
        }
        return json(elMenu);
      }),
    );
    renderWithProviders(<CategoryMenu />);
    fireEvent.mouseEnter((await screen.findByRole('button', { name: 'Gros œuvre' })).parentElement!);
    await advance(80);
    fireEvent.mouseEnter(trigger('Électricité').parentElement!);
    expect(await screen.findByRole('link', { name: 'Câbles' })).toBeInTheDocument();
    releaseGo();
    await advance(30);
    expect(screen.queryByRole('link', { name: 'Ciments' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Câbles' })).toBeInTheDocument();
  });

  it("says 'error getting menu' when a menu cannot be read", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /menu/activites': { body: activities },
      'GET /submenu/GO': { status: 500, body: { message: 'Erreur critique' } },
    });
    renderWithProviders(<CategoryMenu />);
    await userClick('Gros œuvre');
    expect(await screen.findByText('error getting menu')).toBeInTheDocument();
    error.mockRestore();
  });
});

async function userClick(name: string) {
  fireEvent.click(await screen.findByRole('button', { name }));
}
