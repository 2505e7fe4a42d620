// Vitest setup for web tests: DOM matchers, cleanup, jsdom gaps Mantine needs, and failing on console.error.
import '@testing-library/jest-dom/vitest';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { comprobarFetch } from './mock-fetch.ts';

// findBy*/waitFor give up after 1 s by default; lazy routes and Mantine renders take longer on a loaded machine.
// One value for every web test (vite.config.ts has the matching per-test limit).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// test/mock-fetch.ts: a call to a path no route answers fails the test, even if the screen swallowed the error.
afterEach(comprobarFetch);

// Test files share a worker's modules and document (vite.config.ts): each leaves them as the next one expects to
// find them, with no toast or modal queued, real timers and globals, and an empty document.
afterAll(() => {
  notifications.clean();
  modals.closeAll();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  sessionStorage.clear();
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const el of [document.documentElement, document.body])
    for (const { name } of Array.from(el.attributes)) el.removeAttribute(name);
});

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
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
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = () => {};
// Mantine's autosizing textareas wait for fonts; jsdom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { ready: Promise.resolve(), addEventListener: () => {}, removeEventListener: () => {} },
  });
}
Element.prototype.scrollIntoView ??= () => {};

// STYLE 12: an unexpected console.error fails the test. Tests that expect one spy on it themselves.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error inesperado: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});
