// Toasts (docs/contract/errors.md): 1 500 ms, errors default to 'Erreur critique'. Drawn by ToastsHost
// (toasts-host.tsx, mounted once by app/provider.tsx); here only Mantine's store, light enough for the
// first load. The close button is named 'Fermer' by the theme.
import { notifications } from '@mantine/notifications';
import { ERROR_TOASTS, TOAST_DURATION_MS } from '@comptoir/shared/messages';

export function showErrorToast(message: string = ERROR_TOASTS.default): string {
  return notifications.show({ message, color: 'red', autoClose: TOAST_DURATION_MS, withBorder: true });
}

export function showSuccessToast(message: string): string {
  return notifications.show({ message, color: 'green', autoClose: TOAST_DURATION_MS, withBorder: true });
}

/** A warning the user must read (e.g. an order accepted over the credit limit): stays until closed. */
export function showWarningToast(message: string): string {
  return notifications.show({ message, color: 'orange', autoClose: false, withBorder: true });
}
