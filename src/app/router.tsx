import { createBrowserRouter } from '../lib/router';
import { routes } from './routes';

export const router = createBrowserRouter(routes);
