import { useMutation } from '@tanstack/react-query';
import {
  feeSimulationBody,
  type FeeSimulationBody,
  type shippingFeeResult,
} from '@comptoir/shared/shipping/fee-contract';
import { apiSend, checkBody } from '../../../../lib/api';

/** POST /service/forfaitTransport/simulation: the fee of a cart and its explanation. */
export const simulateFee = (body: FeeSimulationBody) =>
  apiSend<typeof shippingFeeResult>(
    'POST',
    '/service/forfaitTransport/simulation',
    checkBody(feeSimulationBody, body),
  );

export function useSimulateFee() {
  return useMutation({ mutationFn: simulateFee });
}
