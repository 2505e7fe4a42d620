// The reports' charts (@mantine/charts over recharts), in a chunk of their own loaded when the first chart shows:
// the screen's tables and figures do not wait for it, and no chunk passes 500 KB (QUALITY.md).
import '@mantine/charts/styles.css';
import { BarChart, LineChart, type BarChartProps, type LineChartProps } from '@mantine/charts';

export type GraficaProps =
  ({ tipo: 'barras' } & Omit<BarChartProps, 'h'>) | ({ tipo: 'lineas' } & Omit<LineChartProps, 'h'>);

const compacto = new Intl.NumberFormat('es-CO', { notation: 'compact', maximumFractionDigits: 1 });
/** The axis' ticks in short (1,6 M); the tooltip keeps the chart's own format ($ 1.600.000). */
const eje = (formato: ((v: number) => string) | undefined) => ({
  width: 64,
  tickFormatter: (v: number) => {
    const texto = compacto.format(v).replace(/\s/g, ' ');
    return formato?.(0).startsWith('$') ? `$ ${texto}` : formato ? formato(v) : texto;
  },
});

/** A chart 260 px high; hidden from screen readers, since the table next to it has the same numbers. */
export default function Grafica(props: GraficaProps) {
  if (props.tipo === 'lineas') {
    const { tipo: _, ...resto } = props;
    return <LineChart h={260} aria-hidden="true" yAxisProps={eje(resto.valueFormatter)} {...resto} />;
  }
  const { tipo: _, ...resto } = props;
  return <BarChart h={260} aria-hidden="true" maxBarWidth={56} yAxisProps={eje(resto.valueFormatter)} {...resto} />;
}
