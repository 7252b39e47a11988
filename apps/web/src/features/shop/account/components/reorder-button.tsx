// 'Commander à nouveau': puts an order's lines back in the cart and says what went in and what could not
// (docs/contract/customer-account.md). In the orders list (named after its order) and on an order's page.
import { Button } from '@mantine/core';
import { errorMessage } from '../../../../lib/api';
import { showErrorToast, showSuccessToast, showWarningToast } from '../../../../components/ui/toasts';
import { useReorder } from '../api/account-actions';
import { ACCOUNT_LABELS } from '../labels';

export function ReorderButton({ orderId, numero }: { orderId: number; numero?: string }) {
  const reorder = useReorder();
  return (
    <Button
      size={numero ? 'xs' : 'sm'}
      variant="light"
      loading={reorder.isPending}
      aria-label={numero ? ACCOUNT_LABELS.reorderOf(numero) : undefined}
      onClick={() =>
        reorder.mutate(orderId, {
          onSuccess: (answer) =>
            answer.refusees.length === 0
              ? showSuccessToast(answer.message)
              : showWarningToast(answer.message),
          onError: (error) => showErrorToast(errorMessage(error)),
        })
      }
    >
      {ACCOUNT_LABELS.reorder}
    </Button>
  );
}
