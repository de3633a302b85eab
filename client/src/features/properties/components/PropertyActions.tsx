import { useState, type ReactNode } from 'react'
import { useAuth } from '../../auth'
import { InviteDialog } from '../../invitations'
import { ScheduleTourDialog } from '../../tours'
import type { PropertyView } from '../api/properties'

type Dialogs = {
  scheduleTour: (p: PropertyView) => void
  /** Undefined when the viewer may not invite this property's operator. */
  inviteFor: (p: PropertyView) => (() => void) | undefined
}

/**
 * Owns the tour and invite dialogs for a list of property cards, so a page
 * renders one of each instead of one per card.
 */
export function PropertyActions({ children }: { children: (dialogs: Dialogs) => ReactNode }) {
  const { user } = useAuth()
  const [tourFor, setTourFor] = useState<PropertyView | null>(null)
  const [inviteOperator, setInviteOperator] = useState<PropertyView['operator'] | null>(null)
  return (
    <>
      {children({
        scheduleTour: setTourFor,
        inviteFor: (p) => (user && p.operator.premium ? () => setInviteOperator(p.operator) : undefined),
      })}
      {tourFor && (
        <ScheduleTourDialog key={tourFor.id} property={tourFor} open onOpenChange={(open) => !open && setTourFor(null)} />
      )}
      {inviteOperator && (
        <InviteDialog
          key={inviteOperator.id}
          operator={{ id: inviteOperator.id, name: inviteOperator.name }}
          open
          onOpenChange={(open) => !open && setInviteOperator(null)}
        />
      )}
    </>
  )
}
