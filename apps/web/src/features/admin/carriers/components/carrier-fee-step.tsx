// Step 1 of the carrier form: one shipping fee, or none.
import { Radio, ScrollArea } from '@mantine/core';
import { formatEuros } from '@comptoir/shared/format';
import type { Forfait } from '@comptoir/shared/shipping/contract';
import { forfaitLabels } from '@comptoir/shared/shipping/schedule';
import { DataTable, type DataTableColumn } from '../../../../components/ui/data-table';
import { useShippingFeeList } from '../api/get-shipping-fee-list';
import { CARRIER_LABELS } from '../labels';

const L = CARRIER_LABELS.form;
const NO_FEE_VALUE = 'aucun';

/** The fee table's columns: on a phone each fee is a card, its radio as the title (the table's own). */
function shippingFeeColumns(): DataTableColumn<Forfait>[] {
  const C = L.shippingFeeColumns;
  return [
    {
      key: 'choice',
      header: C.choice,
      render: (fee) => <Radio value={String(fee.id)} aria-label={L.shippingFeeRadio(fee.id)} />,
    },
    { key: 'id', header: C.id, render: (fee) => fee.id },
    {
      key: 'amount',
      header: C.amount,
      align: 'right',
      nowrap: true,
      render: (fee) => formatEuros(fee.montant),
    },
    { key: 'band', header: C.band, render: (fee) => forfaitLabels(fee).tranche },
    { key: 'zone', header: C.zone, render: (fee) => forfaitLabels(fee).zone },
    { key: 'agency', header: C.agency, render: (fee) => forfaitLabels(fee).agence ?? L.allAgencies },
    { key: 'family', header: C.family, render: (fee) => forfaitLabels(fee).categorie ?? '' },
  ];
}
export function ShippingFeeStep({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const fees = useShippingFeeList();
  return (
    <Radio.Group
      pt="md"
      label={L.shippingFee}
      description={L.shippingFeeHelp}
      value={value === null ? NO_FEE_VALUE : String(value)}
      onChange={(next) => onChange(next === NO_FEE_VALUE ? null : Number(next))}
    >
      <Radio value={NO_FEE_VALUE} label={L.noShippingFee} my="sm" />
      <ScrollArea.Autosize mah="45vh" type="auto">
        <DataTable
          columns={shippingFeeColumns()}
          rows={fees.data ?? []}
          rowKey={(fee) => fee.id}
          caption={L.shippingFee}
          loading={fees.isPending}
        />
      </ScrollArea.Autosize>
    </Radio.Group>
  );
}
