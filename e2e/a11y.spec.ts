import AxeBuilder from '@axe-core/playwright'
import type { Cookie, Locator, Page, Request, TestInfo } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import { CLIENT_ROUTES } from '../server/lib/client-routes'
import { accountMaker, test as base, expect, signUpByApi, type Admin, type Make, type Operator, type Referrer } from './fixtures'

/**
 * Accessibility and mobile layout over the whole route table
 * (server/lib/client-routes.ts): axe-core with the WCAG 2.1 A/AA rules (no
 * serious or critical violation), no horizontal scrolling at 375 px, a page
 * title of its own, the lang attribute, a main heading and image
 * alternatives, signed out and in each role where the page differs. Then the
 * keyboard: focus rings, the mobile menu, dialogs, form errors.
 * Screenshots at 375 and 1280 px: test-results/<port>/screenshots/.
 *
 * The audits sign in as a cast made once per worker (`cast`, deleted when the
 * worker ends): an admin, a Premium operator with two homes (one with photos),
 * a free operator with a home and a referrer with two referrals, one the
 * Premium operator was invited to and messaged about, one it unlocked. An
 * empty account's pages would hide most of what is audited; the cast fills
 * every page an audit opens. One session per role and worker: the audits only
 * read, so they share it. Nothing here writes to the cast: dialogs are opened
 * and closed, and the offline checkout and the cancel-subscription dialog use
 * a new account.
 */

type Role = 'anonymous' | 'admin' | 'premium' | 'free' | 'referrer'
type Route = (typeof CLIENT_ROUTES)[number]

/** The accounts the audits sign in as, and the records the pages with an id show. */
type Cast = {
  admin: Admin
  premium: Operator
  free: Operator
  referrer: Referrer
  /** The Premium operator's home with photos. */
  propertyId: string
  /** The referral the Premium operator was invited to. */
  referralId: string
}

const photo = (n: number) => ({ name: `home-${n}.webp`, mimeType: 'image/webp', buffer: fs.readFileSync(path.resolve(`server/seed/images/home-${n}.webp`)) })

/** Makes the cast through the API, as the users would: see the top of this file. */
async function makeCast(make: Make): Promise<Cast> {
  const [admin, premium, free, referrer] = await Promise.all([
    make.admin(),
    make.premiumOperator({ first_name: 'Rosa', last_name: 'Alvarez' }, {
      years_of_experience: 15,
      bio: 'Licensed residential care homes since 2009: private and shared rooms, trained staff day and night, medication management and home-cooked meals.',
      specializations: ['dementia_care', 'medically_complex'],
    }),
    make.freeOperator({ first_name: 'Linda', last_name: 'Okafor' }, { years_of_experience: 3, bio: 'A single family-operated home in a quiet Austin neighbourhood.' }),
    make.referrer({ first_name: 'Dana', last_name: 'Whitfield' }),
  ])
  const details = {
    amenities: ['Garden', 'Home-cooked meals', 'Wi-Fi'],
    demographics_served: ['Seniors', 'Adults with disabilities'],
    care_levels: ['supervised', 'assisted'],
    funding_accepted: ['private_pay', 'medicaid_waiver'],
    room_types: ['private', 'shared'],
    nearby_services: ['hospital', 'pharmacy', 'park'],
    house_rules: 'Quiet hours after 9 pm. Visitors welcome every day until 8 pm.',
    languages: ['en', 'es'],
    wheelchair_accessible: true,
    private_rooms: true,
    licensing_type: 'licensed',
  }
  const propertyId = await premium.addHome({ name: `Sunrise Garden House ${premium.username}`, city: 'Austin', state: 'TX', zip: '78704' }, details)
  for (const n of [1, 2]) {
    const res = await premium.page.request.post(`/api/my/properties/${propertyId}/images`, { multipart: { files: photo(n) } })
    expect(res.status(), await res.text()).toBe(201)
  }
  await premium.addHome({ name: `Sunrise Mountain House ${premium.username}`, city: 'Denver', state: 'CO', zip: '80202' })
  await free.addHome({ name: `Maple Street Home ${free.username}`, city: 'Austin', state: 'TX', zip: '78704' }, { total_beds: 4, available_beds: 2, amenities: ['Garden'] })

  // The referrer invites the Premium operator to one referral and writes to it; the operator unlocks the other (offline payment).
  const invited = await referrer.submitReferral({ first: 'Eleanor', last: 'Price' })
  const unlocked = await referrer.submitReferral({ first: 'Walter', last: 'Greene' }, { state: 'TX', city: 'Austin' }, { client_gender: 'male', client_dob: '1946-11-02' })
  const invitation = await referrer.page.request.post('/api/invitations', { data: { referral_id: invited.id, operator_id: premium.id, message: 'Could you take her next month?' } })
  expect(invitation.status(), await invitation.text()).toBeLessThan(300)
  const list = await referrer.page.request.get(`/api/conversations?as=referrer&referral_id=${invited.id}`)
  const conversation = ((await list.json()) as { items: { id: string; operator_id: string }[] }).items.find((c) => c.operator_id === premium.id)
  expect(conversation, 'the invitation opened a conversation').toBeTruthy()
  const sent = await referrer.page.request.post(`/api/conversations/${conversation!.id}/messages`, { data: { message_text: 'Hello! She uses a walker and prefers a ground-floor room.' } })
  expect(sent.status(), await sent.text()).toBe(201)
  const unlock = await premium.page.request.post(`/api/referrals/${unlocked.id}/unlock`)
  expect(unlock.status(), await unlock.text()).toBe(201)
  const paid = await premium.page.request.post(`/api${((await unlock.json()) as { url: string }).url}/complete`)
  expect(paid.status(), await paid.text()).toBe(200)
  return { admin, premium, free, referrer, propertyId, referralId: invited.id }
}

