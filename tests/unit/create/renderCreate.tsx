// Renders creation pages in a memory router beside the current location, like the app shell.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router';
import CreateDetailsPage from '../../../src/features/create/CreateDetailsPage';
import CreateStylePage from '../../../src/features/create/CreateStylePage';
import { ToastHost } from '../../../src/app/ToastHost';
import { LocationDisplay } from '../app/session';

export function renderCreate(path: string) {
  const page = (element: React.ReactNode) => (
    <>
      {element}
      <LocationDisplay />
      <ToastHost />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: page(<h1>Home</h1>) },
      { path: '/create/style/', element: page(<CreateStylePage />) },
      { path: '/create/details/', element: page(<CreateDetailsPage />) },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}
