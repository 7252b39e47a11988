// Modals (docs/contract/constants-and-formats.md): a picker (e.g. the article picker) is at least 60 % of
// the viewport wide and 60 % high, any other modal 60 % wide and 20 % high. Mantine's Modal gives the dialog
// role, focus trap, Escape to close, and labels the dialog by its title. Built from Modal's parts so that its
// title row is a <div>: Mantine's <header> would make every open modal a second banner landmark.
import { Modal, type ModalRootProps } from '@mantine/core';
import { CLOSE_LABEL } from './labels';

export type AppModalKind = 'picker' | 'default';

/** Minimum sizes as CSS lengths, per kind. */
export const MODAL_MIN_SIZES: Record<AppModalKind, { width: string; height: string }> = {
  picker: { width: '60vw', height: '60vh' },
  default: { width: '60vw', height: '20vh' },
};

export interface AppModalProps extends Omit<ModalRootProps, 'title' | 'size' | 'styles'> {
  /** The dialog's title, also its accessible name. */
  title: string;
  kind?: AppModalKind;
}

export function AppModal({ kind = 'default', title, children, ...props }: AppModalProps) {
  const min = MODAL_MIN_SIZES[kind];
  return (
    <Modal.Root
      {...props}
      size="auto"
      centered
      data-kind={kind}
      styles={{
        content: {
          minWidth: min.width,
          minHeight: min.height,
          maxWidth: '95vw',
          display: 'flex',
          flexDirection: 'column',
        },
        body: { flex: 1 },
        title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' },
      }}
    >
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label={CLOSE_LABEL} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