const test = base.extend<object, { cast: Cast }>({
  cast: [
    async ({ browser }, use, workerInfo) => {
      const make = accountMaker(browser, workerInfo.project.use.baseURL!, workerInfo.config)
      try {
        await use(await makeCast(make))
      } finally {
        await make.deleteAll()
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
})

const SIGNED_IN: Exclude<Role, 'anonymous'>[] = ['admin', 'premium', 'free', 'referrer']

/**
 * Who sees each route (the first role listed gets the screenshots).
 * Signed-in-only routes are audited signed in (signed out they redirect to
 * /auth, audited on its own); home and /auth send a signed-in user to their
 * dashboard, audited there. Where roles see the same page but for the
 * header (static pages; the premium and free views of public lists), one
 * signed-in role stands for the others; every signed-in audit covers the header.
 */
const AUDITS: Record<Route, Role[]> = {
  '/': ['anonymous'],
  '/browse': ['anonymous', 'referrer'],
  '/browse-referrals': ['premium', 'free', 'admin'],
  '/browse-operators': ['anonymous', 'referrer'],
  '/submit-referral': ['referrer', 'anonymous'],
  '/for-operators': ['anonymous'],
  '/how-it-works': ['anonymous'],
  '/pricing': ['anonymous', 'free'],
  '/auth': ['anonymous'],
  '/admin': ['admin'],
  '/operator-dashboard': ['premium', 'free', 'admin'],
  '/operator/:username': ['anonymous', 'referrer', 'premium'],
  '/property/:id': ['anonymous', 'referrer'],
  '/my-referrals': ['referrer', 'premium'],
  '/referrer-dashboard': ['referrer'],
  '/subscription-success': ['premium'],
  '/review/:referralId': ['anonymous'],
  '/compare': ['referrer', 'anonymous'],
  '/help': ['anonymous'],
  '/account': ['referrer', 'free', 'admin'],
  '/pay/offline/:kind/:id': ['free'],
  '/billing/manage': ['premium', 'free'],
  '/forgot-password': ['anonymous'],
  '/reset-password': ['anonymous'],
  '/verify-email': ['anonymous'],
  '/confirm-beds': ['anonymous'],
  '/tour-reschedule': ['anonymous'],
  '/unsubscribe': ['anonymous'],
  '/answer-placement': ['anonymous'],
}

/** Other states of a route, and the not-found page. */
const EXTRA: { name: string; role: Role; path: (cast: Cast) => string }[] = [
  { name: '/operator/:username (free plan profile)', role: 'anonymous', path: (cast) => `/operator/${cast.free.username}` },
  { name: 'not found', role: 'anonymous', path: () => '/this-page-does-not-exist' },
  { name: '/browse (map view of a ZIP search)', role: 'anonymous', path: () => '/browse?zip=78704&radius=50&view=map' },
]

/** Dialogs opened by their trigger button (the first on the page). Opening one changes nothing. */
const DIALOGS: { role: Role; path: string; trigger: string; alert?: boolean }[] = [
  { role: 'anonymous', path: '/browse', trigger: 'Schedule Tour' },
  { role: 'referrer', path: '/browse-operators', trigger: 'Invite to Referral' },
  { role: 'referrer', path: '/referrer-dashboard', trigger: 'Cancel Referral', alert: true },
  { role: 'premium', path: '/operator-dashboard', trigger: 'Add Property' },
  { role: 'premium', path: '/billing/manage', trigger: 'Cancel subscription' },
]

/**
 * Pages whose main content is split into tabs (?tab= opens one): every tab panel is audited, at 375 px, each
 * in a test of its own. The first tab is the route's own audit; the tab list is checked against the page's.
 */
const OPERATOR_TABS = { properties: 'Properties', profile: 'Profile', interests: 'Interests', documents: 'Documents', tours: 'Tour Schedules', messages: 'Messages', reviews: 'Reviews' }
const ADMIN_TABS = { overview: 'Overview', referrals: 'Referrals', escrow: 'Escrow', properties: 'Properties', operators: 'Operators', referrers: 'Referrers', subscriptions: 'Subscriptions', 'audit-logs': 'Audit Logs', outbox: 'Outbox', 'ehr-launch': 'EHR Launch', systems: 'Systems' }
const TABBED: { role: Role; path: string; tabs: Record<string, string> }[] = [
  { role: 'premium', path: '/operator-dashboard', tabs: OPERATOR_TABS },
  { role: 'free', path: '/operator-dashboard', tabs: OPERATOR_TABS },
  { role: 'admin', path: '/admin', tabs: ADMIN_TABS },
]

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const screenshotDir = () => path.join(test.info().project.outputDir, 'screenshots')
const reportDir = () => path.join(test.info().project.outputDir, 'a11y')

// ─── helpers ─────────────────────────────────────────────────────────────────

/** The cast's records for the routes with an id. */
async function resolvePath(page: Page, route: Route, cast: Cast): Promise<string> {
  switch (route) {
    case '/operator/:username':
      return `/operator/${cast.premium.username}`
    case '/property/:id':
      return `/property/${cast.propertyId}`
    case '/review/:referralId':
      // The review page is public (the e-mailed link carries a token).
      return `/review/${cast.referralId}`
    case '/pay/offline/:kind/:id':
      return startOfflineCheckout(page)
    default:
      expect(route).not.toContain(':')
      return route
  }
}

/** Starts the offline Premium checkout of the signed-in account; returns its page. */
async function startOfflineCheckout(page: Page) {
  const res = await page.request.post('/api/billing/checkout')
  expect(res.ok(), `POST /api/billing/checkout: ${res.status()} ${await res.text()}`).toBe(true)
  const { url } = (await res.json()) as { url: string }
  expect(url).toMatch(/^\/pay\/offline\/[a-z]+\/[^/]+$/)
  return url
}

/** The session of a cast member (its own context's cookies): the audits only read, so they share it. */
const sessionCookies = (cast: Cast, role: Exclude<Role, 'anonymous'>): Promise<Cookie[]> => cast[role].page.context().cookies()

/** Signs the page's context in. The offline checkout gets a fresh free operator, so the cast keeps its plan. */
async function signInAs(page: Page, role: Role, route: string, cast: Cast) {
  if (route === '/pay/offline/:kind/:id') await signUpByApi(page, { first_name: 'Axe', last_name: 'Audit', verify: false })
  else if (role !== 'anonymous') await page.context().addCookies(await sessionCookies(cast, role))
}

/**
 * Returns settle(): waits until the page is quiet. The document loaded, no
 * API call in flight for 300 ms (the long-lived event stream and media are
 * ignored), no loading spinner in the main content, two frames painted.
 */
function trackRequests(page: Page) {
  const inflight = new Set<Request>()
  let lastChange = Date.now()
  const ignored = (r: Request) =>
    ['eventsource', 'websocket', 'media'].includes(r.resourceType()) || new URL(r.url()).pathname === '/api/events'
  page.on('request', (r) => {
    if (ignored(r)) return
    inflight.add(r)
    lastChange = Date.now()
  })
  const done = (r: Request) => {
    if (inflight.delete(r)) lastChange = Date.now()
  }
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  return async function settle() {
    await page.waitForLoadState('load')
    await expect(page.locator('#main')).toBeVisible()
    await expect
      .poll(() => inflight.size === 0 && Date.now() - lastChange >= 300, { intervals: [100] })
      .toBe(true)
    await expect(page.locator('#main [role="status"]:has(.animate-spin)')).toHaveCount(0)
    await frames(page)
  }
}

/** Two painted frames, and every transition or animation that ends (tabs, fades, resizes; not a spinner) ended. */
async function frames(page: Page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
  )
}

type Violation = { id: string; impact: string | null | undefined; wcag: boolean; help: string; count: number; targets: string[] }

/**
 * axe-core: the WCAG 2.1 A and AA rules decide (serious or critical fails);
 * best-practice rules run too, for the report only.
 */
async function axe(page: Page, include?: string) {
  // resultTypes: only violations carry node details, so axe does less work on passes.
  let builder = new AxeBuilder({ page }).withTags([...WCAG_TAGS, 'best-practice']).options({ resultTypes: ['violations'] })
  if (include) builder = builder.include(include)
  const results = await builder.analyze()
  expect(results.passes.length, 'axe ran its rules').toBeGreaterThan(0)
  const all: Violation[] = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    wcag: v.tags.some((t) => WCAG_TAGS.includes(t)),
    help: v.help,
    count: v.nodes.length,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }))
  return { all, blocking: all.filter((v) => v.wcag && (v.impact === 'serious' || v.impact === 'critical')) }
}

