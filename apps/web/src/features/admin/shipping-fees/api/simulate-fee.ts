import { useMutation } from '@tanstack/react-query';
import {
  feeSimulationBody,
  shippingFeeResult,
  type FeeSimulationBody,
} from '@comptoir/shared/shipping/fee-contract';
import { apiSend } from '../../../../lib/api';

/** POST /service/forfaitTransport/simulation: the fee of a cart and its explanation. */
export const simulateFee = (body: FeeSimulationBody) =>
  apiSend('POST', '/service/forfaitTransport/simulation', feeSimulationBody, body, shippingFeeResult);

export function useSimulateFee() {
  return useMutation({ mutationFn: simulateFee });
}
