import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { DataTable, type DataTableColumn } from './data-table';

interface Row {
  id: number;
  nom: string;
  montant: string;
}

const columns: DataTableColumn<Row>[] = [
  { key: 'id', header: 'Id', render: (row) => row.id },
  { key: 'nom', header: 'Nom', render: (row) => row.nom },
  { key: 'montant', header: 'Montant', render: (row) => row.montant, align: 'right', nowrap: true },
];
const rows: Row[] = [
  { id: 1, nom: 'Sable 0/4', montant: '12,00 €' },
  { id: 2, nom: 'Ciment CEM II', montant: '8,50 €' },
];

describe('DataTable', () => {
  it('is a named table with column headers and one row per item', () => {
    renderWithProviders(<DataTable caption="Articles" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Articles' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Id', 'Nom', 'Montant']);
    for (const header of headers) expect(header).toHaveAttribute('scope', 'col');
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(
      bodyRows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['1', 'Sable 0/4', '12,00 €'],
      ['2', 'Ciment CEM II', '8,50 €'],
    ]);
    expect(table).toHaveAttribute('aria-busy', 'false');
  });

  it("shows 'Recherche en cours ...' instead of the rows while loading", () => {
    renderWithProviders(
      <DataTable caption="Articles" columns={columns} rows={rows} rowKey={(r) => r.id} loading />,
    );
    const table = screen.getByRole('table', { name: 'Articles' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getByRole('status')).toHaveTextContent('Recherche en cours ...');
    expect(within(table).queryByText('Sable 0/4')).not.toBeInTheDocument();
    expect(within(table).getByRole('cell')).toHaveAttribute('colspan', '3');
  });

  it("shows 'Aucune donnée à afficher' without rows, or the given empty text", () => {
    const { rerender } = renderWithProviders(
      <DataTable caption="Articles" columns={columns} rows={[]} rowKey={(r) => r.id} />,
    );
    expect(screen.getByRole('cell')).toHaveTextContent('Aucune donnée à afficher');
    rerender(
      <DataTable
        caption="Articles"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        emptyText="Aucun modèle"
      />,
    );
    expect(screen.getByRole('cell')).toHaveTextContent('Aucun modèle');
  });

  it('shows the info message above the table only when set', () => {
    const { rerender } = renderWithProviders(
      <DataTable caption="Commandes" columns={columns} rows={rows} rowKey={(r) => r.id} />,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    rerender(
      <DataTable
        caption="Commandes"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        message="La commande 42 a été ré-expedié"
      />,
    );
    const message = screen.getByRole('status');
    expect(message).toHaveTextContent('La commande 42 a été ré-expedié');
    expect(message.compareDocumentPosition(screen.getByRole('table'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('labels each cell but the first with its header, for the cards of a phone, unless told not to', () => {
    const { rerender } = renderWithProviders(
      <DataTable caption="Articles" columns={columns} rows={rows} rowKey={(r) => r.id} />,
    );
    const firstRow = () => within(screen.getByRole('table', { name: 'Articles' })).getAllByRole('row')[1]!;
    expect(
      within(firstRow())
        .getAllByRole('cell')
        .map((cell) => cell.getAttribute('data-label')),
    ).toEqual([null, 'Nom', 'Montant']);
    rerender(
      <DataTable
        caption="Articles"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        cardsOnPhone={false}
      />,
    );
    for (const cell of within(firstRow()).getAllByRole('cell'))
      expect(cell).not.toHaveAttribute('data-label');
  });
});
