// /terminoscondiciones: terms of service and the personal-data treatment policy of the clinic (Ley 1581 de
// 2012 and Decreto 1377 de 2013, compiled in Decreto 1074 de 2015), with the medical-record rules of Ley 23
// de 1981 and Resolución 1995 de 1999. Registration links here (#terminos, #politica-datos) and stores
// VERSION_TERMINOS with each acceptance.
import { Anchor, Badge, Box, Divider, Group, List, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { VERSION_TERMINOS } from '@clinica/contracts/usuarios';
import { paths } from '../../lib/paths.ts';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { clinica } from '../../lib/clinica.ts';

const MESES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** '2026-11' -> 'noviembre de 2026'. */
export function versionLegible(version: string): string {
  const [anio, mes] = version.split('-');
  const nombre = MESES[Number(mes) - 1];
  return nombre && anio ? `${nombre} de ${anio}` : version;
}

type Seccion = { id: string; titulo: string };

/** Headings reached by #anchor stop below the sticky header. */
const ANCLA = { scrollMarginTop: 'calc(var(--clinica-header-height, 72px) + 16px)' } as const;

const terminos: Seccion[] = [
  { id: 'quienes-somos', titulo: 'Quiénes somos' },
  { id: 'aceptacion', titulo: 'Objeto y aceptación' },
  { id: 'cuenta', titulo: 'Tu cuenta' },
  { id: 'servicios-precios', titulo: 'Servicios, valoración y precios' },
  { id: 'citas', titulo: 'Citas, cancelaciones y reprogramaciones' },
  { id: 'consentimiento', titulo: 'Acto médico y consentimiento informado' },
  { id: 'historia-clinica', titulo: 'Historia clínica' },
  { id: 'uso-plataforma', titulo: 'Uso adecuado de la plataforma' },
  { id: 'responsabilidad', titulo: 'Responsabilidad y propiedad intelectual' },
  { id: 'cambios-terminos', titulo: 'Cambios, ley aplicable y quejas' },
];

const politica: Seccion[] = [
  { id: 'responsable', titulo: 'Responsable del tratamiento' },
  { id: 'marco-legal', titulo: 'Marco legal y definiciones' },
  { id: 'datos-tratados', titulo: 'Qué datos tratamos' },
  { id: 'finalidades', titulo: 'Finalidades' },
  { id: 'datos-sensibles', titulo: 'Datos sensibles de salud' },
  { id: 'menores', titulo: 'Datos de niñas, niños y adolescentes' },
  { id: 'derechos', titulo: 'Tus derechos como titular' },
  { id: 'consultas-reclamos', titulo: 'Cómo ejercerlos: consultas y reclamos' },
  { id: 'encargados', titulo: 'Encargados, transmisiones y transferencias' },
  { id: 'seguridad-conservacion', titulo: 'Seguridad y conservación' },
  { id: 'autorizacion', titulo: 'Autorización y almacenamiento en tu navegador' },
  { id: 'vigencia', titulo: 'Vigencia y cambios de la política' },
];

function Apartado({ id, titulo, children }: Seccion & { children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} style={ANCLA}>
        {titulo}
      </h3>
      {children}
    </section>
  );
}

function seccion(lista: Seccion[], id: string): Seccion {
  const s = lista.find((x) => x.id === id);
  if (!s) throw new Error(`Sección desconocida: ${id}`);
  return s;
}

