import type { ReactNode } from 'react'
import { usePageTitle } from '../../lib/use-page-title'
import { cn } from '../../lib/cn'

/** A page's frame: sets the document title and renders the heading. */
export function Page({
  title,
  heading,
  subtitle,
  actions,
  className,
  children,
}: {
  title: string
  heading?: ReactNode
  subtitle?: ReactNode
  actions?: ReactNode
  className?: string
  children?: ReactNode
}) {
  usePageTitle(title)
  return (
    <div className={cn('mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8', className)}>
      {heading !== null && (
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{heading ?? title}</h1>
            {subtitle && <p className="mt-1 text-slate-600">{subtitle}</p>}
          </div>
          {actions}
        </div>
      )}
      {children}
    </div>
  )
}
