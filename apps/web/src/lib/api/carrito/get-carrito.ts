// The signed-in person's cart (GET carrito, SPEC 7).
import type { CarritoItemWire } from '@clinica/contracts/carrito';
import { carritoRutas } from '@clinica/contracts/rutas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { carritoKeys } from './claves.ts';

export const getCarrito = (): Promise<CarritoItemWire[]> => api(carritoRutas.listar);

export const useConteoCarrito = (enabled: boolean) =>
  useQuery({ queryKey: carritoKeys.conteo(), queryFn: () => getCarrito().then((r) => r.length), enabled });
