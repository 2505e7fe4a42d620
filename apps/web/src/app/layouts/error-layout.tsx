// Layout of /404 and /500 (docs/decisions/0002-paginas-de-error.md): the dashboard layout when a token is stored,
// the public layout otherwise, so an anonymous visitor who mistypes a URL sees a 404 and not the sign-in page.
import { lazy, Suspense } from 'react';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { hasStoredToken } from '../guards.tsx';
import { loadDashboardLayout, loadPublicLayout } from './load-layouts.ts';

const PublicLayout = lazy(loadPublicLayout);
const DashboardLayout = lazy(loadDashboardLayout);

export default function ErrorLayout() {
  // Subscribing to the session re-renders with the other layout when this tab signs in or out.
  useAuth();
  return <Suspense fallback={null}>{hasStoredToken() ? <DashboardLayout /> : <PublicLayout />}</Suspense>;
}
