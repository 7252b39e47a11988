import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../test/render';
import { Pagination } from './pagination';

function Controlled({
  initial = 0,
  total,
  pageSize = 20,
}: {
  initial?: number;
  total: number;
  pageSize?: number;
}) {
  const [page, setPage] = useState(initial);
  return (
    <>
      <Pagination page={page} total={total} pageSize={pageSize} onChange={setPage} />
      <output>{`page=${page}`}</output>
    </>
  );
}

const shownItems = () =>
  within(screen.getByRole('navigation', { name: 'Pagination' }))
    .getAllByRole('button')
    .map((b) => b.textContent)
    .filter((text) => text !== '');

describe('Pagination', () => {
  it('is hidden when there is no row', () => {
    renderWithProviders(<Pagination page={0} total={0} pageSize={20} onChange={() => {}} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows pages 1-based around the 0-based current page, with ellipses', () => {
    // 400 rows by 20 = 20 pages; page index 9 is page 10 on screen.
    renderWithProviders(<Pagination page={9} total={400} pageSize={20} onChange={() => {}} />);
    expect(shownItems()).toEqual(['1', '2', '8', '9', '10', '11', '12', '19', '20']);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav.textContent).toBe('12…89101112…1920');
    const current = within(nav).getByRole('button', { name: 'Page 10' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Page 9' })).not.toHaveAttribute('aria-current');
  });

  it('computes the page count as ceil(total / pageSize)', () => {
    renderWithProviders(<Pagination page={0} total={41} pageSize={20} onChange={() => {}} />);
    expect(shownItems()).toEqual(['1', '2', '3']);
    renderWithProviders(<Pagination page={0} total={1} pageSize={20} onChange={() => {}} />);
    expect(screen.getAllByRole('navigation', { name: 'Pagination' })[1]).toHaveTextContent(/^1$/);
  });

  it('reports the chosen page 0-based and moves with previous and next', async () => {
    const { user } = renderWithProviders(<Controlled total={100} />);
    const previous = screen.getByRole('button', { name: 'Page précédente' });
    const next = screen.getByRole('button', { name: 'Page suivante' });
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByText('page=2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');

    await user.click(next);
    expect(screen.getByText('page=3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page précédente' }));
    expect(screen.getByText('page=2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(screen.getByRole('button', { name: 'Page suivante' })).toBeDisabled();
  });

  it('does not call back when the current page is clicked, nor when disabled', async () => {
    const onChange = vi.fn();
    const { user, rerender } = renderWithProviders(
      <Pagination page={0} total={100} pageSize={20} onChange={onChange} />,
    );
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(onChange).not.toHaveBeenCalled();
    rerender(<Pagination page={0} total={100} pageSize={20} onChange={onChange} disabled />);
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  });
});
