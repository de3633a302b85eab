import { Bed, MapPin } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { useT } from '../../../lib/i18n'
import type { NearbyHomes as Nearby, PropertyDetail } from '../api/properties'

/**
 * Other public homes near this one (up to four, nearest first, with their
 * distance), and the whole browse search around it. Rendered on the server
 * with the page: the route's loader asks for them beside the home.
 */
export function NearbyHomes({ home, nearby, around }: { home: PropertyDetail; nearby: Nearby | undefined; around: string }) {
  const t = useT('properties')
  // Where the visitor came from stays the place "Back to Browse" returns to, from the next home too.
  const from: unknown = useLocation().state?.from
  if (!nearby) return null
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('nearby.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {nearby.items.length === 0 ? (
          <p className="text-sm text-slate-600">
            {nearby.radius_miles !== null ? t('nearby.none', { radius: nearby.radius_miles }) : t('nearby.noneInCity', { city: home.city, state: home.state })}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={t('nearby.title')}>
            {nearby.items.map((h) => (
              <li key={h.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-2">
                <div className="min-w-0">
                  <Link to={`/property/${encodeURIComponent(h.id)}`} state={{ from }} className="font-medium wrap-anywhere text-brand-700 hover:underline">
                    {h.name}
                  </Link>
                  <p className="flex items-center gap-1 text-sm text-slate-600">
                    <MapPin className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                    {h.city}, {h.state}
                    {h.distance_miles !== null && <> · {t('nearby.away', { miles: h.distance_miles.toFixed(1) })}</>}
                  </p>
                </div>
                <p className="flex items-center gap-1 text-sm text-slate-700">
                  <Bed className="h-3.5 w-3.5" aria-hidden="true" />
                  {t('nearby.beds', { count: h.available_beds })}
                  {h.monthly_fee && <span className="text-slate-600"> · {t('nearby.fee', { fee: h.monthly_fee })}</span>}
                </p>
              </li>
            ))}
          </ul>
        )}
        <Link to={around} className="inline-block text-sm font-medium text-brand-700 hover:underline">
          {t('nearby.seeAll')}
        </Link>
      </CardContent>
    </Card>
  )
}
