import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

export type BarDatum = { label: string; value: number }

/**
 * Hover details. Our own content: recharts' default one is a live region
 * (role="status"), and the drawing is hidden from assistive technology
 * anyway (the table below carries the figures).
 */
function ChartTooltip({ active, payload, label, valueLabel }: { active?: boolean; payload?: ReadonlyArray<{ value?: unknown }>; label?: unknown; valueLabel: string }) {
  if (!active || !payload?.length) return null
  return (
    <div className="rounded border border-slate-200 bg-white px-2 py-1 text-xs text-slate-900 shadow">
      {String(label)}: {String(payload[0]?.value)} {valueLabel.toLowerCase()}
    </div>
  )
}

/**
 * A bar chart with axes and a value on each bar (recharts), and the same
 * figures as a table for screen readers: the drawing itself is hidden from
 * assistive technology, the table carries the data. Loaded lazily (see
 * LazyBarChart) so recharts stays out of the main bundle.
 */
export default function BarChartFigure({
  data,
  caption,
  valueLabel,
  height = 240,
  color = '#0f766e',
  showValues = true,
  layout = 'horizontal',
}: {
  data: BarDatum[]
  caption: string
  valueLabel: string
  height?: number
  color?: string
  showValues?: boolean
  /** 'vertical' draws horizontal bars (long category names). */
  layout?: 'horizontal' | 'vertical'
}) {
  const vertical = layout === 'vertical'
  return (
    <figure>
      <div aria-hidden="true" style={{ height }} data-testid="bar-chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data} layout={layout} margin={{ top: 20, right: 24, bottom: 8, left: vertical ? 24 : 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            {vertical ? (
              <>
                <XAxis type="number" allowDecimals={false} tick={{ fill: '#334155', fontSize: 12 }} />
                <YAxis type="category" dataKey="label" width={140} tick={{ fill: '#334155', fontSize: 12 }} />
              </>
            ) : (
              <>
                <XAxis dataKey="label" tick={{ fill: '#334155', fontSize: 12 }} interval="preserveStartEnd" />
                <YAxis allowDecimals={false} tick={{ fill: '#334155', fontSize: 12 }} width={40} />
              </>
            )}
            <Tooltip content={<ChartTooltip valueLabel={valueLabel} />} />
            <Bar dataKey="value" name={valueLabel} fill={color} isAnimationActive={false} radius={vertical ? [0, 3, 3, 0] : [3, 3, 0, 0]}>
              {showValues && <LabelList dataKey="value" position={vertical ? 'right' : 'top'} fill="#0f172a" fontSize={12} />}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-1 text-xs text-slate-600">{caption}</figcaption>
      {/* sr-only on a wrapper: a table sizes itself to its content and would widen the page. */}
      <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.label}>
              <th scope="row">{d.label}</th>
              <td>{d.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  )
}
