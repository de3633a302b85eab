import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

/**
 * Prints the ten slowest tests when the run ends (each test's last attempt),
 * so where the browser suite's wall time goes is in every run's output.
 */
export default class SlowestTests implements Reporter {
  private readonly took = new Map<TestCase, number>()

  onTestEnd(test: TestCase, result: TestResult) {
    this.took.set(test, result.duration)
  }

  onEnd(_result: FullResult) {
    const slowest = [...this.took].sort((a, b) => b[1] - a[1]).slice(0, 10)
    if (slowest.length === 0) return
    console.log('\nSlowest browser tests:')
    for (const [test, ms] of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${test.location.file.split('/e2e/')[1]}:${test.location.line} › ${test.titlePath().slice(3).join(' › ')}`)
  }
}
