import { Modal } from '../../ui/dialog';
import { DIALOG_LISTENERS } from './radio-demo';
import { RadioPanel } from './radio-panel';
import { useRadioDemo } from './use-radio-demo';

interface ExtraRadioDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The sidebar's Extra Radio dialog: the same demo as the Radio page, with its own smaller audience. */
export function ExtraRadioDialog({ open, onOpenChange }: ExtraRadioDialogProps) {
  // Held here, outside the dialog's content, so closing the dialog does not end the broadcast.
  const radio = useRadioDemo(DIALOG_LISTENERS);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Extra Radio" description="Your live radio, from anywhere in Kora.">
      <RadioPanel radio={radio} compact />
    </Modal>
  );
}
