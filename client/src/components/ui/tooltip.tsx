import * as RadixTooltip from '@radix-ui/react-tooltip'
import { useState, type ReactNode } from 'react'
import { cn } from '../../lib/cn'

/**
 * An explanation shown on hover and on keyboard focus (Radix Tooltip: the
 * trigger is described by the text while it shows, Escape closes it). Radix
 * opens tooltips on hover and focus only; a tap opens it here too, so touch
 * users can read it. The trigger must be focusable (a button).
 */
export function Tooltip({ content, children, className }: { content: ReactNode; children: ReactNode; className?: string }) {
  const [open, setOpen] = useState(false)
  return (
    <RadixTooltip.Provider delayDuration={200}>
      <RadixTooltip.Root open={open} onOpenChange={setOpen}>
        <RadixTooltip.Trigger asChild onClick={() => setOpen(true)}>
          {children}
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            sideOffset={6}
            collisionPadding={8}
            className={cn('z-50 max-w-xs rounded-md bg-slate-900 px-3 py-2 text-xs leading-snug text-white shadow-lg', className)}
          >
            {content}
            <RadixTooltip.Arrow className="fill-slate-900" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  )
}
