import { X } from 'lucide-react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from './button';
import { cn } from './cn';
import { useEscapeInFocusedDialog } from './use-escape-in-focused-dialog';
import { useReturnFocus } from './use-return-focus';

const overlayClasses = 'fixed inset-0 z-40 bg-black/70 animate-fade-in';
// A sheet from the bottom on a phone (thumb reach), a centred card from the small breakpoint up.
const contentClasses =
  'fixed inset-x-0 bottom-0 z-50 grid max-h-[92dvh] gap-5 overflow-y-auto rounded-t-card border border-line bg-surface p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-2xl shadow-black/60 animate-fade-in sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[min(32rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-card sm:p-6';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** The button that opens it, when the dialog owns one. */
  trigger?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A Radix Dialog with Kora's look: title, optional description, a close button and the content. */
export function Modal({ open, onOpenChange, title, description, trigger, children, className }: ModalProps) {
  const returnFocus = useReturnFocus(open, trigger === undefined);
  const escape = useEscapeInFocusedDialog<HTMLDivElement>();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content
          {...escape}
          className={cn(contentClasses, className)}
          onCloseAutoFocus={returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="grid gap-1 pr-10">
            <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
            {description && <Dialog.Description className="text-sm text-ink-subtle">{description}</Dialog.Description>}
          </div>
          <Dialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 grid size-11 place-items-center rounded-full text-ink-muted hover:bg-overlay hover:text-ink sm:size-10"
          >
            <X aria-hidden className="size-5" />
          </Dialog.Close>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** The confirm button's label while the action runs. */
  pendingLabel?: string;
  isPending?: boolean;
  onConfirm: () => void;
}

/**
 * A question before something that cannot be undone (Radix AlertDialog: focus starts on
 * Cancel, Escape cancels). The dialog stays open while the action runs; the caller closes it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  isPending = false,
  onConfirm,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus(open, true);
  const escape = useEscapeInFocusedDialog<HTMLDivElement>();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content {...escape} className={contentClasses} onCloseAutoFocus={returnFocus}>
          <div className="grid gap-2">
            <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-ink-muted">{description}</AlertDialog.Description>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            <Button variant="danger" disabled={isPending} onClick={onConfirm}>
              {isPending && pendingLabel ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
