import { lazy, Suspense, type ComponentProps } from 'react'

const BarChartFigure = lazy(() => import('./BarChartFigure'))

/** BarChartFigure in its own chunk: recharts loads only on pages that draw a chart. */
export function LazyBarChart(props: ComponentProps<typeof BarChartFigure>) {
  return (
    <Suspense fallback={<div style={{ height: props.height ?? 240 }} role="status" className="text-sm text-slate-600">Loading chart...</div>}>
      <BarChartFigure {...props} />
    </Suspense>
  )
}