/** null when nothing scrolls sideways; otherwise the widths and the outermost elements that stick out. */
async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const doc = document.documentElement
    const width = doc.clientWidth
    if (doc.scrollWidth <= width) return null
    const culprits: string[] = []
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect()
      if (r.width === 0 || r.right <= width + 1) continue
      const parent = el.parentElement?.getBoundingClientRect()
      if (parent && parent.right > width + 1 && el.parentElement !== document.body) continue
      const cls = typeof el.className === 'string' ? el.className.split(/\s+/).slice(0, 4).join('.') : ''
      culprits.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls ? `.${cls}` : ''} (right edge ${Math.round(r.right)}px)`)
      if (culprits.length >= 5) break
    }
    return { scrollWidth: doc.scrollWidth, clientWidth: width, culprits }
  })
}

const slug = (s: string) => s.replace(/[^a-z0-9]+/gi, '_').replace(/^_+|_+$/g, '') || 'home'

/** The full audit of one page as one role. */
async function audit(page: Page, testInfo: TestInfo, cast: Cast, role: Role, name: string, resolve: () => Promise<string>, screenshots: boolean) {
  const settle = trackRequests(page)
  await signInAs(page, role, name, cast)
  await page.setViewportSize({ width: 1280, height: 900 })
  const urlPath = await resolve()
  await page.goto(urlPath)
  await settle()
  const landed = new URL(page.url()).pathname

  // The document: language, a title of its own, a main heading, image alternatives.
  await expect.soft(page.locator('html'), 'html lang').toHaveAttribute('lang', 'en')
  const title = await page.title()
  if (landed === '/') expect.soft(title, 'home title').toBe('Homeward — Group Home Referrals')
  else expect.soft(title, `page title of ${landed}`).toMatch(/^\S.* · Homeward$/)
  expect.soft(await page.locator('h1:visible').count(), `a visible level-1 heading on ${landed}`).toBeGreaterThanOrEqual(1)
  const missingAlt = await page.locator('img:not([alt])').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src))
  expect.soft(missingAlt, 'images without an alt attribute').toEqual([])

  const { all, blocking } = await axe(page)
  if (screenshots) {
    fs.mkdirSync(screenshotDir(), { recursive: true })
    await page.screenshot({ path: path.join(screenshotDir(), `${role}-${slug(name)}-1280.png`), fullPage: true })
  }

  // 375 px: usable without scrolling sideways.
  await page.setViewportSize({ width: 375, height: 800 })
  await frames(page)
  const overflow = await horizontalOverflow(page)
  if (screenshots) await page.screenshot({ path: path.join(screenshotDir(), `${role}-${slug(name)}-375.png`), fullPage: true })

  const report = { name, role, path: urlPath, landed, title, violations: all, overflow_375: overflow }
  fs.mkdirSync(reportDir(), { recursive: true })
  fs.writeFileSync(path.join(reportDir(), `${role}-${slug(name)}.json`), JSON.stringify(report, null, 2))
  await testInfo.attach('a11y-report.json', { body: JSON.stringify(report, null, 2), contentType: 'application/json' })

  expect.soft(blocking, `serious or critical axe violations on ${landed} as ${role}:\n${JSON.stringify(blocking, null, 2)}`).toEqual([])
  expect.soft(overflow, `horizontal scroll at 375 px on ${landed} as ${role}`).toBeNull()
}

/** Presses Tab until the locator has focus (it must be reachable by keyboard). */
async function tabTo(page: Page, target: Locator, maxPresses = 60) {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((el) => el === document.activeElement)) return
  }
  throw new Error(`not reachable with Tab in ${maxPresses} presses: ${target}`)
}

/** Describes the focused element and whether it shows a focus indicator. */
const focusedInfo = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return null
    const s = getComputedStyle(el)
    const r = el.getBoundingClientRect()
    const outline = s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) >= 1
    const ring = s.boxShadow !== 'none' && s.boxShadow !== ''
    // Focus on the browser's own picker button inside a date or time input: the browser draws that ring.
    const browserPart = el instanceof HTMLInputElement && !el.matches(':focus')
    return {
      label: `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[type=${el.getAttribute('type')}]` : ''} "${(
        el.getAttribute('aria-label') ??
        (el as HTMLInputElement).labels?.[0]?.textContent ??
        el.getAttribute('name') ??
        el.textContent ??
        ''
      )
        .trim()
        .slice(0, 40)}"`,
      indicator: outline || ring || browserPart,
      visible: r.width > 0 && r.height > 0,
    }
  })

