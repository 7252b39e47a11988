// A confirmation dialog (delete, reset, change of type): a question, Annuler and a confirm button that
// shows a spinner while the action runs. Built on AppModal, so it has the dialog role and focus trap.
import type { ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { AppModal } from './app-modal';

export const CONFIRM_LABELS = { cancel: 'Annuler', confirm: 'Confirmer' } as const;

export interface ConfirmModalProps {
  title: string;
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  /** The question or warning; extra content (e.g. a choice) may follow it. */
  children: ReactNode;
  confirmLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /** The action is running: the confirm button spins and Annuler is disabled. */
  loading?: boolean;
  confirmDisabled?: boolean;
}

export function ConfirmModal({
  title,
  opened,
  onClose,
  onConfirm,
  children,
  confirmLabel = CONFIRM_LABELS.confirm,
  danger = false,
  loading = false,
  confirmDisabled = false,
}: ConfirmModalProps) {
  return (
    <AppModal title={title} opened={opened} onClose={onClose}>
      <Stack gap="lg" h="100%" justify="space-between">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {CONFIRM_LABELS.cancel}
          </Button>
          <Button
            color={danger ? 'red.8' : undefined}
            onClick={onConfirm}
            loading={loading}
            disabled={confirmDisabled}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
