// Spanish dates for @mantine/dates pickers (dayjs 'es', weeks starting on Monday). The dashboard layout already
// wraps its screens with it; a public screen with a date picker wraps its form:
//   <ProveedorFechas><DateInput label="Fecha de nacimiento" … /></ProveedorFechas>
// It is not in the app-wide providers so that pages without date pickers do not download dayjs nor the pickers'
// styles (they come with this module).
import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';

export function ProveedorFechas({ children }: { children: ReactNode }) {
  return <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}
