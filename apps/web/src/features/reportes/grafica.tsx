// The reports' charts (@mantine/charts over recharts), in a chunk of their own loaded when the first chart shows:
// the screen's tables and figures do not wait for it, and no chunk passes 500 KB (QUALITY.md).
import '@mantine/charts/styles.css';
import { BarChart, LineChart, type BarChartProps, type LineChartProps } from '@mantine/charts';

/** `ejeY`: how the value axis writes its ticks (money: formatCOPCorto); else the chart's own format, or compact. */
export type GraficaProps = (
  ({ tipo: 'barras' } & Omit<BarChartProps, 'h'>) | ({ tipo: 'lineas' } & Omit<LineChartProps, 'h'>)
) & { ejeY?: ((v: number) => string) | undefined };

const compacto = new Intl.NumberFormat('es-CO', { notation: 'compact', maximumFractionDigits: 1 });
/** The value axis: short ticks ('$ 1,2 M', '40 %'); the tooltip keeps the chart's own format ('$ 1.200.000'). */
export const ejeDe = (ejeY: ((v: number) => string) | undefined, formato: ((v: number) => string) | undefined) => ({
  width: 72,
  tickFormatter: ejeY ?? formato ?? ((v: number) => compacto.format(v).replace(/\s/g, ' ')),
});

/** A chart 260 px high; hidden from screen readers, since the table next to it has the same numbers. */
export default function Grafica(props: GraficaProps) {
  if (props.tipo === 'lineas') {
    const { tipo: _, ejeY, ...resto } = props;
    return <LineChart h={260} aria-hidden="true" yAxisProps={ejeDe(ejeY, resto.valueFormatter)} {...resto} />;
  }
  const { tipo: _, ejeY, ...resto } = props;
  return (
    <BarChart h={260} aria-hidden="true" maxBarWidth={56} yAxisProps={ejeDe(ejeY, resto.valueFormatter)} {...resto} />
  );
}
