import { screen, within } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { MenuDrawer } from './menu-drawer';
import { activities, goMenu, goSub } from './menu.fixtures';

beforeEach(() => localStorage.clear());

describe('MenuDrawer', () => {
  it('opens an activity, then a family, on a press (no hover), and closes when a link is followed', async () => {
    const { fetchMock, unexpected } = mockFetch({
      'GET /menu/activites': { body: activities },
      'GET /submenu/GO': { body: goMenu },
      'GET /simplemenu/GO01': { body: goSub },
    });
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <MenuDrawer opened onClose={onClose}>
        <p>Votre agence</p>
      </MenuDrawer>,
    );
    const drawer = await screen.findByRole('dialog', { name: 'Catégories' });
    expect(drawer.querySelector('header')).toBeNull();
    expect(within(drawer).getByText('Votre agence')).toBeInTheDocument();
    const activity = await within(drawer).findByRole('button', { name: 'Gros œuvre' });
    expect(activity).toHaveAttribute('aria-expanded', 'false');
    // Nothing is asked before a press.
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain('/submenu/GO');

    await user.click(activity);
    expect(activity).toHaveAttribute('aria-expanded', 'true');
    const family = await within(drawer).findByRole('link', { name: 'Ciments' });
    expect(family).toHaveAttribute('href', '/catalogue/GO01');
    const familyToggle = within(drawer).getByRole('button', { name: 'Sous-familles : Ciments' });
    await user.click(familyToggle);
    expect(familyToggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(await within(drawer).findByRole('link', { name: 'Ciments gris' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    // The same local cache as the desktop menu.
    expect(JSON.parse(localStorage.getItem('openweb-menu.submenu.GO')!)).toEqual(goMenu);
    expect(unexpected).toEqual([]);
  });

  it('closes with Escape and with the button named "Fermer le menu"', async () => {
    mockFetch({ 'GET /menu/activites': { body: activities } });
    const onClose = vi.fn();
    const { user } = renderWithProviders(<MenuDrawer opened onClose={onClose} />);
    await screen.findByRole('button', { name: 'Gros œuvre' });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Fermer le menu' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