/**
 * Opens a dialog from the keyboard and checks it: focus moves in and stays
 * in (Tab and Shift+Tab), every stop shows a focus ring, Escape closes it and
 * focus returns to the trigger. (The dialog audits below run axe on them.)
 */
async function expectKeyboardDialog(page: Page, trigger: Locator, name: string) {
  await expect(trigger).toBeVisible()
  await tabTo(page, trigger, 200)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name })
  await expect(dialog).toBeVisible()
  const inDialog = () => dialog.evaluate((d) => d.contains(document.activeElement))
  await expect.poll(inDialog, { message: `${name}: focus moves into the dialog` }).toBe(true)
  const stops = new Set<string>()
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab')
    expect(await inDialog(), `${name}: focus inside the dialog after Tab ${i + 1}`).toBe(true)
    const info = (await focusedInfo(page))!
    expect(info.indicator, `${name}: ${info.label} shows a focus ring`).toBe(true)
    stops.add(info.label)
  }
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Shift+Tab')
    expect(await inDialog(), `${name}: focus inside the dialog after Shift+Tab ${i + 1}`).toBe(true)
  }
  expect(stops.size, `${name}: Tab cycles through the dialog's controls`).toBeGreaterThanOrEqual(2)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(trigger, `${name}: focus returns to the control that opened it`).toBeFocused()
}

