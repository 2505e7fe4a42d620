// A whole, non-negative number field (ages, minutes, pesos): no decimals, no minus sign, and the phone's numeric
// keypad.
import { NumberInput, type NumberInputProps } from '@mantine/core';

export function NumeroEntero(props: Omit<NumberInputProps, 'allowDecimal' | 'allowNegative' | 'inputMode'>) {
  return <NumberInput allowDecimal={false} allowNegative={false} inputMode="numeric" {...props} />;
}
