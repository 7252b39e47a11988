import { useMutation } from '@tanstack/react-query';
import { orderExportBody, type orderReexportResponse } from '@comptoir/shared/orders/contract';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import { apiSend, checkBody } from '../../../../lib/api';
import { paths } from '../../../../config/paths';

/** Writes the order's file for the ERP again (POST admin_commandeEdite with export=1). */
export function reexportOrder(id: number) {
  return apiSend<typeof orderReexportResponse>(
    'POST',
    paths.admin.orderExport.getHref(),
    checkBody(orderExportBody, { id, action: 'EXPORT', valide: '1', export: '1' }),
  );
}

/**
 * The 'renvoyer' row action. Nothing the list shows changes (the file is written again), so no query
 * is invalidated; a failure toasts 'Error lors du renvoi de la commande'.
 */
export function useReexportOrder() {
  return useMutation({
    mutationFn: reexportOrder,
    meta: { errorToast: ERROR_TOASTS.renvoiCommande },
  });
}
