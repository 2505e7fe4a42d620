// The document number checked against its type as the person types: zod checks it (an object-level
// refinement) only once every other field parses.
import { tiposDocumento, validarDocumento, type TipoDocumento } from '@clinica/contracts/usuarios';
import type { FieldErrors } from './field-errors.ts';

export function erroresDocumento(v: { tipodocumento: string; numerodocumento: string }): FieldErrors {
  const numero = v.numerodocumento.trim().toUpperCase();
  if (!numero || !(tiposDocumento as readonly string[]).includes(v.tipodocumento)) return {};
  return { numerodocumento: validarDocumento(v.tipodocumento as TipoDocumento, numero) ?? undefined };
}
