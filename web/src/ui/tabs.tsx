import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('grid grid-cols-2 gap-1 rounded-control bg-canvas p-1 ring-1 ring-line', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'h-11 rounded-[calc(var(--radius-control)-4px)] text-sm font-semibold text-ink-muted transition-colors hover:text-ink md:h-10',
        'data-[state=active]:bg-overlay data-[state=active]:text-ink data-[state=active]:shadow-sm data-[state=active]:shadow-black/40',
        className,
      )}
      {...props}
    />
  );
}

export const TabsContent = TabsPrimitive.Content;
