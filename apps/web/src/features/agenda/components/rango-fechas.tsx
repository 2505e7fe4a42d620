// The lists' date-range filter: it reports a range only once both ends are chosen (or both cleared).
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';

type Props = Omit<DatePickerInputProps<'range'>, 'type' | 'value' | 'onChange'> & {
  value: [string | null, string | null];
  onCambio: (desde: string | null, hasta: string | null) => void;
};

export function RangoFechas({ value, onCambio, ...resto }: Props) {
  return (
    <DatePickerInput
      type="range"
      label="Fechas"
      placeholder="Cualquier fecha"
      // Mantine's picker placeholder is too pale for AA; the dimmed text colour passes.
      styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
      value={value}
      onChange={([d, h]) => {
        if ((d && h) || (!d && !h)) onCambio(d, h);
      }}
      valueFormat="DD/MM/YYYY"
      clearable
      clearButtonProps={{ 'aria-label': 'Borrar las fechas' }}
      allowSingleDateInRange
      {...resto}
    />
  );
}