function ParteDelIndice({ href, titulo, secciones }: { href: string; titulo: string; secciones: Seccion[] }) {
  return (
    <div>
      <Anchor href={href} fw={600}>
        {titulo}
      </Anchor>
      <List type="ordered" size="sm" mt={6} spacing={4} withPadding>
        {secciones.map((s) => (
          <List.Item key={s.id}>
            <Anchor href={`#${s.id}`} c="inherit">
              {s.titulo}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </div>
  );
}

function Indice() {
  return (
    <Paper withBorder p="lg" component="nav" aria-labelledby="indice-titulo">
      <Text id="indice-titulo" fw={600} mb="sm">
        Contenido
      </Text>
      <Stack gap="md">
        <ParteDelIndice href="#terminos" titulo="I. Términos y condiciones de uso" secciones={terminos} />
        <ParteDelIndice
          href="#politica-datos"
          titulo="II. Política de tratamiento de datos personales"
          secciones={politica}
        />
      </Stack>
    </Paper>
  );
}

export default function TerminosScreen() {
  usePageMeta({
    title: 'Términos y tratamiento de datos',
    description: `Términos y condiciones y política de tratamiento de datos personales de ${clinica.nombre} (Ley 1581 de 2012).`,
  });
  const { hash } = useLocation();

  // The screen is lazy-loaded: the browser's own jump to #politica-datos happened before it existed.
  useEffect(() => {
    if (!hash) return;
    const el = document.getElementById(decodeURIComponent(hash.slice(1)));
    el?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const vigencia = versionLegible(VERSION_TERMINOS);
  const contacto = (
    <>
      correo <Anchor href={`mailto:${clinica.correo}`}>{clinica.correo}</Anchor>, teléfono{' '}
      <Anchor href={clinica.telefonoHref}>{clinica.telefono}</Anchor> o en persona en {clinica.direccion},{' '}
      {clinica.barrio}
    </>
  );

  return (
    <Stack gap="xl" py={{ base: 'md', sm: 'xl' }} maw={860} mx="auto">
      <Stack gap="sm">
        <Text size="xs" fw={600} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.14em' }}>
          Información legal
        </Text>
        <Title order={1} fz="h2">
          Términos y condiciones y política de tratamiento de datos personales
        </Title>
        <Group gap="xs">
          <Badge variant="light">Versión {VERSION_TERMINOS}</Badge>
          <Text size="sm" c="dimmed">
            Vigente desde {vigencia}.
          </Text>
        </Group>
        <Text c="dimmed">
          Aquí te contamos, en lenguaje claro, cómo funciona nuestra plataforma y qué hacemos con tus datos. Al crear tu
          cuenta aceptas los términos y, por separado, autorizas el tratamiento de tus datos personales. Guardamos la
          versión que aceptaste, la fecha y la dirección IP desde la que lo hiciste.
        </Text>
      </Stack>

      <Indice />

      <Typography>
        <Box component="section" aria-labelledby="terminos">
          <h2 id="terminos" style={ANCLA}>
            I. Términos y condiciones de uso
          </h2>

          <Apartado {...seccion(terminos, 'quienes-somos')}>
            <p>
              <strong>{clinica.nombre}</strong> es una clínica de medicina estética ubicada en {clinica.direccion},{' '}
              {clinica.barrio}, Colombia. Puedes escribirnos a <a href={`mailto:${clinica.correo}`}>{clinica.correo}</a>{' '}
              o llamarnos al <a href={clinica.telefonoHref}>{clinica.telefono}</a>. Atendemos de lunes a sábado de 8:00
              a. m. a 6:00 p. m.
            </p>
          </Apartado>

          <Apartado {...seccion(terminos, 'aceptacion')}>
            <p>
              Estos términos regulan el uso del sitio y de la plataforma de la clínica: la consulta de servicios, el
              carrito de tratamientos, la reserva de citas, las notificaciones y la consulta de tu información. Al
              marcar la casilla de aceptación y crear tu cuenta declaras que los leíste y los aceptas. Si no estás de
              acuerdo, no crees una cuenta; puedes seguir consultando la información pública del sitio.
            </p>
          </Apartado>

          <Apartado {...seccion(terminos, 'cuenta')}>
            <ul>
              <li>
                Debes ser mayor de edad para crear una cuenta. Las personas menores de 18 años solo pueden ser atendidas
                con su madre, padre o representante legal, y la Ley 1799 de 2016 prohíbe realizarles procedimientos
                médicos y quirúrgicos estéticos.
              </li>
              <li>
                Los datos que registres deben ser verdaderos, completos y estar actualizados. Puedes corregirlos desde
                tu perfil.
              </li>
              <li>
                Tu contraseña es personal. No la compartas; si crees que alguien la conoce, cámbiala desde tu perfil y
                avísanos. Nunca te la pediremos por teléfono, correo o mensaje.
              </li>
              <li>
                Por tu seguridad, la sesión se cierra sola después de un tiempo sin actividad y, en todo caso, a las 12
                horas.
              </li>
              <li>
                Podemos suspender una cuenta que se use de forma fraudulenta o contraria a estos términos, y te
                informaremos el motivo.
              </li>
            </ul>
          </Apartado>

          <Apartado {...seccion(terminos, 'servicios-precios')}>
            <p>
              La información de los tratamientos es orientativa y no reemplaza la valoración médica. Muchos
              procedimientos requieren una <strong>valoración previa</strong>, en la que el médico decide si el
              tratamiento es adecuado para ti, puede solicitarte exámenes y te explica alternativas, riesgos y cuidados.
            </p>
            <p>
              Los precios se expresan en pesos colombianos e incluyen los impuestos aplicables. Pueden cambiar sin
              previo aviso, pero el precio que te informemos al confirmar tu cita se respeta para esa cita. Agregar un
              tratamiento al carrito no es una compra ni una reserva: es una lista de tus intereses para la valoración.
              Como consumidor te protege la Ley 1480 de 2011 (Estatuto del Consumidor).
            </p>
          </Apartado>

          <Apartado {...seccion(terminos, 'citas')}>
            <ul>
              <li>Una cita queda reservada cuando la plataforma la muestra como pendiente o confirmada.</li>
              <li>
                Puedes cancelar o reprogramar tus citas hasta 24 horas antes de su inicio desde la plataforma. Con menos
                tiempo, comunícate con la clínica.
              </li>
              <li>
                La clínica puede reprogramar una cita por razones médicas o de fuerza mayor; en ese caso te avisamos por
                la plataforma y te ofrecemos otro horario.
              </li>
              <li>Te pedimos llegar 10 minutos antes con tu documento de identidad.</li>
            </ul>
          </Apartado>

          <Apartado {...seccion(terminos, 'consentimiento')}>
            <p>
              Los tratamientos los realizan profesionales de la salud habilitados, de acuerdo con la Ley 23 de 1981
              (Código de Ética Médica). Antes de cualquier procedimiento firmarás un{' '}
              <strong>consentimiento informado</strong> en el que el médico te explica en qué consiste, sus beneficios,
              riesgos previsibles, alternativas y cuidados. Puedes hacer todas las preguntas que necesites y retirar tu
              consentimiento antes de iniciar.
            </p>
            <p>
              La medicina es una obligación de medios y no de resultados: los resultados dependen de cada persona y de
              seguir las recomendaciones antes y después del tratamiento, por lo que no podemos garantizar un resultado
              específico.
            </p>
          </Apartado>

          <Apartado {...seccion(terminos, 'historia-clinica')}>
            <p>
              Con tu primera atención abrimos tu <strong>historia clínica</strong>, un documento privado, obligatorio y
              sometido a reserva (Ley 23 de 1981, artículo 34, y Resolución 1995 de 1999). En ella se registran, en
              orden cronológico y con la identificación de quien escribe, tus antecedentes, valoraciones,
              procedimientos, consentimientos y evoluciones.
            </p>
            <ul>
              <li>
                Solo pueden conocerla tú, el equipo de salud que te atiende y las autoridades en los casos que la ley
                prevé.
              </li>
              <li>Tienes derecho a solicitar una copia de tu historia clínica.</li>
              <li>
                Los registros no se borran: las correcciones se hacen con notas aclaratorias fechadas, y la historia se
                conserva como mínimo 15 años desde la última atención (Resolución 839 de 2017).
              </li>
            </ul>
          </Apartado>

          <Apartado {...seccion(terminos, 'uso-plataforma')}>
            <p>
              Te comprometes a usar la plataforma solo para gestionar tu propia atención: no intentes acceder a
              información de otras personas, eludir los controles de seguridad, automatizar solicitudes de forma abusiva
              ni publicar contenido falso u ofensivo. Los mensajes y notificaciones de la plataforma no sirven para
              urgencias: si tienes una emergencia, llama al 123 o acude al servicio de urgencias más cercano.
            </p>
          </Apartado>

          <Apartado {...seccion(terminos, 'responsabilidad')}>
            <p>
              Hacemos lo razonable para que la plataforma esté disponible y sea segura, pero puede haber interrupciones
              por mantenimiento o causas ajenas a nosotros. No respondemos por daños causados por el uso indebido de tu
              cuenta cuando no protegiste tu contraseña. Los textos, imágenes, marcas y el diseño del sitio pertenecen a
              la clínica o a sus licenciantes y no pueden reproducirse sin autorización.
            </p>
          </Apartado>

          <Apartado {...seccion(terminos, 'cambios-terminos')}>
            <p>
              Si cambiamos estos términos publicaremos la nueva versión aquí, con su fecha, y te pediremos aceptarla de
              nuevo cuando el cambio sea sustancial. Estos términos se rigen por las leyes de la República de Colombia.
              Para peticiones, quejas, reclamos o sugerencias escríbenos por los canales de la sección{' '}
              <a href="#consultas-reclamos">Cómo ejercerlos</a>. Si no quedas satisfecho, puedes acudir a la
              Superintendencia de Industria y Comercio o a la Superintendencia Nacional de Salud, según el caso.
            </p>
          </Apartado>
        </Box>

        <Divider my="xl" />

        <Box component="section" aria-labelledby="politica-datos">
          <h2 id="politica-datos" style={ANCLA}>
            II. Política de tratamiento de datos personales
          </h2>

          <Apartado {...seccion(politica, 'responsable')}>
            <p>
              El responsable del tratamiento de tus datos es <strong>{clinica.nombre}</strong>, con domicilio en{' '}
              {clinica.direccion}, {clinica.barrio}, Colombia; correo electrónico{' '}
              <a href={`mailto:${clinica.correo}`}>{clinica.correo}</a> y teléfono{' '}
              <a href={clinica.telefonoHref}>{clinica.telefono}</a>. El área de atención al paciente atiende las
              consultas y reclamos sobre datos personales.
            </p>
          </Apartado>

          <Apartado {...seccion(politica, 'marco-legal')}>
            <p>
              Esta política cumple el artículo 15 de la Constitución Política, la Ley Estatutaria 1581 de 2012 y el
              Decreto 1377 de 2013 (incorporado en el Decreto Único 1074 de 2015). Algunas palabras que usamos:
            </p>
            <ul>
              <li>
                <strong>Dato personal:</strong> cualquier información que te identifica o puede identificarte.
              </li>
              <li>
                <strong>Dato sensible:</strong> el que afecta tu intimidad o cuyo uso indebido puede generar
                discriminación; entre ellos, los datos de salud y los biométricos.
              </li>
              <li>
                <strong>Titular:</strong> tú, la persona a quien se refieren los datos.
              </li>
              <li>
                <strong>Tratamiento:</strong> cualquier operación sobre los datos: recolección, almacenamiento, uso,
                circulación o supresión.
              </li>
              <li>
                <strong>Responsable y encargado:</strong> el responsable decide sobre el tratamiento (la clínica); el
                encargado trata los datos por cuenta del responsable (por ejemplo, el proveedor de alojamiento).
              </li>
              <li>
                <strong>Autorización:</strong> tu consentimiento previo, expreso e informado para el tratamiento.
              </li>
            </ul>
          </Apartado>

          <Apartado {...seccion(politica, 'datos-tratados')}>
            <ul>
              <li>
                <strong>Identificación:</strong> nombre, tipo y número de documento, fecha de nacimiento y género.
              </li>
              <li>
                <strong>Contacto:</strong> correo electrónico, teléfono y dirección.
              </li>
              <li>
                <strong>Sociodemográficos:</strong> ocupación y estado civil, cuando decidas registrarlos.
              </li>
              <li>
                <strong>Salud (sensibles):</strong> antecedentes, alergias, medicamentos, valoraciones, fotografías
                clínicas, procedimientos, consentimientos firmados y evolución.
              </li>
              <li>
                <strong>Uso de la plataforma:</strong> citas, carrito, notificaciones, fecha y hora de inicio de sesión,
                dirección IP y navegador, que usamos para seguridad y auditoría.
              </li>
            </ul>
            <p>
              Tu contraseña se guarda cifrada con un algoritmo de una sola vía: nadie en la clínica puede conocerla.
            </p>
          </Apartado>

          <Apartado {...seccion(politica, 'finalidades')}>
            <p>Tratamos tus datos para:</p>
            <ol>
              <li>Crear y administrar tu cuenta y verificar tu identidad.</li>
              <li>Agendar, confirmar, reprogramar y recordarte citas, y enviarte notificaciones sobre tu atención.</li>
              <li>Prestarte los servicios de salud: valoración, procedimientos, controles y seguimiento.</li>
              <li>
                Abrir, llevar y custodiar tu historia clínica y tus consentimientos informados, como exige la ley.
              </li>
              <li>
                Facturar, cobrar y cumplir obligaciones contables, tributarias y de reporte a autoridades de salud.
              </li>
              <li>Atender tus peticiones, quejas, reclamos y solicitudes sobre tus datos.</li>
              <li>Proteger la seguridad de la plataforma, prevenir fraudes y llevar registros de auditoría.</li>
              <li>
                Medir la calidad del servicio mediante encuestas de satisfacción. Solo te enviaremos información
                comercial si lo autorizas por separado, y puedes retirar esa autorización en cualquier momento.
              </li>
            </ol>
            <p>No vendemos ni alquilamos tus datos.</p>
          </Apartado>

          <Apartado {...seccion(politica, 'datos-sensibles')}>
            <p>
              Los datos de salud son <strong>datos sensibles</strong> (Ley 1581 de 2012, artículos 5 y 6). Los tratamos
              solo con tu autorización explícita, o cuando la ley lo permite, por ejemplo para la historia clínica o en
              una urgencia médica. Te informamos que{' '}
              <strong>
                no estás obligado a autorizar el tratamiento de datos sensibles ni a responder preguntas sobre ellos
              </strong>
              (Decreto 1377 de 2013, artículo 6). Ten en cuenta que, sin esa información, el médico puede no tener lo
              necesario para atenderte de forma segura.
            </p>
            <p>
              El acceso a tu información de salud está restringido al personal asistencial que te atiende; cada consulta
              a tu historia queda registrada.
            </p>
          </Apartado>

          <Apartado {...seccion(politica, 'menores')}>
            <p>
              Solo tratamos datos de personas menores de 18 años con la autorización de su representante legal,
              respetando su interés superior y sus derechos fundamentales (Ley 1581 de 2012, artículo 7). La plataforma
              no permite que menores de edad creen cuentas por sí mismos.
            </p>
          </Apartado>

          <Apartado {...seccion(politica, 'derechos')}>
            <p>Como titular tienes derecho a (Ley 1581 de 2012, artículo 8):</p>
            <ul>
              <li>
                <strong>Conocer</strong> tus datos personales y acceder a ellos gratuitamente, al menos una vez al mes y
                cada vez que cambie esta política.
              </li>
              <li>
                <strong>Actualizar</strong> tus datos cuando cambien.
              </li>
              <li>
                <strong>Rectificar</strong> los datos inexactos, incompletos o que induzcan a error.
              </li>
              <li>
                <strong>Solicitar prueba de la autorización</strong> que nos diste.
              </li>
              <li>
                <strong>Ser informado</strong> del uso que hemos dado a tus datos.
              </li>
              <li>
                <strong>Suprimir</strong> tus datos y <strong>revocar</strong> la autorización cuando no se respeten los
                principios, derechos y garantías de la ley. La supresión no procede cuando existe un deber legal o
                contractual de conservarlos: por ejemplo, la historia clínica debe conservarse durante el tiempo que
                fija la Resolución 1995 de 1999.
              </li>
              <li>
                <strong>Presentar quejas</strong> ante la Superintendencia de Industria y Comercio, después de haber
                agotado el trámite de consulta o reclamo ante nosotros.
              </li>
            </ul>
            <p>
              Puedes actualizar buena parte de tus datos tú mismo desde <strong>Mi perfil</strong>, una vez inicies
              sesión.
            </p>
          </Apartado>

          <Apartado {...seccion(politica, 'consultas-reclamos')}>
            <p>
              Puedes ejercer tus derechos tú mismo, tus causahabientes, tu representante o apoderado, por {contacto}.
              Indica tu nombre, tu documento, lo que solicitas y un medio para responderte.
            </p>
            <ul>
              <li>
                <strong>Consultas</strong> (conocer tus datos o cómo los usamos): te respondemos en un máximo de{' '}
                <strong>10 días hábiles</strong> desde que la recibimos. Si no es posible, te explicamos el motivo y te
                respondemos dentro de los 5 días hábiles siguientes al vencimiento del primer plazo (Ley 1581 de 2012,
                artículo 14).
              </li>
              <li>
                <strong>Reclamos</strong> (corregir, actualizar, suprimir, revocar la autorización o advertir un
                incumplimiento): te respondemos en un máximo de <strong>15 días hábiles</strong> desde el día siguiente
                a su recibo. Si no es posible, te explicamos el motivo y te respondemos dentro de los 8 días hábiles
                siguientes al vencimiento del primer plazo. Si el reclamo está incompleto, te pediremos completarlo
                dentro de los 5 días siguientes; si pasan 2 meses sin que lo hagas, entenderemos que desististe.
                Mientras lo resolvemos, marcaremos tus datos con la leyenda «reclamo en trámite» (Ley 1581 de 2012,
                artículo 15).
              </li>
            </ul>
          </Apartado>

          <Apartado {...seccion(politica, 'encargados')}>
            <p>
              Para operar la plataforma podemos transmitir datos a encargados que los tratan por nuestra cuenta y bajo
              nuestras instrucciones, como proveedores de alojamiento, de envío de correos o de soporte tecnológico, con
              contratos que les exigen confidencialidad y seguridad (Decreto 1377 de 2013, artículo 25). Solo entregamos
              información a terceros cuando tú lo autorizas, cuando una ley lo exige o cuando una autoridad competente
              lo ordena. Si algún proveedor está fuera de Colombia, verificamos que el país ofrezca un nivel adecuado de
              protección o que exista tu autorización expresa.
            </p>
          </Apartado>

          <Apartado {...seccion(politica, 'seguridad-conservacion')}>
            <p>
              Aplicamos medidas técnicas, humanas y administrativas para proteger tus datos: conexiones cifradas,
              contraseñas guardadas con cifrado de una sola vía, acceso según el rol de cada persona del equipo, cierre
              automático de sesiones y registros de auditoría. Si ocurre un incidente que ponga en riesgo tus datos, lo
              informaremos a la Superintendencia de Industria y Comercio y, cuando corresponda, a ti.
            </p>
            <p>
              Conservamos tus datos mientras tengas una relación con la clínica y durante los plazos que exigen las
              normas: la historia clínica, como mínimo 15 años desde la última atención; los documentos contables, 10
              años. Después los eliminamos o anonimizamos de forma segura.
            </p>
          </Apartado>

          <Apartado {...seccion(politica, 'autorizacion')}>
            <p>
              Al crear tu cuenta nos das tu autorización marcando la casilla correspondiente, que es distinta de la
              aceptación de los términos. Guardamos como prueba la versión de esta política, la fecha, la hora y la
              dirección IP. Puedes pedir una copia de esa prueba en cualquier momento.
            </p>
            <p>
              La plataforma guarda en el almacenamiento local de tu navegador la credencial de tu sesión y tus
              preferencias de visualización (por ejemplo, el tema claro u oscuro). No usamos cookies publicitarias ni de
              rastreo de terceros. Al cerrar sesión eliminamos la credencial de tu navegador.
            </p>
          </Apartado>

          <Apartado {...seccion(politica, 'vigencia')}>
            <p>
              Esta política rige desde {vigencia} (versión {VERSION_TERMINOS}) y se mantiene vigente mientras la clínica
              trate datos personales. Si hacemos cambios sustanciales, como en las finalidades o en la identificación
              del responsable, te los comunicaremos antes de aplicarlos y, cuando cambien las finalidades, te pediremos
              una nueva autorización.
            </p>
          </Apartado>
        </Box>
      </Typography>

      <Text size="sm" c="dimmed">
        ¿Todo claro? Vuelve a{' '}
        <Anchor component={Link} to={paths.registrar}>
          crear tu cuenta
        </Anchor>{' '}
        o al{' '}
        <Anchor component={Link} to={paths.inicio}>
          inicio
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
