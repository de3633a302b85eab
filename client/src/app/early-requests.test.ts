import { afterEach, expect, test } from 'bun:test'
import { meQuery } from '../features/auth'
import { browseFiltersOf, propertyQuery, propertySearchQuery } from '../features/properties'
import { configQuery } from '../lib/config'
import { earlyRequests } from './early-requests'

/** The URL a query's queryFn fetches (the preload is used only when it is the same, byte for byte). */
const realFetch = globalThis.fetch
afterEach(() => {
  globalThis.fetch = realFetch
})
async function urlOf(run: () => unknown) {
  let asked = ''
  globalThis.fetch = (async (url: string) => {
    asked = url
    return new Response('{}', { headers: { 'Content-Type': 'application/json' } })
  }) as unknown as typeof fetch
  await run()
  return asked
}
const fetched = (pathname: string, search = '') => earlyRequests(pathname, search).filter((r) => r.as === 'fetch').map((r) => r.href)
// The queryFns read nothing of their context but the page number.
const context = (pageParam?: number) => ({ pageParam }) as never

for (const search of ['?zip=10001&radius=25', '?state=TX&city=Austin', '?zip=1234&radius=7&care_level=nonsense&confirmed_recently=1', '']) {
  test(`/browse${search}: the HTML asks for the search the page's query asks for`, async () => {
    const options = propertySearchQuery(browseFiltersOf(new URLSearchParams(search)))
    const url = await urlOf(() => options.queryFn!(context(1)))
    expect(url).toStartWith('/api/properties')
    expect(fetched('/browse', search)).toContain(url)
  })
}

test("/property/:id: the HTML asks for the home the page's query asks for", async () => {
  for (const [raw, id] of [['abc-123', 'abc-123'], ['a%20b', 'a b']] as const) {
    const url = await urlOf(() => propertyQuery(id).queryFn!(context()))
    expect(fetched(`/property/${raw}`)).toContain(url)
  }
})

test('every page asks for the visitor and the configuration as their queries do; other pages ask for no API answer of their own', async () => {
  const me = await urlOf(() => meQuery.queryFn!(context()))
  const config = await urlOf(() => configQuery.queryFn!(context()))
  for (const page of ['/', '/submit-referral', '/browse', '/property/x']) expect(fetched(page)).toEqual(expect.arrayContaining([me, config]))
  expect(fetched('/submit-referral')).toEqual([me, config])
  expect(earlyRequests('/', '').filter((r) => r.as === 'image').map((r) => r.href)).toEqual(['/images/hero-1.webp'])
})
