// The clinic's cancellation policy (and, before booking, how long a deposit holds the slot) as the server's settings
// say (GET /apicitas/politica). Nothing while it loads: a number from anywhere else could be wrong.
import { politicaCancelacion, politicaReserva } from '@clinica/contracts/citas';
import { Stack, Text, type TextProps } from '@mantine/core';
import { usePoliticaCitas } from '../../lib/api/citas/get-politica.ts';

export function PoliticaCancelacion({ conReserva = false, ...props }: TextProps & { conReserva?: boolean }) {
  const politica = usePoliticaCitas();
  if (politica.isPending) return null;
  if (politica.isError)
    return (
      <Text {...props}>
        Si cancelas con anticipación, te devolvemos el anticipo o lo dejamos como saldo a favor; pregúntale a la clínica
        por su política de cancelación.
      </Text>
    );
  const { cancelacion_horas_aviso, anticipo_horas_reserva } = politica.data;
  const cancelacion = <Text {...props}>{politicaCancelacion(cancelacion_horas_aviso)}</Text>;
  if (!conReserva) return cancelacion;
  return (
    <Stack gap={4}>
      <Text {...props}>{politicaReserva(anticipo_horas_reserva)}</Text>
      {cancelacion}
    </Stack>
  );
}
