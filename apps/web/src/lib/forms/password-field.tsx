// Password input with a keyboard-reachable show/hide button whose Spanish label says what it will do.
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';

export function PasswordField(props: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
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
