// jsdom lacks a few browser APIs that Mantine uses; these are the polyfills of Mantine's testing guide.
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// A lazily loaded page's first import is transformed on demand: on a busy 2-core machine it can take
// more than the default second, which is not what these tests are about.
configure({ asyncUtilTimeout: 5000 });

const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

window.HTMLElement.prototype.scrollIntoView = () => {};
