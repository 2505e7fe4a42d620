// Password input with a keyboard-reachable show/hide button whose Spanish label says what it will do.
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useState } from 'react';

export function PasswordField(props: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const id = useId(props.id);
  // Mantine's PasswordInput leaves its inner input without aria-invalid and aria-describedby (unlike TextInput):
  // without them a screen reader does not announce the message, and focusFirstInvalid skips the field.
  const conError = Boolean(props.error) && typeof props.error !== 'boolean';
  const describedBy = [conError && `${id}-error`, props.description && `${id}-description`].filter(Boolean).join(' ');
  return (
    <PasswordInput
      id={id}
      aria-invalid={conError || undefined}
      aria-describedby={describedBy || undefined}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{
        'aria-label': visible ? 'Ocultar contraseña' : 'Mostrar contraseña',
        'aria-pressed': visible,
        title: visible ? 'Ocultar contraseña' : 'Mostrar contraseña',
      }}
      {...props}
    />
  );
}
