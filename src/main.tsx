import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from './lib/router';
import { router } from './app/router';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing <div id="root">');

void import('./app/startBackground').then((m) => m.startBackground());

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
