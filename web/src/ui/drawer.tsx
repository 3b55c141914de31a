import { X } from 'lucide-react';
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the drawer. */
  trigger: ReactNode;
  title: string;
  children: ReactNode;
}

/** A Radix Dialog that slides in from the left: the phone's way to reach the sidebar. */
export function Drawer({ open, onOpenChange, trigger, title, children }: DrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70 animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-line bg-surface shadow-2xl animate-slide-in-left"
        >
          <Dialog.Title className="sr-only">{title}</Dialog.Title>
          <Dialog.Close
            aria-label="Close menu"
            className="absolute top-2 right-2 grid size-11 place-items-center rounded-full text-ink-muted hover:bg-overlay hover:text-ink"
          >
            <X aria-hidden className="size-5" />
          </Dialog.Close>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
