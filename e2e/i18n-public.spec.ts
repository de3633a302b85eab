import type { ConsoleMessage, Page } from '@playwright/test'
import { expect, test } from './fixtures'

/**
 * The public pages in Spanish at `/es/…` (ADR 037): rendered by the server in Spanish, hydrated in
 * Spanish without a mismatch, links that stay Spanish, and a switcher that moves between a page's
 * two addresses.
 */

/** Errors and hydration warnings the page logs. */
function consoleProblems(page: Page) {
  const problems: string[] = []
  page.on('console', (message: ConsoleMessage) => {
    const text = message.text()
    if (message.type() === 'error' || /hydrat|did not match|server rendered/i.test(text)) problems.push(text)
  })
  page.on('pageerror', (error) => problems.push(error.message))
  return problems
}

test('a Spanish visitor reads the public pages in Spanish, then switches to English on the same home (1280 and 375 px)', async ({ page, make }) => {
  const operator = await make.premiumOperator({ first_name: 'Lucía', last_name: 'Ortega' })
  const name = `Casa Jacarandá ${Math.random().toString(36).slice(2, 7)}`
  const id = await operator.addHome({ name, city: 'Austin', state: 'TX', zip: '78704' }, { total_beds: 4, available_beds: 1 })
  const problems = consoleProblems(page)
  const hydrated = page.locator('html[data-hydrated="true"]')

  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/es/')
  await expect(hydrated).toBeAttached()
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByRole('heading', { level: 1, name: 'Encuentre el hogar grupal adecuado para la persona que usted apoya' })).toBeVisible()
  await expect(page).toHaveTitle('Homeward — Referencias a hogares grupales')

  // The information pages hydrate in Spanish too; the help search looks through the Spanish guides.
  for (const [path, heading] of [
    ['/es/how-it-works', 'Cómo funciona'],
    ['/es/for-operators', 'Llene sus camas disponibles con residentes adecuados para su hogar'],
    ['/es/help', 'Centro de ayuda'],
  ] as const) {
    await page.goto(path)
    await expect(hydrated).toBeAttached()
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  }
  await page.getByPlaceholder('Buscar temas de ayuda...').fill('depósito en garantía')
  await expect(page.getByRole('button', { name: 'Tarifas de desbloqueo, pago y depósito en garantía' })).toBeVisible()
  await page.goto('/es/')
  await expect(hydrated).toBeAttached()

  // The header's links stay in Spanish.
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Buscar hogares' }).click()
  await expect(page).toHaveURL(/\/es\/browse$/)
  await expect(page.getByTestId('property-card').first()).toBeVisible()

  // A home, from its operator's page: a link to its English address is taken to its Spanish one.
  await page.goto(`/es/operator/${operator.username}`)
  await expect(hydrated).toBeAttached()
  await page.locator(`a[href$="/property/${id}"]`).first().click()
  await expect(page).toHaveURL(new RegExp(`/es/property/${id}$`))
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')

  // The home's Spanish page, opened directly: rendered and hydrated in Spanish.
  await page.goto(`/es/property/${id}`)
  await expect(hydrated).toBeAttached()
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${name}, hogar grupal en Austin, TX · Homeward`)
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', new RegExp(`/property/${id}$`))
  await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Buscar hogares' })).toHaveAttribute('href', '/es/browse')

  // The switcher moves to the English address of the same home.
  await page.getByRole('combobox', { name: 'Idioma' }).first().selectOption('en')
  await expect(page).toHaveURL(new RegExp(`/property/${id}$`))
  expect(new URL(page.url()).pathname).toBe(`/property/${id}`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse Homes' })).toHaveAttribute('href', '/browse')

  // On a phone: the same switcher, back to Spanish, and the menu's links follow.
  await page.setViewportSize({ width: 375, height: 800 })
  await page.getByRole('combobox', { name: 'Language' }).first().selectOption('es')
  await expect(page).toHaveURL(new RegExp(`/es/property/${id}$`))
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await page.getByRole('button', { name: 'Abrir menú' }).click()
  await expect(page.getByRole('navigation', { name: 'Menú móvil' }).getByRole('link', { name: 'Buscar hogares' })).toHaveAttribute('href', '/es/browse')
  expect(problems).toEqual([])
})
