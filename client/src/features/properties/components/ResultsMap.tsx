import { geoAlbersUsa, geoCircle, geoMercator, geoPath, type GeoProjection } from 'd3-geo'
import type { FeatureCollection, Geometry } from 'geojson'
import { MapPin } from 'lucide-react'
import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { feature, mesh } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
// Packaged with the client build: the map makes no request of its own (CSP: self only).
import usAtlas from 'us-atlas/states-10m.json'
import { US_STATES } from '@server/features/geo/states'
import type { PropertyView, SearchLocation } from '../api/properties'

const WIDTH = 960
const HEIGHT = 600
const MILES_PER_DEGREE = 69.0936
/** The smallest pin hit target on screen, in CSS pixels (WCAG 2.5.8). */
const PIN_TARGET_PX = 28

const topology = usAtlas as unknown as Topology<{ states: GeometryCollection; nation: GeometryCollection }>
const states = feature(topology, topology.objects.states) as unknown as FeatureCollection<Geometry>
const borders = mesh(topology, topology.objects.states, (a, b) => a !== b)
const nation = mesh(topology, topology.objects.nation)

/**
 * The List / Map toggle's map: US state outlines drawn offline
 * from the packaged us-atlas TopoJSON, a pin per result with coordinates, and
 * for a ZIP search its centre and radius circle, framed on that circle.
 * Each pin is a focusable button (Enter or Space opens its card), so keyboard
 * and screen-reader users reach the same homes; the chosen card shows beside.
 */
