// The document number checked against its type as the person types: zod checks it (an object-level
// refinement) only once every other field parses.
import { normalizarDocumento, tiposDocumento, validarDocumento, type TipoDocumento } from '@clinica/contracts/usuarios';
import type { FieldErrors } from './field-errors.ts';

export function erroresDocumento(v: { tipodocumento: string; numerodocumento: string }): FieldErrors {
  // The server drops dots, spaces and dashes ('1.020.304.050'); so does this check.
  const numero = normalizarDocumento(v.numerodocumento);
  if (!numero || !(tiposDocumento as readonly string[]).includes(v.tipodocumento)) return {};
  return { numerodocumento: validarDocumento(v.tipodocumento as TipoDocumento, numero) ?? undefined };
}
