import { createBrowserRouter } from 'react-router';
import { startAtSignIn } from './auth/start-at-sign-in';
import { routes } from './routes';

startAtSignIn(window.location, window.history, document.cookie);

export const router = createBrowserRouter(routes);
