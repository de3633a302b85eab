import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { errorMessage } from '../../../lib/api'
import { useT } from '../../../lib/i18n'
import { toast } from '../../../lib/toast'
import { SHORTLIST_MAX, useShortlist } from '../api/shortlist'

/** Save this home to the shortlist (or take it off), and the way to the compare page. */
export function ShortlistButton({ propertyId }: { propertyId: string }) {
  const t = useT('properties')
  const shortlist = useShortlist()
  const saved = shortlist.ids.includes(propertyId)
  const toggle = async () => {
    if (shortlist.busy) return
    try {
      const result = await shortlist.toggle(propertyId)
      if (result === 'full') toast.error(t('shortlist.full', { max: SHORTLIST_MAX }))
      else toast.success(result === 'added' ? t('shortlist.added') : t('shortlist.removed'))
    } catch (error) {
      toast.error(errorMessage(error, t('shortlist.failed')))
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant={saved ? 'secondary' : 'outline'} size="sm" aria-disabled={shortlist.busy || undefined} onClick={toggle}>
        {saved ? t('shortlist.onList') : t('shortlist.save')}
      </Button>
      {shortlist.ids.length > 0 && (
        <Link to="/compare" className="text-sm font-medium text-brand-700 hover:underline">
          {t('shortlist.compare', { count: shortlist.ids.length })}
        </Link>
      )}
    </div>
  )
}
