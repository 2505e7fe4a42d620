// The modals host and the toasts host, mounted the first time something needs them (QUALITY: initial JS of the
// public pages <= 120 KB gzip; decision 0005). Until then neither Mantine's Modal, ScrollArea, focus trap and scroll
// lock nor the notifications machinery is downloaded.
//
// Screens keep using Mantine's static APIs, unchanged:
//   - notifications.show({...}) writes to Mantine's notifications store (a few hundred bytes, in the first load);
//     the first notification in the store mounts <Notifications />, which shows it.
//   - modals.openConfirmModal({...}) and the other open* calls dispatch `mantine-modals:*` window events. Before the
//     host exists those events are kept here; the host mounts and they are dispatched again once ModalsProvider
//     listens, so the first modal opens a moment later instead of being lost.
// The first pointer or keyboard interaction starts downloading both hosts, so a toast or a confirmation that
// follows a click usually finds its code already there.
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';
// Types only: erased, so the host's code still loads on demand.
import type { EventoPendiente } from './hosts/modales-host.tsx';

const cargarModales = () => import('./hosts/modales-host.tsx');
const cargarAvisos = () => import('./hosts/avisos-host.tsx');
const ModalesHost = lazy(cargarModales);
const AvisosHost = lazy(cargarAvisos);

/** `mantine-modals:` events that open a modal (createUseExternalEvents('mantine-modals') in @mantine/modals). */
export const EVENTOS_APERTURA = [
  'mantine-modals:openModal',
  'mantine-modals:openConfirmModal',
  'mantine-modals:openContextModal',
] as const;

function usePrecargaAlInteractuar() {
  useEffect(() => {
    const eventos = ['pointerdown', 'keydown'] as const;
    const precargar = () => {
      for (const ev of eventos) window.removeEventListener(ev, precargar, true);
      // A failed download is retried by lazy() when the host is really needed.
      void cargarModales().catch(() => {});
      void cargarAvisos().catch(() => {});
    };
    for (const ev of eventos) window.addEventListener(ev, precargar, { capture: true, passive: true });
    return () => {
      for (const ev of eventos) window.removeEventListener(ev, precargar, true);
    };
  }, []);
}

function ModalesBajoDemanda() {
  const [pendientes, setPendientes] = useState<EventoPendiente[] | null>(null);
  const montado = pendientes !== null;
  useEffect(() => {
    if (montado) return;
    const guardar = (e: Event) => {
      const evento = { type: e.type, detail: (e as CustomEvent).detail };
      setPendientes((actuales) => [...(actuales ?? []), evento]);
    };
    for (const ev of EVENTOS_APERTURA) window.addEventListener(ev, guardar);
    return () => {
      for (const ev of EVENTOS_APERTURA) window.removeEventListener(ev, guardar);
    };
  }, [montado]);
  if (!pendientes) return null;
  return (
    <Suspense fallback={null}>
      <ModalesHost pendientes={pendientes} />
    </Suspense>
  );
}

function AvisosBajoDemanda() {
  const { notifications, queue } = useNotifications();
  const [montado, setMontado] = useState(false);
  if (!montado && notifications.length + queue.length > 0) setMontado(true);
  if (!montado) return null;
  return (
    <Suspense fallback={null}>
      <AvisosHost />
    </Suspense>
  );
}

export function HostsBajoDemanda() {
  usePrecargaAlInteractuar();
  return (
    <>
      <ModalesBajoDemanda />
      <AvisosBajoDemanda />
    </>
  );
}
