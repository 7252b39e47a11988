// The Actions cell of an order (docs/contract/orders.md): view it in the storefront (new tab); for a
// validated order (TER, VAL) re-export it (after a confirmation, asked by the list) and download its file (a
// plain form POST, answered with an attachment); for an order awaiting payment (ATT, AT2) open its payment
// validation page (new tab).
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { OrderListItem } from '@comptoir/shared/orders/contract';
import { canValidatePayment, isValidated, ORDER_ACTION_LABELS } from '@comptoir/shared/orders/labels';
import { paths } from '../../../../config/paths';
import { DownloadIcon, EyeIcon, PaymentIcon, ResendIcon } from '../../../../components/ui/icons';
import { ORDERS_LABELS } from '../labels';

export interface OrderActionsProps {
  order: OrderListItem;
  /** Asks to re-export the order (the list confirms first). */
  onReexport: (order: OrderListItem) => void;
}

/** The accessible name of a row action: the action and the order's voucher number. */
export const actionName = (label: string, order: Pick<OrderListItem, 'numero'>) => `${label} ${order.numero}`;

/** Same name for links opening a new tab, plus the warning that they do. */
const newTabName = (label: string, order: OrderListItem) =>
  `${actionName(label, order)} ${ORDERS_LABELS.openInNewTab}`;

export function OrderActions({ order, onReexport }: OrderActionsProps) {
  const exportable = isValidated(order.typePanier);
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={ORDER_ACTION_LABELS.view} withArrow>
        <ActionIcon
          component="a"
          href={paths.shop.orderDetail.getHref(order.id, order.codeClient)}
          target="_blank"
          rel="noopener"
          variant="subtle"
          aria-label={newTabName(ORDER_ACTION_LABELS.view, order)}
        >
          <EyeIcon />
        </ActionIcon>
      </Tooltip>
      {exportable ? (
        <>
          <Tooltip label={ORDER_ACTION_LABELS.reexport} withArrow>
            <ActionIcon
              variant="subtle"
              aria-label={actionName(ORDER_ACTION_LABELS.reexport, order)}
              onClick={() => onReexport(order)}
            >
              <ResendIcon />
            </ActionIcon>
          </Tooltip>
          {/* A real form: the browser downloads the attachment the API answers with. */}
          <form method="post" action={paths.admin.orderExport.getHref()} style={{ display: 'contents' }}>
            <input type="hidden" name="id" value={order.id} />
            <input type="hidden" name="action" value="EXPORT" />
            <input type="hidden" name="valide" value="1" />
            <Tooltip label={ORDER_ACTION_LABELS.download} withArrow>
              <ActionIcon
                type="submit"
                variant="subtle"
                aria-label={actionName(ORDER_ACTION_LABELS.download, order)}
              >
                <DownloadIcon />
              </ActionIcon>
            </Tooltip>
          </form>
        </>
      ) : null}
      {canValidatePayment(order.typePanier) ? (
        <Tooltip label={ORDER_ACTION_LABELS.validatePayment} withArrow>
          <ActionIcon
            component="a"
            href={paths.admin.paymentValidation.getHref(order.numero)}
            target="_blank"
            rel="noopener"
            variant="subtle"
            aria-label={newTabName(ORDER_ACTION_LABELS.validatePayment, order)}
          >
            <PaymentIcon />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}
