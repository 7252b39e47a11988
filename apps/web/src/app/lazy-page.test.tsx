import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyPage, preloadPage, type PageLoad } from './lazy-page';

const module = (text: string) => ({ Component: () => <p>{text}</p> });

describe('route modules', () => {
  it('are asked once, by the preload and the drawing alike', async () => {
    const load = vi.fn<PageLoad>(async () => module('Catégorie'));
    preloadPage(load);
    preloadPage(load);
    const Page = lazyPage(load);
    render(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
    );
    await screen.findByText('Catégorie');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('are asked again after a failed load', async () => {
    const load = vi
      .fn<PageLoad>()
      .mockRejectedValueOnce(new Error('réseau coupé'))
      .mockResolvedValue(module('Panier'));
    preloadPage(load);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // The failure is forgotten once it has settled: the drawing asks again and gets the module.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const Page = lazyPage(load);
    render(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
    );
    await screen.findByText('Panier');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
