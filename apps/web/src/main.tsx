import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Mantine's styles, imported once for the whole app.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
