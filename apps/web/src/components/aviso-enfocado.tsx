// An alert that takes the focus when it appears: it stands where the button that had the focus was (a link sent,
// a change confirmed, a dead link), so a keyboard or screen-reader user lands on what happened.
import { Alert, type AlertProps } from '@mantine/core';
import { useEffect, useRef } from 'react';

export function AvisoEnfocado(props: AlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return <Alert ref={ref} tabIndex={-1} variant="light" {...props} />;
}
