import type { ReactNode } from 'react';
import { Section } from '../../ui/section';
import { QuietLine, SectionLoadError } from './quiet-line';

interface ShelfSectionProps {
  title: string;
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  onRetry: () => void;
  skeleton: ReactNode;
  /** Said when the shelf is empty; without it an empty shelf is left out of the page. */
  emptyMessage?: string | undefined;
  children: ReactNode;
}

/** A titled home shelf in whichever state its query is: loading, failed, empty or filled. */
export function ShelfSection({ title, isPending, isError, isEmpty, onRetry, skeleton, emptyMessage, children }: ShelfSectionProps) {
  if (isPending) return <Section title={title}>{skeleton}</Section>;
  if (isError) {
    return (
      <Section title={title}>
        <SectionLoadError what={title.toLowerCase()} onRetry={onRetry} />
      </Section>
    );
  }
  if (isEmpty) {
    if (!emptyMessage) return null;
    return (
      <Section title={title}>
        <QuietLine>{emptyMessage}</QuietLine>
      </Section>
    );
  }
  return <Section title={title}>{children}</Section>;
}
