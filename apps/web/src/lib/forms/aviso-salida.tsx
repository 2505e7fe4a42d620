// Leaving a form with unsaved changes asks first (issue 11.8): a link, the back button or "Cancelar" inside the app
// opens a confirmation; closing or reloading the tab gets the browser's own prompt.
//   const { aviso, permitirSalida } = useAvisoSalida(form.isDirty());
//   … onSuccess: () => { permitirSalida(); navigate(…); }   and render {aviso} anywhere in the screen.
// In-app navigation can only be held by a data router (the app's); under a plain router (some unit tests) only the
// tab prompt applies.
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useContext, useEffect, useLayoutEffect, useRef, type ReactElement, type RefObject } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';

function Bloqueo({ sucio }: { sucio: RefObject<boolean> }) {
  // Read through a ref: a screen that saves and navigates in the same tick has already said so (permitirSalida).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      sucio.current === true &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let decidido = false;
    modals.openConfirmModal({
      title: '¿Salir sin guardar?',
      children: (
        <Text size="sm">
          Hiciste cambios en este formulario que aún no se han guardado. Si sales ahora, se perderán.
        </Text>
      ),
      labels: { confirm: 'Salir sin guardar', cancel: 'Seguir editando' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        decidido = true;
        blocker.proceed();
      },
      onClose: () => {
        if (!decidido) blocker.reset();
      },
    });
  }, [blocker]);
  return null;
}

export function useAvisoSalida(sucio: boolean): { aviso: ReactElement | null; permitirSalida: () => void } {
  const ref = useRef(sucio);
  const permitido = useRef(false);
  useLayoutEffect(() => {
    ref.current = sucio && !permitido.current;
  }, [sucio]);
  const enDataRouter = useContext(UNSAFE_DataRouterContext) !== null;

  useEffect(() => {
    if (!sucio) return;
    const alSalir = (e: BeforeUnloadEvent) => {
      if (!ref.current) return;
      e.preventDefault();
      // Older browsers only prompt when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', alSalir);
    return () => window.removeEventListener('beforeunload', alSalir);
  }, [sucio]);

  const permitirSalida = useCallback(() => {
    permitido.current = true;
    ref.current = false;
  }, []);
  return { aviso: enDataRouter ? <Bloqueo sucio={ref} /> : null, permitirSalida };
}
