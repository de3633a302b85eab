import { MapPinOff } from 'lucide-react'

/** The words for a home without coordinates, the same on the browse page and the operator's dashboard. */
export const NO_MAP_POSITION = 'No map position'

/**
 * Said to the operator of a home without coordinates: what a family
 * sees because of it, and how to fix it. Coordinates come from the ZIP code
 * (offline ZIP data), so a ZIP that geocodes is the fix.
 */
export function NoMapPositionNotice({ zip }: { zip: string }) {
  return (
    <div role="note" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <MapPinOff className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
      <p>
        <strong>{NO_MAP_POSITION}.</strong> ZIP code {zip} could not be placed on the map, so families searching near a ZIP code see this home
        last, under “Distance unknown”, and it is missing from the map. To fix it, choose Edit and enter the home's 5-digit ZIP code as the
        post office writes it (for example 78704): the home is placed on the map when you save.
      </p>
    </div>
  )
}
