// Mantine's toasts host, loaded by hosts-bajo-demanda.tsx when the first notification is in the store (it shows the
// ones already there). Its styles come with it, not in the first load.
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

export default function AvisosHost() {
  return <Notifications position="top-right" limit={4} />;
}
