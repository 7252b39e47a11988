import { act, screen, waitFor } from '@testing-library/react';
import { notifications, notificationsStore } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@comptoir/shared/messages';
import { renderWithProviders } from '../../test/render';
import { showErrorToast, showSuccessToast } from './toasts';

// Timers set by effects of earlier timers only run if React flushes in between: advance step by step.
function advance(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 50) act(() => vi.advanceTimersByTime(50));
}

describe('toasts', () => {
  afterEach(() => {
    act(() => notifications.clean());
    vi.useRealTimers();
  });

  it("shows 'Erreur critique' by default, with a close button named 'Fermer'", async () => {
    const { user } = renderWithProviders(<div />);
    act(() => void showErrorToast());
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Erreur critique');
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('shows the given messages', async () => {
    renderWithProviders(<div />);
    act(() => {
      showErrorToast('Error fetching clients');
      showSuccessToast('Forfait supprimé');
    });
    expect(await screen.findByText('Error fetching clients')).toBeInTheDocument();
    expect(screen.getByText('Forfait supprimé')).toBeInTheDocument();
  });

  it('closes after 1 500 ms', () => {
    expect(TOAST_DURATION_MS).toBe(1500);
    vi.useFakeTimers();
    renderWithProviders(<div />);
    act(() => {
      showSuccessToast('Regroupement enregistré');
      showErrorToast();
    });
    expect(notificationsStore.getState().notifications.map((n) => n.autoClose)).toEqual([1500, 1500]);
    advance(TOAST_DURATION_MS - 100);
    expect(screen.getByText('Regroupement enregistré')).toBeInTheDocument();
    // Then the 250 ms exit transition of Mantine's notifications.
    advance(100 + 300);
    expect(screen.queryByText('Regroupement enregistré')).not.toBeInTheDocument();
    expect(screen.queryByText('Erreur critique')).not.toBeInTheDocument();
  });
});
