// Entry point: apply the stored colour scheme (the inline script in index.html already did, before the first
// paint), then hydrate the server's page or render the app (app/arranque.tsx).
import { iniciarApp } from './app/arranque.tsx';
import { applyStoredColorScheme } from './app/ui-state.tsx';

applyStoredColorScheme();

const container = document.getElementById('root');
if (!container) throw new Error('No se encontró el elemento #root');

void iniciarApp(container);
