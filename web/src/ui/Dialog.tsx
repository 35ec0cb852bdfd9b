// Dialogs (React Aria Components): a modal that traps focus, closes on Escape and returns
// focus to what opened it. ConfirmDialog is the "are you sure?" of destructive actions
// (an alertdialog with the action's own name on its confirm button).
import type { ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  /** The confirm button's text: the action itself ('Delete route'). */
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ isOpen, title, children, confirmLabel, cancelLabel = 'Cancel', destructive = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <ModalOverlay
      className="ui-dialog__overlay"
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <Modal className="ui-dialog">
        <Dialog role="alertdialog" className="ui-dialog__body">
          <Heading slot="title" className="ui-dialog__title">
            {title}
          </Heading>
          <div className="ui-dialog__content">{children}</div>
          <div className="actions">
            <Button className={`ui-button ${destructive ? 'ui-button--danger' : 'ui-button--primary'}`} onPress={onConfirm}>
              {confirmLabel}
            </Button>
            <Button className="ui-button" onPress={onCancel} autoFocus>
              {cancelLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
