// The shipping fees a carrier can be linked to (form step 1), flattened in the order the fee screen
// shows them.
import { useQuery } from '@tanstack/react-query';
import type { Forfait, ForfaitsTransportResponse } from '@comptoir/shared/shipping/contract';
import { shippingFeesQueryOptions } from '../../../../lib/resources/shipping-fees';

/** The fees without agency first, then agency by agency, each group by band. */
export function flattenShippingFees(schedule: ForfaitsTransportResponse): Forfait[] {
  return [
    ...schedule.sans_agence.flatMap((group) => group.forfaits),
    ...schedule.agences.flatMap((agency) => agency.groupes.flatMap((group) => group.forfaits)),
  ];
}

export function useShippingFeeList() {
  return useQuery({ ...shippingFeesQueryOptions(), select: flattenShippingFees });
}
