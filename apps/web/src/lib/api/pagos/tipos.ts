// Wire types of payments and the cash desk, from the contracts (types only: no schema reaches the browser).
export type {
  CierreCajaWire,
  ListaCierresWire,
  ListaPagosWire,
  PagoWire,
  ResumenCajaWire,
  SaldoCitaWire,
  RegistrarPagoBody,
  CerrarCajaBody,
  ListarPagosQuery,
  CajaQuery,
} from '@clinica/contracts/pagos';
