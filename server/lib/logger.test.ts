import { expect, spyOn, test } from 'bun:test'
import { log } from './logger'

test('database error parameters never reach the log', () => {
  const spy = spyOn(console, 'error').mockImplementation(() => {})
  spy.mockClear() // a spy left by an earlier file comes back with its calls
  log.error('unhandled error', { error: 'Failed query: insert into referrals values (?)\nparams: Jane,Doe,diabetes\n    at run (x.ts:1)' })
  const line = String(spy.mock.calls[0]?.[0])
  spy.mockRestore()
  expect(line).not.toContain('diabetes')
  expect(line).toContain('params: [redacted]')
  expect(line).toContain('at run')
})