/** Every field marked invalid names its error through aria-describedby, and the error sits in a live region. */
async function expectErrorsTiedToFields(scope: Locator, minimum: number) {
  const fields = scope.locator('[aria-invalid="true"]')
  await expect.poll(() => fields.count()).toBeGreaterThanOrEqual(minimum)
  for (const field of await fields.all()) {
    const found = await field.evaluate((el) => {
      const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)
      const name = (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? el.id
      const tied = ids.some((id) => {
        const target = document.getElementById(id)
        return !!target?.textContent?.trim() && !!target.closest('[role="alert"], [aria-live="assertive"], [aria-live="polite"], [role="status"]')
      })
      return { name, tied }
    })
    expect(found.tied, `${found.name}: error text tied by aria-describedby, in a live region`).toBe(true)
  }
}

// ─── the audit ───────────────────────────────────────────────────────────────

test.describe('accessibility audit of every route', () => {
  // Colours and widths are measured on the settled page, not halfway through a fade or slide.
  test.use({ reducedMotion: 'reduce' })

  test('every route of the route table is audited, and every role somewhere', () => {
    expect(Object.keys(AUDITS).sort()).toEqual([...CLIENT_ROUTES].sort())
    const roles = new Set(Object.values(AUDITS).flat())
    for (const role of ['anonymous', ...SIGNED_IN] as Role[]) expect(roles.has(role), role).toBe(true)
  })

  test('the audit finds violations and sideways scrolling when they exist', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.setContent(`<!doctype html><html><head><title>Broken</title></head><body>
      <main><h1>Broken page</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
      <p style="color:#bbb;background:#fff">Low contrast text</p>
      <button></button><div style="width:600px">Too wide</div></main></body></html>`)
    const { blocking } = await axe(page)
    expect(blocking.map((v) => v.id)).toEqual(expect.arrayContaining(['image-alt', 'color-contrast', 'button-name', 'html-has-lang']))
    const overflow = await horizontalOverflow(page)
    expect(overflow?.scrollWidth).toBeGreaterThan(375)
    expect(overflow?.culprits.join(' ')).toContain('div')
  })

  for (const route of CLIENT_ROUTES) {
    for (const [i, role] of AUDITS[route].entries()) {
      test(`${route} as ${role}`, async ({ page, cast }, testInfo) => {
        await audit(page, testInfo, cast, role, route, () => resolvePath(page, route, cast), i === 0)
      })
    }
  }

  for (const extra of EXTRA) {
    test(`${extra.name} as ${extra.role}`, async ({ page, cast }, testInfo) => {
      await audit(page, testInfo, cast, extra.role, extra.name, async () => extra.path(cast), true)
    })
  }

  // Tabbed pages: each tab panel (the first one is in the route audit) with axe, and no sideways scroll at 375 px.
  for (const t of TABBED) {
    const [, ...others] = Object.entries(t.tabs)
    test(`the tabs of ${t.path} as ${t.role} are the ones audited`, async ({ page, cast }) => {
      const settle = trackRequests(page)
      await signInAs(page, t.role, t.path, cast)
      await page.goto(t.path)
      await settle()
      const tabs = page.locator('#main [role="tablist"]').first().getByRole('tab')
      await expect(tabs).toHaveText(Object.values(t.tabs))
      // The first is open: the route's own audit covered it.
      await expect(tabs.first()).toHaveAttribute('aria-selected', 'true')
    })
    for (const [value, name] of others) {
      test(`the "${name}" tab of ${t.path} as ${t.role}`, async ({ page, cast }, testInfo) => {
        const settle = trackRequests(page)
        await signInAs(page, t.role, t.path, cast)
        await page.setViewportSize({ width: 375, height: 800 })
        await page.goto(`${t.path}?tab=${value}`)
        await expect(page.locator('#main [role="tablist"]').first().getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true')
        await settle()
        const { all, blocking } = await axe(page, '#main [role="tabpanel"][data-state="active"]')
        const overflow = await horizontalOverflow(page)
        const report = { violations: all, overflow_375: overflow }
        fs.mkdirSync(reportDir(), { recursive: true })
        fs.writeFileSync(path.join(reportDir(), `${t.role}-tab-${slug(t.path)}-${value}.json`), JSON.stringify(report, null, 2))
        await testInfo.attach('a11y-report.json', { body: JSON.stringify(report, null, 2), contentType: 'application/json' })
        expect.soft(blocking, `serious or critical axe violations in the "${name}" tab of ${t.path} as ${t.role}:\n${JSON.stringify(blocking, null, 2)}`).toEqual([])
        expect.soft(overflow, `horizontal scroll at 375 px in the "${name}" tab of ${t.path} as ${t.role}`).toBeNull()
      })
    }
  }

  // Dialogs: open (never confirmed), audited with axe inside, and usable at 375 px.
  for (const d of DIALOGS) {
    test(`dialog "${d.trigger}" on ${d.path} as ${d.role}`, async ({ page, cast }, testInfo) => {
      const settle = trackRequests(page)
      await signInAs(page, d.role, d.path, cast)
      await page.setViewportSize({ width: 375, height: 800 })
      await page.goto(d.path)
      await settle()
      await page.getByRole('button', { name: d.trigger }).first().click()
      const dialog = page.getByRole(d.alert ? 'alertdialog' : 'dialog')
      await expect(dialog).toBeVisible()
      await frames(page)
      const { all, blocking } = await axe(page, `[role="${d.alert ? 'alertdialog' : 'dialog'}"]`)
      const overflow = await dialog.evaluate((el) => {
        const r = el.getBoundingClientRect()
        const inner = el.scrollWidth > el.clientWidth + 1
        return r.left < 0 || r.right > document.documentElement.clientWidth || inner ? { left: r.left, right: r.right, scrollWidth: el.scrollWidth, clientWidth: el.clientWidth } : null
      })
      fs.mkdirSync(screenshotDir(), { recursive: true })
      await page.screenshot({ path: path.join(screenshotDir(), `${d.role}-dialog-${slug(d.trigger)}-375.png`) })
      const report = { name: `dialog ${d.trigger}`, role: d.role, path: d.path, violations: all, overflow_375: overflow }
      fs.mkdirSync(reportDir(), { recursive: true })
      fs.writeFileSync(path.join(reportDir(), `${d.role}-dialog-${slug(d.trigger)}.json`), JSON.stringify(report, null, 2))
      await testInfo.attach('a11y-report.json', { body: JSON.stringify(report, null, 2), contentType: 'application/json' })
      expect.soft(blocking, `serious or critical axe violations in the dialog "${d.trigger}":\n${JSON.stringify(blocking, null, 2)}`).toEqual([])
      expect.soft(overflow, `the dialog "${d.trigger}" fits 375 px`).toBeNull()
    })
  }
})

