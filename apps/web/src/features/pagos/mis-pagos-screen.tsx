// /mispagos (issue 23): the patient's own payments (deposits, packages, balances, refunds) with their state and the
// "Recibo de caja" of each approved one to download. The server answers only hers.
import { Paper } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { PaginaPagos } from '../../components/pagos/tabla-pagos.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { useMisPagos } from '../../lib/api/pagos/get-pagos.ts';

const POR_PAGINA = 20;

export default function MisPagosScreen() {
  usePageMeta({ title: 'Mis pagos' });
  const [pagina, setPagina] = useState(1);
  const consulta = useMisPagos({ pagina, porPagina: POR_PAGINA });
  return (
    <>
      <PageHeader
        eyebrow="Mi cuenta"
        title="Mis pagos"
        description="Lo que has pagado en la clínica y el recibo de caja de cada pago."
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <PaginaPagos
          consulta={consulta}
          pagina={pagina}
          onPagina={setPagina}
          conPaciente={false}
          titulo="Mis pagos, del más reciente al más antiguo"
          vacio={{
            titulo: 'Aún no tienes pagos',
            descripcion: 'Cuando pagues una cita, un anticipo o un paquete, aquí verás su recibo.',
          }}
        />
      </Paper>
    </>
  );
}
