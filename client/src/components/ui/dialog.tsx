import * as RadixDialog from '@radix-ui/react-dialog'
import * as RadixAlert from '@radix-ui/react-alert-dialog'
import { X } from 'lucide-react'
import { useLayoutEffect, useRef, type ReactNode } from 'react'
import { cn } from '../../lib/cn'
import { Button, type ButtonVariant } from './button'

/**
 * Radix gives focus back to its own Trigger on close; our dialogs are opened
 * by state from any button, so remember what had focus when the dialog opened
 * and return there (WCAG 2.4.3). Runs before Radix moves focus into the dialog.
 */
function useReturnFocus(open: boolean, fallback?: () => HTMLElement | null) {
  const returnTo = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      returnTo.current = document.activeElement
    }
  }, [open])
  return (event: Event) => {
    // The opener may be gone (its row left the list): then the place the dialog names instead.
    const target = returnTo.current?.isConnected ? returnTo.current : (fallback?.() ?? null)
    returnTo.current = null
    if (target?.isConnected) {
      event.preventDefault()
      target.focus()
    }
  }
}

/** Accessible modal (Radix): traps focus, closes on Escape, restores focus. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  returnFocusTo,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: ReactNode
  children: ReactNode
  className?: string
  /** Where focus goes on close when the element that opened the dialog is no longer on the page. */
  returnFocusTo?: () => HTMLElement | null
}) {
  const onCloseAutoFocus = useReturnFocus(open, returnFocusTo)
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl',
            className,
          )}
          aria-describedby={description ? undefined : undefined}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <RadixDialog.Title className="pr-8 text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          <div className="mt-4">{children}</div>
          <RadixDialog.Close asChild>
            <button
              type="button"
              aria-label="Close"
              className="absolute right-4 top-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </button>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

/** Confirmation dialog for destructive or irreversible actions. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Confirm',
  variant = 'primary',
  onConfirm,
  busy,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  confirmLabel?: string
  variant?: ButtonVariant
  onConfirm: () => void
  busy?: boolean
  children?: ReactNode
}) {
  const onCloseAutoFocus = useReturnFocus(open)
  return (
    <RadixAlert.Root open={open} onOpenChange={onOpenChange}>
      <RadixAlert.Portal>
        <RadixAlert.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixAlert.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <RadixAlert.Title className="text-lg font-semibold text-slate-900">{title}</RadixAlert.Title>
          <RadixAlert.Description className="mt-2 text-sm text-slate-600">{description}</RadixAlert.Description>
          {children}
          <div className="mt-6 flex justify-end gap-2">
            <RadixAlert.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </RadixAlert.Cancel>
            <Button variant={variant} disabled={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </RadixAlert.Content>
      </RadixAlert.Portal>
    </RadixAlert.Root>
  )
}
