// A NumberInput for whole Colombian pesos as people type them: '$ 1.200.000', no cents, no negatives, no spinner.
//   <NumberInput label="Precio (COP)" {...camposPesos} min={1} max={1_000_000_000} … />
export const camposPesos = {
  prefix: '$ ',
  thousandSeparator: '.',
  decimalSeparator: ',',
  allowDecimal: false,
  allowNegative: false,
  hideControls: true,
  inputMode: 'numeric',
} as const;
