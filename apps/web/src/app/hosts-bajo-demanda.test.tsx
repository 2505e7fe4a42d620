// The modals and toasts hosts are not mounted (nor downloaded) until something asks for them, and nothing asked
// for before they exist is lost.
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { HostsBajoDemanda } from './hosts-bajo-demanda.tsx';
import { AppProviders } from './providers.tsx';

function renderHosts() {
  return render(
    <AppProviders env="test">
      <p>Página</p>
      <HostsBajoDemanda />
    </AppProviders>,
  );
}

afterEach(() => {
  act(() => {
    modals.closeAll();
    notifications.clean();
  });
});

describe('hosts mounted on demand', () => {
  it('renders nothing until a modal or a toast is requested', () => {
    renderHosts();
    expect(screen.getByText('Página')).toBeInTheDocument();
    expect(document.querySelector('.mantine-Notifications-root, .mantine-Modal-root')).toBeNull();
  });

  it('opens a confirmation requested before the modals host existed, once', async () => {
    renderHosts();
    let confirmado = 0;
    act(() => {
      modals.openConfirmModal({
        title: '¿Vaciar tu carrito?',
        children: 'Se quitarán los tratamientos.',
        onConfirm: () => confirmado++,
      });
    });
    const dialogo = await screen.findByRole('dialog', { name: '¿Vaciar tu carrito?' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Confirmar' }));
    expect(confirmado).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a toast requested before the toasts host existed', async () => {
    renderHosts();
    act(() => {
      notifications.show({ title: 'Cerraste tu sesión', message: 'Vuelve pronto.' });
    });
    expect(await screen.findByText('Cerraste tu sesión')).toBeInTheDocument();
    expect(screen.getByText('Vuelve pronto.')).toBeInTheDocument();
  });
});
