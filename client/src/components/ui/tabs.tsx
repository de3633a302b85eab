import * as RadixTabs from '@radix-ui/react-tabs'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

/** Accessible tabs (Radix): arrow keys move between tabs. */
export const Tabs = RadixTabs.Root

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      // The tabs wrap onto a second line on a narrow screen: a strip that scrolls sideways hides the last ones ("Documen…") with no cue.
      className={cn('flex max-w-full flex-wrap gap-1 rounded-lg bg-slate-100 p-1', className)}
      {...props}
    />
  )
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        'whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  )
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  // The panel is a tab stop (Radix): it shows the same focus ring as every other control.
  return (
    <RadixTabs.Content
      className={cn('mt-4 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600', className)}
      {...props}
    />
  )
}
