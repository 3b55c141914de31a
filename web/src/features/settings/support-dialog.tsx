import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_REPLY_WINDOW } from '@kora/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../api/error-message';
import { apiRequest } from '../../api/query-client';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { TextareaField } from '../../ui/textarea-field';
import { toast } from '../../ui/use-toast';
import { canSendSupportRequest } from './support-request';

interface SupportDialogProps {
  accountEmail: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The support prompt: it goes ahead only with text (spec section 5) and is kept with the account for the team. */
export function SupportDialog({ accountEmail, open, onOpenChange }: SupportDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Contact Support"
      description={`Tell us what went wrong. We reply within ${SUPPORT_REPLY_WINDOW}.`}
    >
      <SupportForm accountEmail={accountEmail} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

function SupportForm({ accountEmail, onDone }: { accountEmail: string; onDone: () => void }) {
  const id = useId();
  const [message, setMessage] = useState('');
  const canSend = canSendSupportRequest(message);
  const send = useMutation({
    mutationFn: () => apiRequest('POST', '/api/support/requests', { message }),
    onSuccess: () => {
      toast({ title: 'Message Sent', description: `We will reply to ${accountEmail} within ${SUPPORT_REPLY_WINDOW}.` });
      onDone();
    },
    onError: (error) => toast({ title: 'Message Not Sent', description: getErrorMessage(error), variant: 'destructive' }),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (canSend) send.mutate();
  }

  return (
    <form onSubmit={handleSubmit} className="grid gap-4">
      <TextareaField
        id={id}
        label="How can we help?"
        rows={5}
        maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />
      <p className="text-xs text-ink-subtle">We answer by e-mail at {accountEmail}.</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSend || send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