// ─── keyboard ────────────────────────────────────────────────────────────────

test.describe('keyboard', () => {
  test('every tab stop shows a visible focus indicator', async ({ page }) => {
    for (const url of ['/', '/help', '/for-operators', '/auth']) {
      await page.goto(url)
      await expect(page.locator('#main h1').first()).toBeVisible()
      const seen: string[] = []
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press('Tab')
        const info = await focusedInfo(page)
        if (!info) break // focus left the document: every stop was visited
        expect(info.visible, `${url}: tab stop ${i + 1} (${info.label}) is visible`).toBe(true)
        expect(info.indicator, `${url}: tab stop ${i + 1} (${info.label}) shows a focus ring`).toBe(true)
        seen.push(info.label)
      }
      expect(seen.length, `${url}: tab stops`).toBeGreaterThan(5)
      // The skip link comes first and moves focus to the main content.
      expect(seen[0]).toContain('Skip to content')
    }
    await page.goto('/help')
    await expect(page.locator('#main h1')).toBeVisible()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(page.locator('#main')).toBeFocused()
  })

  test('the mobile header menu opens and closes by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/help')
    await expect(page.locator('#main h1')).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    const menu = page.locator('#mobile-menu')
    const toggle = page.getByRole('button', { name: /menu$/ })
    await expect(toggle).toHaveAccessibleName('Open menu')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')

    await tabTo(page, toggle)
    await page.keyboard.press('Enter')
    await expect(menu).toBeVisible()
    await expect(toggle).toHaveAccessibleName('Close menu')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const results = await axe(page, '#mobile-menu')
    expect(results.blocking, JSON.stringify(results.blocking, null, 2)).toEqual([])

    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Tab')
    await expect(menu.getByRole('link', { name: 'Home', exact: true })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(toggle).toBeFocused()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')

    // Space toggles it too.
    await page.keyboard.press('Space')
    await expect(menu).toBeVisible()
    await page.keyboard.press('Space')
    await expect(menu).toBeHidden()

    // Following a link with the keyboard navigates and closes the menu.
    await page.keyboard.press('Enter')
    await tabTo(page, menu.getByRole('link', { name: 'For Operators' }))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/for-operators$/)
    await expect(menu).toBeHidden()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')

    // The account actions are in the menu too.
    await toggle.press('Enter')
    await expect(menu.getByRole('link', { name: 'Sign In' })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Get Started' })).toBeVisible()
  })

  test('the header keeps to one line at every width, signed in with the most actions', async ({ page, cast }) => {
    for (const role of ['admin', 'premium'] as const) {
      await page.context().clearCookies()
      await page.context().addCookies(await sessionCookies(cast, role))
      await page.goto('/help')
      await expect(page.locator('#main h1')).toBeVisible()
      for (const width of [375, 768, 1024, 1279, 1280, 1440]) {
        await page.setViewportSize({ width, height: 800 })
        await frames(page)
        const header = await page.locator('header').evaluate((h) => {
          const items = Array.from(h.querySelectorAll('a, button')).filter((el) => (el as HTMLElement).offsetParent !== null)
          return {
            height: Math.round(h.getBoundingClientRect().height),
            wrapped: items.filter((el) => el.getBoundingClientRect().height > 44).map((el) => el.textContent?.trim()),
            outside: items.filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth).map((el) => el.textContent?.trim()),
          }
        })
        expect(header, `${role} at ${width} px`).toEqual({ height: 65, wrapped: [], outside: [] })
      }
    }
  })

  test('the home slideshow can be paused and played again, by keyboard and by mouse', async ({ page }) => {
    // The installed clock runs on with real time until it is paused: then only runFor moves the page's time. Left
    // running, a loaded machine's slow Tab presses below let the slide rightly move before the pause (the test
    // then failed although the pause held), and a retried assertion would wait until the slides came round.
    await page.clock.install()
    const active = page.locator('img[data-active="true"]')
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 })
      await page.clock.resume()
      await page.goto('/')
      // A margin for the round trip under load (pausing in the page's past is refused); the jump fires a due slide change at most once, before the pause.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10_000)
      await tabTo(page, page.getByRole('button', { name: 'Pause slideshow' }))
      await page.keyboard.press('Enter')
      await expect(page.getByRole('button', { name: 'Play slideshow' }), `${width} px`).toBeFocused()
      const paused = (await active.getAttribute('src'))!
      // Checked after each slide's time: three slides running on for 15 s would come round to the same one.
      for (let i = 0; i < 3; i++) {
        await page.clock.runFor(5_000)
        await expect(active, `${width} px: the pause holds`).toHaveAttribute('src', paused)
      }
      // The mouse reaches the control too (nothing covers it).
      await page.getByRole('button', { name: 'Play slideshow' }).click()
      await page.clock.runFor(5_000)
      await expect(active, `${width} px: playing again`).not.toHaveAttribute('src', paused)
      await page.getByRole('button', { name: 'Show slide 1' }).click()
      await expect(active).toHaveAttribute('src', '/images/hero-1.webp')
    }
  })

  test('dialogs trap focus, close on Escape and give focus back', async ({ page, cast }) => {
    // The public Schedule a Tour dialog, opened from a Premium listing.
    await page.goto(`/property/${cast.propertyId}`)
    await expectKeyboardDialog(page, page.getByRole('button', { name: 'Schedule Tour' }), 'Schedule a Tour')

    // The cancel-subscription dialog of a fresh operator on a Premium trial (offline checkout), so the cast's plan never changes.
    await signUpByApi(page, { first_name: 'Kay', last_name: 'Board', verify: false })
    const url = await startOfflineCheckout(page)
    const done = await page.request.post(`/api${url}/complete`)
    expect(done.ok(), await done.text()).toBe(true)
    await page.goto('/billing/manage')
    await expectKeyboardDialog(page, page.getByRole('button', { name: 'Cancel subscription' }), 'Cancel your subscription?')
    // Nothing was cancelled.
    const status = await (await page.request.get('/api/billing/subscription')).json()
    expect(status).toMatchObject({ tier: 'premium' })
  })

  test('form errors are announced and tied to their fields', async ({ page, cast }) => {
    await page.goto('/auth?mode=signup')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page.getByText('First name is required')).toBeVisible()
    await expectErrorsTiedToFields(page.locator('#main'), 4)
    await expect(page.getByLabel('First name')).toHaveAccessibleDescription('First name is required')

    // The public tour request form, in its dialog, on a Premium listing.
    await page.goto(`/property/${cast.propertyId}`)
    await page.getByRole('button', { name: 'Schedule Tour' }).click()
    const dialog = page.getByRole('dialog', { name: 'Schedule a Tour' })
    await dialog.getByRole('button', { name: 'Request Tour' }).click()
    await expectErrorsTiedToFields(dialog, 3)
  })
})
