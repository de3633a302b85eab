import { type ComponentType, lazy, Suspense } from 'react'
import { Spinner } from './ui/spinner'

/**
 * A component whose module loads on its first render, in its own chunk, with
 * a spinner meanwhile. For a feature's index.ts that the entry chunk reaches
 * (ADR 018): Bun keeps every module a barrel re-exports in the importer's
 * chunk, so an index the app shell imports exports its big components this way.
 */
export function lazyComponent<P extends object, M>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  const Lazy = lazy(async () => ({ default: pick(await load()) }))
  // biome-ignore lint/correctness/noComponentHookFactories: called once per component at module scope (an index.ts), never during a render, so the component's identity is stable.
  return function LazyComponent(props: P) {
    return (
      <Suspense fallback={<Spinner label="Loading" />}>
        <Lazy {...props} />
      </Suspense>
    )
  }
}
