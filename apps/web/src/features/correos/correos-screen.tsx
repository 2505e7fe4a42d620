// /correos: the e-mails the clinic sends (issue 10.6), newest first, for administrators. Without SMTP_URL nothing
// leaves the server, and this is where the messages can be read. Recovery links are never shown: the server sends
// a placeholder in their place. "Ver el correo" shows the HTML part as the patient sees it, inside a sandboxed
// iframe (no scripts, no forms, no same origin: the markup is data, never part of this page), and the text part.
import { Alert, Stack, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle, IconMail, IconMailOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { permite } from '@clinica/contracts/roles';
import { correosRutas } from '@clinica/contracts/rutas';
import { ContenidoDeConsulta } from '../../components/contenido-de-consulta.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PanelDeLista } from '../../components/panel-de-lista.tsx';
import { PieDePaginacion } from '../../components/pie-de-paginacion.tsx';
import { SinAcceso } from '../../components/sin-acceso.tsx';
import { SkeletonTabla } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { esProhibido } from '../../lib/api-client.ts';
import { textoMostrando } from '../../lib/paginacion.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { useBandejaCorreos, type CorreoWire } from '../../lib/api/correos/get-bandeja.ts';
import { TarjetaCorreo } from './components/tarjeta-correo.tsx';
import { VistaCorreo } from './components/vista-correo.tsx';

export const POR_PAGINA = 20;

export default function CorreosScreen() {
  usePageMeta({ title: 'Correos salientes' });
  const { userRole } = useAuth();
  const [sp, setSp] = useSearchParams();
  const numero = Number(sp.get('pagina'));
  const pagina = Number.isInteger(numero) && numero > 0 ? numero : 1;
  const permitido = permite(correosRutas.bandeja.auth, userRole);
  const [abierto, setAbierto] = useState<CorreoWire | null>(null);
  // Roles the server would refuse never ask.
  const q = useBandejaCorreos(pagina, POR_PAGINA, permitido);

  if (!permitido || esProhibido(q.error)) {
    return (
      <SinAcceso descripcion="Los correos que envía la clínica los revisa el administrador. Si necesitas saber si llegó un mensaje, pídeselo." />
    );
  }

  const total = q.data?.total ?? 0;
  const paginas = Math.max(1, Math.ceil(total / POR_PAGINA));
  const items = q.data?.items ?? [];
  const desde = total === 0 ? 0 : (pagina - 1) * POR_PAGINA + 1;
  const hasta = Math.min(total, pagina * POR_PAGINA);

  return (
    <>
      <PageHeader
        eyebrow="Administración"
        title="Correos salientes"
        description="Lo que la clínica envía por correo, del más reciente al más antiguo, con su estado de envío."
      />
      <Stack gap="lg">
        {q.data?.modo === 'archivo' && (
          <Alert
            color="blue"
            variant="light"
            icon={<IconInfoCircle aria-hidden="true" />}
            title="Sin servidor de correo"
          >
            No hay un servidor de correo configurado (SMTP_URL), así que los mensajes no salen de la clínica: se guardan
            en el servidor y puedes leerlos aquí. Los enlaces para recuperar contraseñas no se muestran.
          </Alert>
        )}
        <PanelDeLista icono={<IconMail size={18} aria-hidden="true" />} titulo="Bandeja de salida">
          <ContenidoDeConsulta
            consulta={q}
            cargando={<SkeletonTabla filas={5} columnas={3} etiqueta="Cargando correos…" />}
            vacio={
              items.length === 0 && (
                <EstadoVacio
                  icono={<IconMailOff size={26} stroke={1.6} aria-hidden="true" />}
                  titulo={total > 0 ? 'No hay correos en esta página' : 'Aún no se ha enviado ningún correo'}
                  descripcion="Aquí aparecen los avisos de citas, los recordatorios y los correos de cuenta que envía la clínica."
                />
              )
            }
          >
            <Stack gap="md">
              <VisuallyHidden>
                <h2>Correos, del más reciente al más antiguo</h2>
              </VisuallyHidden>
              <Stack
                component="ul"
                gap="sm"
                p={0}
                m={0}
                style={{ listStyle: 'none', opacity: q.isPlaceholderData ? 0.6 : 1 }}
                aria-busy={q.isFetching}
              >
                {items.map((c) => (
                  <TarjetaCorreo
                    key={c.id}
                    correo={c}
                    enBuzon={q.data?.modo === 'archivo'}
                    onVer={() => setAbierto(c)}
                  />
                ))}
              </Stack>
              <PieDePaginacion
                resumen={textoMostrando(desde, hasta, total, { singular: 'correo', plural: 'correos' })}
                pagina={pagina}
                paginas={paginas}
                onPagina={(p) => setSp(p > 1 ? { pagina: String(p) } : {}, { replace: true })}
              />
            </Stack>
          </ContenidoDeConsulta>
        </PanelDeLista>
      </Stack>
      <VistaCorreo correo={abierto} onClose={() => setAbierto(null)} />
    </>
  );
}