export default function ResultsMap({
  items,
  location,
  state,
  renderCard,
}: {
  items: PropertyView[]
  location: SearchLocation | null
  /** The search's state (two letters): without a ZIP, the map is framed on it rather than on the whole country. */
  state?: string | null
  renderCard: (p: PropertyView) => React.ReactNode
}) {
  const placed = items.filter((p) => p.latitude != null && p.longitude != null)
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [svgRef, unit] = useSvgUnit()
  const selected = placed.find((p) => p.id === selectedId) ?? null

  const { projection, circle } = useMemo(() => {
    if (!location) {
      const name = state ? US_STATES[state.toUpperCase()] : undefined
      const one = name ? states.features.find((f) => (f.properties as { name?: string } | null)?.name === name) : undefined
      // A state search (/browse?state=TX) shows that state, its pins at a readable size; otherwise the country.
      const projection = one ? geoAlbersUsa().fitExtent([[40, 40], [WIDTH - 40, HEIGHT - 40]], one) : geoAlbersUsa().fitSize([WIDTH, HEIGHT], states)
      return { projection: projection as GeoProjection, circle: null }
    }
    const circle = geoCircle().center([location.longitude, location.latitude]).radius(location.radius / MILES_PER_DEGREE)()
    const projection = geoMercator().fitExtent([[40, 40], [WIDTH - 40, HEIGHT - 40]], circle)
    return { projection, circle }
  }, [location, state])
  const path = geoPath(projection)
  const centre = location ? projection([location.longitude, location.latitude]) : null

  // Homes are geocoded to their ZIP's centre, so several can share a point: spread
  // those on a small ring so that each pin stays visible and clickable.
  const positions = useMemo(() => {
    const groups = new Map<string, PropertyView[]>()
    const at = new Map<string, [number, number]>()
    for (const p of placed) {
      const xy = projection([p.longitude!, p.latitude!])
      if (!xy) continue
      at.set(p.id, xy)
      const key = `${Math.round(xy[0])}:${Math.round(xy[1])}`
      groups.set(key, [...(groups.get(key) ?? []), p])
    }
    const out = new Map<string, [number, number]>()
    for (const group of groups.values()) {
      group.forEach((p, i) => {
        const [x, y] = at.get(p.id)!
        if (group.length === 1) {
          out.set(p.id, [x, y])
          return
        }
        const angle = (2 * Math.PI * i) / group.length
        const gap = PIN_TARGET_PX * unit // one hit target apart, at the map's drawn size
        const ring = Math.max(12, (group.length * gap) / (2 * Math.PI))
        out.set(p.id, [x + ring * Math.cos(angle), y + ring * Math.sin(angle)])
      })
    }
    return out
  }, [placed, projection, unit])

  const onKey = (id: string) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      setSelectedId(id)
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <figure className="overflow-hidden rounded-lg border border-slate-200 bg-sky-50">
        {/* biome-ignore lint/a11y/useSemanticElements: an <svg> cannot be a <fieldset>; role=group names the set of pins. */}
        <svg ref={svgRef} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="group" aria-label={`Map of ${placed.length} ${placed.length === 1 ? 'home' : 'homes'}`}>
          {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: false positive, an SVG <g> without tabindex is not focusable; the outlines are decoration. */}
          <g aria-hidden="true">
            <path d={path(states) ?? ''} fill="#f8fafc" />
            <path d={path(borders) ?? ''} fill="none" stroke="#94a3b8" strokeWidth={1} />
            <path d={path(nation) ?? ''} fill="none" stroke="#475569" strokeWidth={1.5} />
            {circle && <path d={path(circle) ?? ''} fill="#0f766e" fillOpacity={0.08} stroke="#0f766e" strokeDasharray="6 4" strokeWidth={2} data-testid="radius-circle" />}
            {centre && (
              <g transform={`translate(${centre[0]},${centre[1]})`} data-testid="search-centre">
                <circle r={6} fill="#0f766e" stroke="#fff" strokeWidth={2} />
              </g>
            )}
          </g>
          {placed.map((p) => {
            const at = positions.get(p.id)
            if (!at) return null
            const active = p.id === selectedId
            return (
              // biome-ignore lint/a11y/useSemanticElements: SVG has no <button>; the pin is a <g> with the button role, tabindex and Enter/Space handling.
              <g
                key={p.id}
                transform={`translate(${at[0]},${at[1]})`}
                role="button"
                tabIndex={0}
                aria-label={`${p.name}, ${p.city}, ${p.state}${p.distance_miles != null ? `, ${p.distance_miles.toFixed(1)} miles` : ''}`}
                aria-pressed={active}
                className="cursor-pointer outline-none [&:focus-visible>circle]:stroke-amber-500 [&:focus-visible>circle]:stroke-[4px]"
                onClick={() => setSelectedId(p.id)}
                onKeyDown={onKey(p.id)}
                data-testid="map-pin"
              >
                {/* The tap target: at least PIN_TARGET_PX across on screen, however small the map is drawn (a phone draws it at a third of its size). */}
                <circle r={(PIN_TARGET_PX / 2) * unit} fill="transparent" data-testid="pin-target" />
                <circle r={Math.max(active ? 11 : 8, (active ? 7 : 5) * unit)} fill={active ? '#b45309' : '#0f766e'} stroke="#fff" strokeWidth={2 * Math.max(1, unit / 2)} />
              </g>
            )
          })}
        </svg>
        <figcaption className="border-t border-slate-200 bg-white px-4 py-2 text-sm text-slate-700">
          {location ? `Within ${location.radius} miles of ${location.zip}. ` : ''}
          {placed.length} of {items.length} {items.length === 1 ? 'home has' : 'homes have'} a map position; choose a pin to see the home.
        </figcaption>
      </figure>
      <div aria-live="polite">
        {selected ? (
          renderCard(selected)
        ) : (
          <p className="flex items-center gap-2 rounded-lg border border-dashed border-slate-300 p-6 text-sm text-slate-600">
            <MapPin className="h-4 w-4" aria-hidden="true" /> Choose a pin on the map to see the home here.
          </p>
        )}
      </div>
    </div>
  )
}

/**
 * Map units per CSS pixel at the size the map is drawn (1 at 960 px wide,
 * about 2.8 on a 375 px phone), kept current as the window resizes, so pins
 * and their gaps are sized in screen pixels.
 */
function useSvgUnit() {
  const ref = useRef<SVGSVGElement>(null)
  const [unit, setUnit] = useState(1)
  // Measured before the browser paints, so pins are never shown at the wrong size (a server-rendered map draws them at 1 until hydrated).
  useLayoutEffect(() => {
    const svg = ref.current
    if (!svg) return
    const measure = () => {
      const width = svg.getBoundingClientRect().width
      if (width > 0) setUnit(Math.max(1, WIDTH / width))
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(svg)
    return () => observer.disconnect()
  }, [])
  return [ref, unit] as const
}
