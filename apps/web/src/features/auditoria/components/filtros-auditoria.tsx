// The audit search form: who, what, on which resource, with which result, between which clinic days. Nothing is
// asked until «Buscar»; the API judges the values and its messages land on their fields.
import { Autocomplete, Button, Grid, Group, Select, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconSearch, IconX } from '@tabler/icons-react';
import type { ChangeEvent, FormEvent } from 'react';
import { leerFecha } from '../../../lib/forms/campos-persona.tsx';
import type { FieldErrors } from '../../../lib/forms/field-errors.ts';
import { RESULTADOS, SUGERENCIAS_ACCION, type Borrador, type CampoFiltro } from '../auditoria-filtros.ts';

const opcionesResultado = [
  { value: '', label: 'Todos los resultados' },
  ...Object.entries(RESULTADOS).map(([value, r]) => ({ value, label: r.texto })),
];

export function FiltrosAuditoria({
  borrador,
  onCambio,
  onBuscar,
  onLimpiar,
  errores,
  buscando,
}: {
  borrador: Borrador;
  onCambio: (campo: CampoFiltro, valor: string) => void;
  onBuscar: () => void;
  onLimpiar: () => void;
  errores: FieldErrors;
  buscando: boolean;
}) {
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    onBuscar();
  };
  const texto = (campo: CampoFiltro) => ({
    value: borrador[campo],
    onChange: (e: ChangeEvent<HTMLInputElement>) => onCambio(campo, e.currentTarget.value),
    error: errores[campo],
  });
  const fecha = (campo: 'desde' | 'hasta') => ({
    value: borrador[campo] || null,
    onChange: (v: string | null) => onCambio(campo, v ?? ''),
    error: errores[campo],
    placeholder: 'dd/mm/aaaa',
    valueFormat: 'DD/MM/YYYY',
    dateParser: leerFecha,
    inputMode: 'numeric' as const,
    clearable: true,
    clearButtonProps: { 'aria-label': campo === 'desde' ? 'Borrar la fecha inicial' : 'Borrar la fecha final' },
  });

  return (
    <form onSubmit={enviar} role="search" aria-label="Buscar en la auditoría" noValidate>
      {/* Who takes the widest column (a name or an e-mail); the id of a resource, the narrowest. On a phone the
          resource and its id go side by side. */}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
          <TextInput label="Quién" placeholder="Nombre, correo o documento" maxLength={100} {...texto('quien')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
          <Autocomplete
            label="Acción"
            placeholder="Ej.: cita.cancelar"
            data={SUGERENCIAS_ACCION}
            maxLength={80}
            value={borrador.accion}
            onChange={(v) => onCambio('accion', v)}
            error={errores.accion}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 7, sm: 6, lg: 3 }}>
          <TextInput label="Recurso" placeholder="Ej.: usuario o cita" maxLength={40} {...texto('recurso')} />
        </Grid.Col>
        <Grid.Col span={{ base: 5, sm: 6, lg: 2 }}>
          <TextInput label="Id del recurso" placeholder="Ej.: 123" maxLength={40} {...texto('recurso_id')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
          <Select
            label="Resultado"
            data={opcionesResultado}
            value={borrador.resultado}
            onChange={(v) => onCambio('resultado', v ?? '')}
            allowDeselect={false}
            error={errores.resultado}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, lg: 3 }}>
          <DateInput label="Desde" {...fecha('desde')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, lg: 3 }}>
          <DateInput label="Hasta" {...fecha('hasta')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
          <Group gap="sm" align="flex-end" h="100%" wrap="nowrap">
            <Button type="submit" loading={buscando} leftSection={<IconSearch size={16} aria-hidden="true" />}>
              Buscar
            </Button>
            <Button variant="default" onClick={onLimpiar} leftSection={<IconX size={16} aria-hidden="true" />}>
              Limpiar
            </Button>
          </Group>
        </Grid.Col>
      </Grid>
    </form>
  );
}
