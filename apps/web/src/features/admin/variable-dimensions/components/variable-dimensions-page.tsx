// 'Choisir les dimensions variables pour chaque unité' (docs/contract/variable-dimensions-and-articles-cut-to-size.md, "Variable dimensions and articles
// cut to size"): one line per unit with the seven booleans. Changes stay on the screen until 'Enregistrer'
// or 'Valider' sends every line; a new line is ephemeral (its unit chosen among the units without a line),
// a deleted one is hidden until the save removes it; 'Annuler' forgets every change.
import { useState } from 'react';
import { useNavigate } from '../../../../lib/router';
import { ActionIcon, Button, Checkbox, Group, NativeSelect, Stack, Text } from '@mantine/core';
import {
  addableUnits,
  DIMENSION_LABELS,
  DIMENSION_MESSAGES,
  DIMENSIONS,
  dimensionFlag,
  NO_VARIABLE_DIMENSION,
  type LigneDimension,
} from '@comptoir/shared/dimensions';
import { DataTable, type DataTableColumn } from '../../../../components/ui/data-table';
import { TrashIcon } from '../../../../components/ui/icons';
import { PageHeader } from '../../../../components/ui/page-header';
import { showErrorToast, showSuccessToast } from '../../../../components/ui/toasts';
import { errorMessage } from '../../../../lib/api';
import { paths } from '../../../../config/paths';
import { useUnits, useVariableDimensions } from '../api/get-variable-dimensions';
import { useSaveVariableDimensions } from '../api/save-variable-dimensions';
import { VARIABLE_DIMENSION_LABELS as L } from '../labels';

type Line = LigneDimension & { key: string };

let nextKey = 0;

export function VariableDimensionsPage() {
  const navigate = useNavigate();
  const saved = useVariableDimensions();
  const units = useUnits(saved.isSuccess);
  const save = useSaveVariableDimensions();
  // null: the screen shows the saved lines as they are; a list: the lines being edited.
  const [draft, setDraft] = useState<Line[] | null>(null);

  const lines: Line[] = draft ?? (saved.data ?? []).map((line) => ({ ...line, key: line.codeUnite }));
  const visible = lines.filter((line) => !line.deleted);
  const unitLabel = (code: string) => units.data?.find((unit) => unit.codeUnite === code)?.libelle ?? code;
  const offered = addableUnits(units.data ?? [], lines);

  const change = (key: string, patch: Partial<LigneDimension>) =>
    setDraft(lines.map((line) => (line.key === key ? { ...line, ...patch } : line)));

  function addLine() {
    setDraft([
      ...lines,
      {
        ...NO_VARIABLE_DIMENSION,
        codeUnite: '',
        ephemere: true,
        key: `new-${nextKey++}`,
      },
    ]);
  }

  function submit(then?: () => void) {
    // A new line deleted before any save never existed for the server.
    const data = lines
      .filter((line) => !(line.ephemere && line.deleted))
      .map(({ key: _key, libelleUnite: _label, ...line }) => line);
    save.mutate(
      { data },
      {
        onSuccess: () => {
          setDraft(null);
          showSuccessToast(DIMENSION_MESSAGES.saved);
          then?.();
        },
        onError: (error) => showErrorToast(errorMessage(error)),
      },
    );
  }

  function cancel() {
    setDraft(null);
    void navigate(paths.admin.variableDimensions.getHref(), { replace: true });
  }

  const unitName = (line: Line) => (line.codeUnite === '' ? L.chooseUnit : line.codeUnite);
  const newLineNumber = (line: Line) => visible.filter((l) => l.ephemere).indexOf(line) + 1;

  const columns: DataTableColumn<Line>[] = [
    {
      key: 'unit',
      header: L.unit,
      render: (line) =>
        line.ephemere ? (
          <NativeSelect
            aria-label={L.newUnit(newLineNumber(line))}
            value={line.codeUnite}
            onChange={(event) => change(line.key, { codeUnite: event.currentTarget.value })}
            data={[
              { value: '', label: L.chooseUnit },
              ...(line.codeUnite ? [{ codeUnite: line.codeUnite, libelle: unitLabel(line.codeUnite) }] : [])
                .concat(offered)
                .map((unit) => ({ value: unit.codeUnite, label: `${unit.codeUnite} - ${unit.libelle}` })),
            ]}
          />
        ) : (
          <Text fw={600}>
            {line.codeUnite}{' '}
            <Text span c="dimmed" size="sm">
              {line.libelleUnite ?? unitLabel(line.codeUnite)}
            </Text>
          </Text>
        ),
    },
    ...DIMENSIONS.map((dimension): DataTableColumn<Line> => ({
      key: dimension,
      header: DIMENSION_LABELS[dimension],
      align: 'center',
      render: (line) => (
        <Checkbox
          aria-label={L.flag(DIMENSION_LABELS[dimension], unitName(line))}
          checked={line[dimensionFlag(dimension)]}
          onChange={(event) => change(line.key, { [dimensionFlag(dimension)]: event.currentTarget.checked })}
          styles={{ body: { justifyContent: 'center' } }}
        />
      ),
    })),
    {
      key: 'remove',
      header: L.remove,
      align: 'center',
      render: (line) => (
        <ActionIcon
          variant="subtle"
          color="red.8"
          aria-label={L.removeLine(unitName(line))}
          onClick={() => change(line.key, { deleted: true })}
        >
          <TrashIcon />
        </ActionIcon>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader title={L.title} subtitle={L.subtitle} />
      <DataTable
        columns={columns}
        rows={visible}
        rowKey={(line) => line.key}
        caption={L.caption}
        loading={saved.isPending}
        highlightOnHover={false}
        message={draft !== null ? L.unsaved : undefined}
      />
      <Group justify="space-between" wrap="wrap">
        <Button
          variant="light"
          onClick={addLine}
          disabled={!units.isSuccess || offered.length === 0}
          title={units.isSuccess && offered.length === 0 ? L.noUnitLeft : undefined}
        >
          {L.add}
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={cancel} disabled={save.isPending}>
            {L.cancel}
          </Button>
          <Button
            variant="light"
            onClick={() => submit()}
            loading={save.isPending}
            disabled={!saved.isSuccess}
          >
            {L.save}
          </Button>
          <Button
            onClick={() => submit(() => void navigate(paths.admin.home.getHref()))}
            loading={save.isPending}
            disabled={!saved.isSuccess}
          >
            {L.validate}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
