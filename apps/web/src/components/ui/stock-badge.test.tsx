import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { StockBadge } from './stock-badge';

describe('StockBadge', () => {
  const low = { INFO_STOCK: 'quantiteLimitee', NB_STOCK: 3.5 } as const;

  it('shows the state and the quantity in mode all', () => {
    renderWithProviders(<StockBadge stock={low} mode="all" unit="Sac" />);
    expect(screen.getByText('Quantité limitée (3,5 sacs)')).toBeInTheDocument();
  });

  it('shows the state alone in mode picto, the quantity alone in mode value', () => {
    const { unmount } = renderWithProviders(<StockBadge stock={low} mode="picto" unit="Sac" />);
    expect(screen.getByText('Quantité limitée')).toBeInTheDocument();
    unmount();
    renderWithProviders(<StockBadge stock={low} mode="value" unit="Sac" />);
    expect(screen.getByText('3,5 sacs')).toBeInTheDocument();
  });

  it('falls back to the state when there is no quantity to show', () => {
    renderWithProviders(
      <StockBadge stock={{ INFO_STOCK: 'surCommande', NB_STOCK: null }} mode="value" unit="Sac" />,
    );
    expect(screen.getByText('Sur commande')).toBeInTheDocument();
  });

  it('shows nothing in mode none', () => {
    renderWithProviders(<StockBadge stock={low} mode="none" unit="Sac" />);
    expect(screen.queryByText(/Quantité|sac/)).toBeNull();
  });
});
