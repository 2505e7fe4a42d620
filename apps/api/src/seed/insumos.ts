// Demo products and lots (issue 24, item 7): one product of each type with a real-looking INVIMA registration, their
// lots received at the desk through the products service (audited as the desk writes them), one lot expiring within
// the alerts' 60 days and one product under its minimum stock, so the staff dashboard's alerts have something to
// show. Seeded before the notes (seed/index.ts): the lots are received (and counted) four months back, before any
// demo visit, so the charted notes take their doses out of them. Idempotent: nothing once any product exists.
import type { CrearProductoBody } from '@clinica/contracts/insumos';
import { instanteLocal, sumarDias } from '@clinica/contracts/tiempo';
import { eq } from 'drizzle-orm';
import { productos, usuarios } from '../db/schema/index.ts';
import type { Semilla } from './semilla.ts';

type Demo = CrearProductoBody & { lotes: { numero: string; dias: number; cantidad: number; usado?: number }[] };

const PRODUCTOS: Demo[] = [
  {
    nombre: 'Toxina botulínica tipo A (vial de 100 U)',
    tipo: 'toxina_botulinica',
    fabricante: 'Biofarma Andina S.A.',
    registro_invima: 'INVIMA 2019M-0012345-R1',
    unidad: 'U',
    stock_minimo: 200,
    lotes: [
      { numero: 'TXA-24117', dias: 40, cantidad: 200, usado: 60 },
      { numero: 'TXA-25032', dias: 300, cantidad: 300 },
    ],
  },
  {
    nombre: 'Ácido hialurónico reticulado (jeringa de 1 mL)',
    tipo: 'acido_hialuronico',
    fabricante: 'Dermalab Colombia S.A.S.',
    registro_invima: 'INVIMA 2020DM-0021456',
    unidad: 'mL',
    stock_minimo: 10,
    lotes: [{ numero: 'HA-2511-07', dias: 420, cantidad: 6, usado: 2 }],
  },
  {
    nombre: 'Hidroxiapatita de calcio (jeringa de 1,5 mL)',
    tipo: 'bioestimulador',
    fabricante: 'Dermalab Colombia S.A.S.',
    registro_invima: 'INVIMA 2018DM-0018732',
    unidad: 'mL',
    stock_minimo: 3,
    lotes: [{ numero: 'CAH-0925', dias: 540, cantidad: 12 }],
  },
  {
    nombre: 'Hilos PDO espiculados 19G',
    tipo: 'hilos',
    fabricante: 'Suturas Médicas del Valle',
    registro_invima: 'INVIMA 2021DM-0023310',
    unidad: 'unidad',
    stock_minimo: 10,
    lotes: [{ numero: 'PDO19-8841', dias: 700, cantidad: 40 }],
  },
  {
    nombre: 'Cóctel de vitaminas para mesoterapia (vial de 5 mL)',
    tipo: 'vitaminas_mesoterapia',
    fabricante: 'Laboratorios Nutriderm',
    registro_invima: 'NSOC84512-21CO',
    unidad: 'mL',
    lotes: [{ numero: 'VIT-3310', dias: 250, cantidad: 50 }],
  },
  {
    nombre: 'Lidocaína al 2 % sin epinefrina',
    tipo: 'anestesico',
    fabricante: 'Farmacéutica del Caribe',
    registro_invima: 'INVIMA 2016M-0004567-R2',
    unidad: 'mL',
    stock_minimo: 20,
    lotes: [{ numero: 'LID-7789', dias: 365, cantidad: 100 }],
  },
];

/** How long before today the demo lots were received: before the oldest demo visit (seed/citas.ts). */
const DIAS_RECIBIDOS = 120;

export async function seedInsumos({ db, services, fijar }: Semilla): Promise<void> {
  if ((await db.select({ id: productos.id }).from(productos).limit(1)).length) return;
  const [asistente] = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(eq(usuarios.correo, 'asistente@demo.test'))
    .limit(1);
  if (!asistente) return;
  const actor = { id: asistente.id, rol: 'asistente' as const };
  const origen = { agente: 'semilla de demostración' };
  // Expiry dates count from the real today; receipt and opening count are dated on the seed's clock.
  fijar(null);
  const hoy = services.calendario.hoy();
  fijar(instanteLocal(sumarDias(hoy, -DIAS_RECIBIDOS), '08:30', services.calendario.zona));
  for (const { lotes, ...producto } of PRODUCTOS) {
    const p = await services.insumos.crear(actor, { ...producto, stock_minimo: producto.stock_minimo ?? 0 }, origen);
    for (const l of lotes) {
      const lote = await services.insumos.recibirLote(
        actor,
        p.id,
        {
          numero: l.numero,
          vence_el: sumarDias(hoy, l.dias),
          cantidad: l.cantidad,
          proveedor: 'Distribuciones Médicas Bogotá S.A.S.',
          referencia_compra: `FC-${l.numero.slice(-4)}`,
        },
        origen,
      );
      if (l.usado)
        await services.insumos.ajustar(
          actor,
          lote.id,
          { motivo: 'correccion_conteo', contado: l.cantidad - l.usado, detalle: 'Conteo de inventario de apertura' },
          origen,
        );
    }
  }
  fijar(null);
}
