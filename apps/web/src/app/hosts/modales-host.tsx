// Mantine's modals host, loaded by hosts-bajo-demanda.tsx when the first modal is requested. The open events that
// arrived before it existed are dispatched again once ModalsProvider listens (its listeners are attached in a layout
// effect, which runs before this passive one).
import { ModalsProvider } from '@mantine/modals';
import { useEffect, useRef } from 'react';

/** An open event that arrived before this host existed (kept by hosts-bajo-demanda.tsx). */
export type EventoPendiente = { type: string; detail: unknown };

export default function ModalesHost({ pendientes }: { pendientes: EventoPendiente[] }) {
  const enviados = useRef(false);
  useEffect(() => {
    // Once: StrictMode runs effects twice and a modal must not open twice.
    if (enviados.current) return;
    enviados.current = true;
    for (const { type, detail } of pendientes) window.dispatchEvent(new CustomEvent(type, { detail }));
  }, [pendientes]);
  return <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }} />;
}
