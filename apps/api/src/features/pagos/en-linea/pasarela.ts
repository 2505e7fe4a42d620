// What the clinic needs from an online payment provider (issue 23, item 3; decision 0059). Wompi is the first
// (wompi.ts); another provider is one more adapter of this interface, the service does not change.

/** A provider's transaction, in our words. Amounts in cents, as providers count them. */
export type TransaccionPasarela = {
  /** The provider's transaction id (stored as the payment's `referencia` once resolved). */
  id: string;
  /** Our reference the checkout carried. */
  referencia: string;
  montoCentavos: number;
  moneda: string;
  estado: 'aprobada' | 'rechazada' | 'pendiente';
  /** The provider's own word for it (APPROVED, DECLINED...), for the audit. */
  estadoProveedor: string;
};

export type DatosCheckout = {
  referencia: string;
  montoCentavos: number;
  moneda: 'COP';
  /** Where the provider sends the patient back (it adds its transaction id). */
  urlRetorno: string;
  /** The checkout refuses payment after this moment (a deposit's hold). */
  expiraEn?: Date | undefined;
};

/** A forged or malformed event: answered 401 and nothing changes. */
export class EventoInvalido extends Error {
  constructor(motivo: string) {
    super(motivo);
    this.name = 'EventoInvalido';
  }
}

/** The provider did not answer (network, timeout, 5xx): the caller may try again. */
export class PasarelaNoResponde extends Error {
  constructor(motivo: string) {
    super(motivo);
    this.name = 'PasarelaNoResponde';
  }
}

export interface PasarelaPagos {
  readonly proveedor: 'wompi';
  readonly ambiente: 'sandbox' | 'produccion';
  /** The signed address of the provider's checkout page for this payment (a top-level navigation). */
  checkout(datos: DatosCheckout): string;
  /** The provider's transaction by its id; null when the provider does not know it. */
  consultar(transaccionId: string): Promise<TransaccionPasarela | null>;
  /**
   * Checks an event the provider POSTed (its checksum): the transaction it reports, or null for an authentic event
   * of a kind we do not use. Throws EventoInvalido when it is forged or malformed.
   */
  verificarEvento(body: unknown): TransaccionPasarela | null;
}
