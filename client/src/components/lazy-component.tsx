import { type ComponentType, lazy, type ReactNode, Suspense } from 'react'
import { Spinner } from './ui/spinner'

/**
 * A component whose module loads on its first render, in its own chunk, with
 * a spinner meanwhile. For a feature's index.ts that the entry chunk reaches
 * (ADR 018): Bun keeps every module a barrel re-exports in the importer's
 * chunk, so an index the app shell imports exports its big components this way.
 */
export function lazyComponent<P extends object, M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  /** What shows meanwhile; null for a dialog, which opens once its module is there. */
  { fallback = <Spinner label="Loading" /> as ReactNode } = {},
) {
  const Lazy = lazy(async () => ({ default: pick(await load()) }))
  // biome-ignore lint/correctness/noComponentHookFactories: called once per component at module scope (an index.ts), never during a render, so the component's identity is stable.
  return function LazyComponent(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    )
  }
}
