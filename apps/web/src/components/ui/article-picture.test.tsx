import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { ArticlePicture } from './article-picture';

describe('ArticlePicture', () => {
  it('loads a photograph at the width drawn, with the other widths, its 4:3 size and lazily', () => {
    renderWithProviders(
      <ArticlePicture src="/images/photos/ciment%2035.jpg" alt="Ciment" width={300} sizes="300px" />,
    );
    const img = screen.getByRole('img', { name: 'Ciment' });
    expect(img).toHaveAttribute('src', '/images/photos/ciment%2035.jpg?largeur=320');
    expect(img.getAttribute('srcset')).toContain('/images/photos/ciment%2035.jpg?largeur=640 640w');
    expect(img).toHaveAttribute('sizes', '300px');
    expect(img).toHaveAttribute('width', '300');
    expect(img).toHaveAttribute('height', '225');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('loads the main picture of a page at once and first; a drawn picture as it is', () => {
    renderWithProviders(<ArticlePicture src="/images/articles/C1.svg" alt="Ciment" width={560} priority />);
    const img = screen.getByRole('img', { name: 'Ciment' });
    expect(img).toHaveAttribute('src', '/images/articles/C1.svg');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
    expect(img).toHaveAttribute('width', '560');
    expect(img).toHaveAttribute('height', '420');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });
});
