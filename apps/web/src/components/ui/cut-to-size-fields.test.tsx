import { screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../test/render';
import { CutToSizeFields, toDecoupe, type CutDraft } from './cut-to-size-fields';

function Fields({ onDraft }: { onDraft: (draft: CutDraft) => void }) {
  const [draft, setDraft] = useState<CutDraft>({ nbPieces: 1, dimensions: {} });
  return (
    <CutToSizeFields
      dimensions={['longueur']}
      value={draft}
      onChange={(next) => {
        setDraft(next);
        onDraft(next);
      }}
    />
  );
}

describe('CutToSizeFields', () => {
  it("reads ' 2.5 ' as 2,5 m, never 25", async () => {
    const onDraft = vi.fn();
    const { user } = renderWithProviders(<Fields onDraft={onDraft} />);
    await user.type(screen.getByRole('textbox', { name: 'Longueur (m)' }), ' 2.5 ');
    expect(toDecoupe(onDraft.mock.lastCall![0] as CutDraft)).toEqual({
      nbPieces: 1,
      dimensions: { longueur: 2.5 },
    });
  });

  it('refuses 1,5 pieces and a second separator under their fields, never clamping nor dropping', async () => {
    const onDraft = vi.fn();
    const { user } = renderWithProviders(<Fields onDraft={onDraft} />);
    const pieces = screen.getByRole('textbox', { name: 'Nombre de pièces' });
    await user.clear(pieces);
    await user.type(pieces, '1,5');
    expect(pieces).toHaveAccessibleDescription('Nombre de pièces : un nombre entier est attendu');
    // Passed on as typed, for the cut-to-size rule to refuse it too (never 15, never 1).
    expect(toDecoupe(onDraft.mock.lastCall![0] as CutDraft).nbPieces).toBe(1.5);
    const length = screen.getByRole('textbox', { name: 'Longueur (m)' });
    await user.type(length, '2.5.3');
    expect(length).toHaveAccessibleDescription(/Un seul séparateur décimal/);
    expect(toDecoupe(onDraft.mock.lastCall![0] as CutDraft).dimensions.longueur).toBeNaN();
    await user.clear(length);
    await user.type(length, '150');
    await user.tab();
    expect(length).toHaveAccessibleDescription('Longueur : 100 m au maximum');
    expect(length).toHaveValue('150');
  });
});
