import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { AppModal } from './app-modal';

describe('AppModal', () => {
  it('is a dialog named by its title, at least 60 % × 20 % of the viewport by default', () => {
    renderWithProviders(
      <AppModal opened onClose={() => {}} title="Changer de type de forfait de transport">
        <p>Contenu</p>
      </AppModal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Changer de type de forfait de transport' });
    expect(dialog).toHaveStyle({ minWidth: '60vw', minHeight: '20vh' });
    expect(dialog).toHaveTextContent('Contenu');
  });

  it('is at least 60 % × 60 % for a picker', () => {
    renderWithProviders(
      <AppModal kind="picker" opened onClose={() => {}} title="Sélection des articles">
        <p>Liste</p>
      </AppModal>,
    );
    expect(screen.getByRole('dialog', { name: 'Sélection des articles' })).toHaveStyle({
      minWidth: '60vw',
      minHeight: '60vh',
    });
  });

  it("closes with the button named 'Fermer' and with Escape", async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <AppModal opened onClose={onClose} title="Ajouter une tranche">
        <input aria-label="Libellé" />
      </AppModal>,
    );
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('adds no banner landmark: its title row is no <header>', () => {
    renderWithProviders(
      <AppModal opened onClose={() => {}} title="Ajouter une tranche">
        <p>Contenu</p>
      </AppModal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Ajouter une tranche' });
    expect(dialog.querySelector('header')).toBeNull();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('renders nothing when closed', () => {
    renderWithProviders(
      <AppModal opened={false} onClose={() => {}} title="Supprimer tous les forfaits de transport">
        <p>Contenu</p>
      </AppModal>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
