/**
 * A browser (happy-dom) for the client's component tests, and for them only:
 * the server's and the CLI's tests must never see a `window`, a `document` or
 * happy-dom's `fetch`.
 *
 * A component test file imports this module FIRST (before React, react-dom,
 * Radix or Testing Library, some of which look for a DOM when they load) and
 * calls `setUpDom()` at its top: the globals are registered while the file
 * loads and runs, and removed after its last test. `npm test` runs the
 * client's tests in a process of their own with `bun test --isolate client`
 * (a fresh global object and module registry per file, scripts/test.ts),
 * because a client test without a DOM that imports UI code would otherwise
 * leave those libraries loaded in their no-DOM state for every later file;
 * `setUpDom()` checks for that and says so. Testing Library's `pure` entry is
 * used, so its clean-up runs here, after each test.
 */
import { GlobalRegistrator } from '@happy-dom/global-registrator'
import { afterAll, afterEach, beforeAll } from 'bun:test'

const register = () => {
  if (!GlobalRegistrator.isRegistered) {
    GlobalRegistrator.register({ url: 'http://localhost/' })
    addMissingProperties()
  }
  // React's act() warnings are on in a test environment (Testing Library sets this in Jest).
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
}

// While the first component file loads, before its other imports.
register()

/**
 * Standard properties happy-dom lacks and the app's libraries read.
 * `select.size` (the `size` attribute, 0 when absent): without it react-hook-form
 * takes every <select> for one the user already changed, and replaces its
 * default value with the first option's on the form's first render.
 */
function addMissingProperties() {
  if (!('size' in HTMLSelectElement.prototype)) {
    Object.defineProperty(HTMLSelectElement.prototype, 'size', {
      configurable: true,
      get(this: HTMLSelectElement) {
        const size = Number.parseInt(this.getAttribute('size') ?? '', 10)
        return Number.isNaN(size) || size < 0 ? 0 : size
      },
      set(this: HTMLSelectElement, size: number) {
        this.setAttribute('size', String(size))
      },
    })
  }
}

/**
 * Lets React finish what it scheduled (it flushes a commit's effects in a
 * scheduler task that reads `window.event`): run after the DOM is gone, that
 * task would throw between tests. The scheduler queues with setImmediate, first in first out.
 */
const settle = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve))
}

/**
 * Some libraries look for a DOM once, when they load: Radix's layout-effect
 * hook becomes a no-op without one (its dialogs never open), react-dom takes
 * server paths. Loaded by a test file that ran earlier in this module registry
 * without a DOM (a client test that imports UI code), they stay so for every
 * later file: say it, rather than fail in odd ways. Radix's hook is the canary.
 */
async function checkLoadedWithDom() {
  // import(), not require(): require() would load the package's CommonJS build, a copy of its own.
  const [radix, react] = await Promise.all([import('@radix-ui/react-use-layout-effect'), import('react')])
  if (radix.useLayoutEffect !== react.useLayoutEffect) {
    throw new Error(
      'Component tests need a DOM before React DOM and Radix load, but an earlier test file of this process loaded them without one. ' +
        'Run the client tests with a fresh module registry per file: bun test --isolate client (as npm test does).',
    )
  }
}

/** Registers the DOM for this test file and removes it after the file's last test. */
export function setUpDom() {
  register()
  beforeAll(checkLoadedWithDom)
  afterEach(async () => {
    const [{ cleanup }, { toast }] = await Promise.all([import('@testing-library/react/pure'), import('sonner')])
    cleanup()
    // sonner keeps its toasts in a module and hands them to the next <Toaster>: dismissed, the next test starts without them.
    toast.dismiss()
    sessionStorage.clear()
    await settle()
  })
  afterAll(async () => {
    await settle()
    if (GlobalRegistrator.isRegistered) await GlobalRegistrator.unregister()
  })
}
