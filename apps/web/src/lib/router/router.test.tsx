import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from './index';

function Where() {
  const { pathname, search, hash } = useLocation();
  return <output aria-label="url">{`${pathname}${search}${hash}`}</output>;
}
const url = () => screen.getByRole('status', { name: 'url' }).textContent;

function Params() {
  return <p data-testid="params">{JSON.stringify(useParams())}</p>;
}

function Layout({ name }: { name: string }) {
  return (
    <section aria-label={name}>
      <Outlet />
    </section>
  );
}

function Admin() {
  return (
    <Routes>
      <Route path="admin_accueil" element={<p>Accueil admin</p>} />
      <Route path="commande/:id" element={<Params />} />
      <Route path="*" element={<p>Page admin introuvable</p>} />
    </Routes>
  );
}

function App() {
  return (
    <>
      <Routes>
        <Route path="/openweb/admin/*" element={<Admin />} />
        <Route element={<Layout name="boutique" />}>
          <Route index element={<p>Accueil</p>} />
          <Route path="/article/:code" element={<Params />} />
          <Route path="/compte/*" element={<Params />} />
          <Route path="*" element={<p>Page introuvable</p>} />
        </Route>
      </Routes>
      <Where />
    </>
  );
}

const inMemory = (ui: ReactNode, at = '/') => render(<MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>);

describe('Routes', () => {
  it('draws the index route in its layout', () => {
    inMemory(<App />);
    expect(screen.getByRole('region', { name: 'boutique' })).toHaveTextContent('Accueil');
  });

  it("gives a route's named segments, and '*' the rest", () => {
    inMemory(<App />, '/article/CIM%20001');
    expect(screen.getByTestId('params')).toHaveTextContent('{"code":"CIM 001"}');
  });

  it("draws the '*' route for an unknown address", () => {
    inMemory(<App />, '/nulle/part');
    expect(screen.getByRole('region', { name: 'boutique' })).toHaveTextContent('Page introuvable');
  });

  it("routes nested <Routes> after their route's path, with relative paths and their own 404", () => {
    const { unmount } = inMemory(<App />, '/openweb/admin/admin_accueil');
    expect(screen.getByText('Accueil admin')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'boutique' })).not.toBeInTheDocument();
    unmount();
    inMemory(<App />, '/openweb/admin/commande/7');
    expect(screen.getByTestId('params')).toHaveTextContent('{"*":"commande/7","id":"7"}');
  });

  it('shows the admin 404 for an unknown back-office address', () => {
    inMemory(<App />, '/openweb/admin/admin_inconnu');
    expect(screen.getByText('Page admin introuvable')).toBeInTheDocument();
  });
});

