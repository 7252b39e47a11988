import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Mantine's styles the storefront needs, before the app's own (the back office adds the rest).
import './app/styles/shop-styles';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
