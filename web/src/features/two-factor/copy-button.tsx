import { Check, Copy } from 'lucide-react';
import { Button } from '../../ui/button';
import { toast } from '../../ui/use-toast';

/** How long the copied indicator shows (spec section 8). */
export const COPIED_INDICATOR_MS = 2000;

interface CopyButtonProps {
  text: string;
  /** What is copied, for screen readers ("Copy setup key"). */
  label: string;
  copied: boolean;
  onCopied: () => void;
}

/** Copies to the clipboard; the dialog owns the copied flag so closing it resets the indicator. */
export function CopyButton({ text, label, copied, onCopied }: CopyButtonProps) {
  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      toast({ title: 'Copy Failed', description: 'Select the text and copy it by hand.', variant: 'destructive' });
      return;
    }
    onCopied();
    toast({ title: 'Copied!', description: 'Code copied to clipboard' });
  }

  return (
    <Button variant="secondary" size="sm" onClick={handleCopy} aria-label={label}>
      {copied ? <Check aria-hidden className="text-jade-400" /> : <Copy aria-hidden />}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