describe('Link', () => {
  it('navigates on a plain click, without reloading', () => {
    inMemory(
      <>
        <Link to="/article/A1">Article</Link>
        <App />
      </>,
    );
    const link = screen.getByRole('link', { name: 'Article' });
    expect(link).toHaveAttribute('href', '/article/A1');
    expect(fireEvent.click(link)).toBe(false);
    expect(url()).toBe('/article/A1');
    expect(screen.getByTestId('params')).toHaveTextContent('{"code":"A1"}');
  });

  it('leaves modified and middle clicks and other targets to the browser', () => {
    inMemory(
      <>
        <Link to="/article/A1">Article</Link>
        <Link to="/article/A2" target="_blank">
          Ailleurs
        </Link>
        <Where />
      </>,
    );
    const link = screen.getByRole('link', { name: 'Article' });
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'])
      expect(fireEvent.click(link, { [modifier]: true })).toBe(true);
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Ailleurs' }))).toBe(true);
    expect(url()).toBe('/');
  });

  it("runs the link's own onClick first, which may keep the navigation from happening", () => {
    const onClick = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    inMemory(
      <>
        <Link to="/article/A1" onClick={onClick}>
          Article
        </Link>
        <Where />
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Article' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(url()).toBe('/');
  });
});

describe('NavLink', () => {
  it('marks the current page, under its address unless `end`', () => {
    inMemory(
      <>
        <NavLink to="/compte" className="lien">
          Compte
        </NavLink>
        <NavLink to="/compte" end>
          Commandes
        </NavLink>
        <NavLink to="/panier">Panier</NavLink>
      </>,
      '/compte/adresses',
    );
    expect(screen.getByRole('link', { name: 'Compte' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Compte' })).toHaveClass('lien', 'active');
    expect(screen.getByRole('link', { name: 'Commandes' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Panier' })).not.toHaveAttribute('aria-current');
  });
});

describe('useSearchParams', () => {
  function Filters() {
    const [params, setParams] = useSearchParams();
    return (
      <>
        <p data-testid="tri">{params.get('tri') ?? ''}</p>
        <button
          type="button"
          onClick={() => {
            // Two changes in one handler: the second is built on the first.
            setParams((current) => {
              current.set('tri', 'prix');
              return current;
            });
            setParams(
              (current) => {
                current.set('enStock', '1');
                return current;
              },
              { flushSync: true },
            );
          }}
        >
          Filtrer
        </button>
        <button type="button" onClick={() => setParams(new URLSearchParams())}>
          Tout effacer
        </button>
      </>
    );
  }

  it('chains functional updates made before a render, on the same page', () => {
    inMemory(
      <>
        <Filters />
        <Where />
      </>,
      '/recherche?q=vis#haut',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Filtrer' }));
    expect(url()).toBe('/recherche?q=vis&tri=prix&enStock=1');
    expect(screen.getByTestId('tri')).toHaveTextContent('prix');
    fireEvent.click(screen.getByRole('button', { name: 'Tout effacer' }));
    expect(url()).toBe('/recherche');
  });
});

describe('Navigate and useNavigate', () => {
  it('sends to another address once drawn', () => {
    inMemory(
      <>
        <Routes>
          <Route path="/panier" element={<Navigate to="/connexion?redirectTo=%2Fpanier" replace />} />
        </Routes>
        <Where />
      </>,
      '/panier',
    );
    expect(url()).toBe('/connexion?redirectTo=%2Fpanier');
  });

  it('resolves a relative address against the current one', () => {
    function Go() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate('?page=2')}>
          Suivante
        </button>
      );
    }
    inMemory(
      <>
        <Go />
        <Where />
      </>,
      '/catalogue/GO',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Suivante' }));
    expect(url()).toBe('/catalogue/GO?page=2');
  });
});

describe('BrowserRouter', () => {
  const scrollTo = vi.fn();
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
    scrollTo.mockClear();
    vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo);
  });
  afterEach(() => vi.restoreAllMocks());

  function Page() {
    const navigate = useNavigate();
    return (
      <>
        <Link to="/article/A1">Article</Link>
        <Link to="/?tri=prix">Trier</Link>
        <button type="button" onClick={() => navigate('/panier', { replace: true })}>
          Panier
        </button>
        <Where />
      </>
    );
  }

  it('writes the history: a new entry per link, none for a link to the current address or `replace`', () => {
    render(
      <BrowserRouter>
        <Page />
      </BrowserRouter>,
    );
    const entries = window.history.length;
    fireEvent.click(screen.getByRole('link', { name: 'Trier' }));
    expect(window.location.search).toBe('?tri=prix');
    expect(window.history.length).toBe(entries + 1);
    fireEvent.click(screen.getByRole('link', { name: 'Trier' }));
    expect(window.history.length).toBe(entries + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Panier' }));
    expect(window.location.pathname).toBe('/panier');
    expect(window.history.length).toBe(entries + 1);
  });

  it('opens a new page at its top, but not on a change of search params or a move back', () => {
    render(
      <BrowserRouter>
        <Page />
      </BrowserRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Trier' }));
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'Article' }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();
    // Back: the browser has restored the address, and restores the scroll position itself.
    window.history.replaceState(null, '', '/?tri=prix');
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(url()).toBe('/?tri=prix');
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
