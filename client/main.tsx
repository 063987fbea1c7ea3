import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { registerNavigate } from './api/session-events';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { LocaleProvider } from './i18n/locale-context';
import './app/global.css';

const router = createRouter();
registerNavigate((path) => void router.navigate(path, { replace: true }));

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <LocaleProvider>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </LocaleProvider>
    </StrictMode>,
  );
}
