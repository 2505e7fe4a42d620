import { cargaCerrada, estadosTexto, ms } from './carga.ts';
import { iniciarApi, stop } from './procesos.ts';
import { ZONA, baseNueva, firmante, horariosLibres, secretoJwt, sembrarPersonas } from './semilla.ts';
const motor = (process.env.MOTOR ?? 'PostgreSQL') as 'PostgreSQL' | 'PGlite';
const base = await baseNueva(motor);
const secreto = secretoJwt();
const firmar = firmante(secreto);
try {
  const db = await base.abrir();
  let s;
  try {
    await db.migrate();
    s = await sembrarPersonas(db, [
      { nombre: 'reservas-doctor', rol: 'doctor', n: 50, horas: ['06:00', '22:00'] },
      { nombre: 'reservas-paciente', rol: 'paciente', n: 5000 },
    ]);
  } finally { await db.close(); }
  const api = await iniciarApi({ ...base.env, NODE_ENV: 'production', JWT_SECRET: secreto, CLINICA_TZ: ZONA }, process.env.PERFIL ? { nodeArgs: ['--cpu-prof', '--cpu-prof-dir=/tmp/exp/prof2'] } : {});
  try {
    const asistente = { authorization: `Bearer ${await firmar(s.asistente, 'asistente')}` };
    const rd = s.grupos['reservas-doctor']!; const rp = s.grupos['reservas-paciente']!;
    const nD = rd.hasta - rd.desde + 1; const slots = horariosLibres(['06:00', '22:00']);
    let actual = ''; let k = 0;
    const reserva = () => { if (k % nD === 0) actual = slots.next().value as string; const body = { doctor_id: rd.desde + (k % nD), paciente_id: rp.desde + (k % 5000), inicio: actual, tipo: 'evaluacion', motivo: 'Valoración (bench)' }; k++; return { method: 'POST', path: '/apicitas/crearcitas', body, headers: asistente }; };
    await cargaCerrada({ base: api.base, concurrencia: 16, segundos: 2, esperado: 201, siguiente: reserva });
    console.log('MARCA', Date.now());
    const r = await cargaCerrada({ base: api.base, concurrencia: 16, segundos: Number(process.env.S ?? 10), esperado: 201, siguiente: reserva });
    console.log(`${r.porSegundo.toFixed(0)}/s p50 ${ms(r.p50)} p95 ${ms(r.p95)} p99 ${ms(r.p99)} (${estadosTexto(r.estados)})`, r.muestrasError);
  } finally { await stop(api.child); }
} finally { await base.borrar(); }
