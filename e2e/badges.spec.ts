import type { Browser, Page } from '@playwright/test'
import { expect, newPage, signUpByApi, test, tokenFromEmail } from './fixtures'

/**
 * Review categories and badges earned from data. Each test
 * makes its own operators, homes and referrals, and has its own admin (the
 * `admin` fixture).
 */


/** A new operator with one home and a published profile; Premium through the offline checkout when asked. */
async function operatorWithHome(browser: Browser, home: { name: string; city: string; state: string; zip: string }, opts: { premium?: boolean; licensed?: boolean } = {}) {
  const page = await newPage(browser)
  const suffix = Math.random().toString(36).slice(2, 8)
  const user = await signUpByApi(page, { first_name: 'Bea', last_name: `Badger${suffix}` })
  if (opts.premium) {
    const checkout = (await (await page.request.post('/api/billing/checkout')).json()) as { url: string }
    const done = await page.request.post(`/api${checkout.url}/complete`)
    expect(done.status(), await done.text()).toBe(200)
  }
  const res = await page.request.post('/api/my/properties', {
    data: { name: home.name, address: '7 Badge Road', city: home.city, state: home.state, zip_code: home.zip, total_beds: 5, available_beds: 3, monthly_fee: 2500, description: 'A calm family-style home.' },
  })
  expect(res.status(), await res.text()).toBe(201)
  const body = (await res.json()) as { property: { id: string } }
  const username = `badge-${suffix}`
  const profile = await page.request.patch('/api/my/profile', {
    data: { username, organization_name: `Badger Homes ${suffix}`, ...(opts.licensed ? { licensing_type: 'licensed' } : {}) },
  })
  expect(profile.status(), await profile.text()).toBe(200)
  return { page, user, username, name: `Badger Homes ${suffix}`, propertyId: body.property.id }
}

/** The admin places the referral at the home: the review request e-mail goes to the referrer. */
async function placeAt(admin: Page, referralId: string, propertyId: string) {
  const res = await admin.request.patch(`/api/admin/referrals/${referralId}`, { data: { status: 'placed', matched_property_id: propertyId } })
  expect(res.status(), await res.text()).toBe(200)
}

test('a review rated by category shows each category average beside the overall rating on the profile and the home', async ({ browser, make, admin: { page: admin } }) => {
  const operator = await operatorWithHome(browser, { name: 'Category Cottage', city: 'Austin', state: 'TX', zip: '78704' })

  // Two placements at the home, each by a new referrer who receives a review link.
  const reviews: Array<{ rating: string; categories: Record<string, string>; text: string }> = [
    { rating: '4 stars', categories: { Communication: '5 stars', Professionalism: '4 stars', 'Facility quality': '3 stars', 'Overall experience': '4 stars' }, text: 'Kind staff who called us back the same day.' },
    { rating: '5 stars', categories: { Communication: '4 stars', Professionalism: '5 stars', 'Facility quality': '4 stars', 'Overall experience': '5 stars' }, text: 'Spotless rooms and a warm welcome for my client.' },
  ]
  for (const [i, review] of reviews.entries()) {
    const referrer = await make.referrer()
    const { id: referralId } = await referrer.submitReferral({ first: 'Cora', last: `Category${i}` }, { state: 'TX', city: 'Austin' })
    await placeAt(admin, referralId, operator.propertyId)
    const token = await tokenFromEmail(referrer.email, 'review_request')

    const reviewer = await newPage(browser)
    await reviewer.goto(`/review/${referralId}?token=${token}`)
    await expect(reviewer.getByText('Reviewing Category Cottage in Austin, TX')).toBeVisible()
    await reviewer.getByRole('group', { name: 'Rating', exact: true }).locator('label').filter({ hasText: review.rating }).click()
    await reviewer.getByLabel('Your review').fill(review.text)
    if (i === 0) {
      // Every category is required: the first missing one is named.
      await reviewer.getByRole('button', { name: 'Submit Review' }).click()
      await expect(reviewer.getByText('Validation Error')).toBeVisible()
      await expect(reviewer.getByRole('alert').filter({ hasText: 'Please rate communication' })).toBeVisible()
    }
    for (const [category, stars] of Object.entries(review.categories)) {
      const group = reviewer.getByRole('group', { name: category, exact: true })
      await group.locator('label').filter({ hasText: stars }).click()
      await expect(group.getByRole('radio', { name: stars })).toBeChecked()
    }
    await reviewer.getByRole('button', { name: 'Submit Review' }).click()
    await expect(reviewer.getByText('Review Submitted!')).toBeVisible()
  }

  // Nothing shows until the operator approves: both, from the Reviews tab.
  await operator.page.goto('/operator-dashboard?tab=reviews')
  for (const review of reviews) {
    const item = operator.page.getByRole('listitem').filter({ hasText: review.text })
    await expect(item).toContainText('Communication')
    await item.getByRole('button', { name: 'Approve' }).click()
    await expect(item.getByText('Approved', { exact: true })).toBeVisible()
  }

  // The public profile: the operator's overall rating with each category's average, to one decimal.
  const visitor = await newPage(browser)
  await visitor.goto(`/operator/${operator.username}`)
  const overall = visitor.getByRole('region', { name: 'Overall rating' })
  await expect(overall.getByTestId('operator-average-rating')).toHaveText('4.5')
  await expect(overall).toContainText('(2 reviews of all homes)')
  const categories = overall.getByRole('definition')
  await expect(overall.getByTestId('category-communication')).toHaveText('4.5')
  await expect(overall.getByTestId('category-professionalism')).toHaveText('4.5')
  await expect(overall.getByTestId('category-facility_quality')).toHaveText('3.5')
  await expect(overall.getByTestId('category-overall_experience')).toHaveText('4.5')
  await expect(categories).toHaveCount(4)

  // The home's page: the same figures beside its average rating.
  await visitor.goto(`/property/${operator.propertyId}`)
  const section = visitor.getByRole('region', { name: 'Reviews', exact: true })
  await expect(section.getByTestId('average-rating')).toHaveText('4.5')
  const byCategory = section.locator('dl[aria-label="Reviews: ratings by category"]')
  await expect(byCategory.getByRole('term')).toHaveText(['Communication', 'Professionalism', 'Facility quality', 'Overall experience'])
  await expect(byCategory.getByRole('definition')).toHaveText(['4.5', '4.5', '3.5', '4.5'])
  await expect(visitor.getByText(reviews[1]!.text)).toBeVisible()
})

test('an operator who answers matched referrals in time earns Quick Response, explained on focus', async ({ browser, page, referrer }) => {
  const operator = await operatorWithHome(browser, { name: 'Swift River House', city: 'Montpelier', state: 'VT', zip: '05602' }, { premium: true })
  // Three referrals for Montpelier reach the operator as match notifications. The referrer is the
  // test's own: deleted after the test, which cancels them, so a retry does not find them still listed.
  const clients = [
    { first: 'Vera', last: 'Quickwater' }, // V, not X: extras.spec.ts lists an X*** Q*** at the same time
    { first: 'Yves', last: 'Quickwater' },
    { first: 'Zola', last: 'Quickwater' },
  ]
  for (const client of clients) await referrer.submitReferral(client, { state: 'VT', city: 'Montpelier' })

  // No answers yet: no badge.
  await page.goto(`/operator/${operator.username}`)
  await expect(page.getByRole('heading', { level: 1, name: operator.name })).toBeVisible()
  await expect(page.getByTestId('badge-premium')).toBeVisible()
  await expect(page.getByTestId('badge-quick_response')).toHaveCount(0)

  // The operator answers each one with Express Interest, minutes after it arrived.
  const op = operator.page
  await op.goto('/browse-referrals')
  for (const client of clients) {
    const heading = `${client.first[0]}*** ${client.last[0]}***`
    const card = op.getByTestId('referral-card').filter({ has: op.getByRole('heading', { name: heading, exact: true }) })
    await card.getByRole('button', { name: 'Express Interest' }).click()
    await expect(card.getByText('Interested', { exact: true })).toBeVisible()
  }

  // The public profile now shows Quick Response; focusing the badge explains it.
  await page.reload()
  const badge = page.getByTestId('badge-quick_response')
  await expect(badge).toHaveText('Quick Response')
  await badge.focus()
  const tooltip = page.getByRole('tooltip')
  await expect(tooltip).toContainText('is 24 hours or less, over at least 3 referrals that reached them in the last 90 days')
  await expect(badge).toHaveAttribute('aria-describedby', /.+/)
  await page.keyboard.press('Escape')
  await expect(tooltip).toHaveCount(0)
  // Hovering explains it too.
  await badge.hover()
  await expect(page.getByRole('tooltip')).toContainText('a match notification or an invitation')

  // The same badge is on the operator's card in Browse Operators and on the home's page.
  await page.goto('/browse-operators?state=VT&city=Montpelier')
  const card = page.getByTestId('operator-card').filter({ has: page.getByRole('heading', { name: operator.name }) })
  await expect(card.getByTestId('badge-quick_response')).toBeVisible()
  await page.goto(`/property/${operator.propertyId}`)
  await expect(page.getByTestId('badge-quick_response')).toBeVisible()
})

test('an operator uploads license proof, the admin verifies it from the Operators tab, and the profile shows Verified and State Licensed', async ({ browser, page, admin: { page: admin } }) => {
  const operator = await operatorWithHome(browser, { name: 'Proof Pines', city: 'Austin', state: 'TX', zip: '78704' }, { premium: true, licensed: true })
  const op = operator.page
  await op.goto('/operator-dashboard?tab=profile')
  await expect(op.getByTestId('verification-status')).toHaveText('Not verified')
  await expect(op.getByText(/Photos are stored without their location and camera details\./)).toBeVisible()
  await op.getByLabel('Upload license proof').setInputFiles({
    name: 'state-license.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% Texas license 12345\n%%EOF\n'),
  })
  await expect(op.getByText('License proof uploaded')).toBeVisible()
  await expect(op.getByTestId('verification-status')).toHaveText('Awaiting review')
  await expect(op.getByRole('link', { name: 'state-license.pdf' })).toBeVisible()
  // A file that is not a PDF, JPG or PNG is refused from its bytes, whatever its name.
  await op.getByLabel('Upload license proof').setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text, not a PDF') })
  await expect(op.getByText('Invalid file type: Please upload a PDF, JPG or PNG file')).toBeVisible()

  // Not verified yet: the public profile says Licensed, not State Licensed.
  await page.goto(`/operator/${operator.username}`)
  await expect(page.getByRole('heading', { level: 1, name: operator.name })).toBeVisible()
  await expect(page.getByText('State Licensed', { exact: true })).toHaveCount(0)
  await expect(page.getByTestId('badge-verified')).toHaveCount(0)

  // The admin opens the Operators tab, sees the proof and verifies it.
  await admin.goto('/admin')
  await admin.getByRole('tab', { name: 'Operators' }).click()
  const row = admin.getByRole('row').filter({ hasText: operator.user.email })
  await expect(row.getByText('Awaiting review')).toBeVisible()
  const proofLink = row.getByRole('link', { name: /state-license\.pdf/ })
  await expect(proofLink).toHaveAttribute('href', /^\/api\/license-proofs\/[0-9a-f-]+\/download$/)
  const download = await admin.request.get((await proofLink.getAttribute('href'))!)
  expect(download.status()).toBe(200)
  expect(await download.text()).toContain('Texas license 12345')
  await row.getByRole('button', { name: `Verify license of ${operator.name}` }).click()
  await expect(admin.getByText('License verified')).toBeVisible()
  await expect(row.getByText('Verified', { exact: true })).toBeVisible()

  // The operator reads the outcome; the public profile shows Verified and State Licensed.
  await op.reload()
  await expect(op.getByTestId('verification-status')).toHaveText('Verified')
  await page.reload()
  await expect(page.getByText('State Licensed', { exact: true })).toBeVisible()
  const verified = page.getByTestId('badge-verified')
  await verified.focus()
  await expect(page.getByRole('tooltip')).toContainText("An admin checked this operator's license proof")
})

test('badges never contradict the page: Top Rated comes with the rating it is judged on beside a home with no review; an operator awaiting review is not called verified (1280 and 375 px)', async ({ browser, make, admin: { page: admin } }) => {
  const operator = await operatorWithHome(browser, { name: 'Rated Ridge', city: 'Austin', state: 'TX', zip: '78704' }, { premium: true })
  // Three approved reviews of the first home (4.7), through review links, by the API.
  for (const [i, rating] of [5, 5, 4].entries()) {
    const referrer = await make.referrer()
    const { id: referralId } = await referrer.submitReferral({ first: 'Rory', last: `Rated${i}` }, { state: 'TX', city: 'Austin' })
    await placeAt(admin, referralId, operator.propertyId)
    const token = await tokenFromEmail(referrer.email, 'review_request')
    const sent = await referrer.page.request.post('/api/reviews', {
      data: {
        token,
        referral_id: referralId,
        reviewer_name: 'Rory Reviewer',
        reviewer_email: referrer.email,
        rating,
        communication_rating: rating,
        professionalism_rating: rating,
        facility_quality_rating: rating,
        overall_experience_rating: rating,
        review_text: 'A calm home with kind staff.',
      },
    })
    expect(sent.status(), await sent.text()).toBe(201)
    const approved = await operator.page.request.post(`/api/reviews/${((await sent.json()) as { id: string }).id}/approve`)
    expect(approved.status(), await approved.text()).toBe(200)
  }
  // A second home with no review of its own; and the operator's license proof awaits review.
  const second = await operator.page.request.post('/api/my/properties', {
    data: { name: 'Quiet Quarry', address: '9 Badge Road', city: 'Austin', state: 'TX', zip_code: '78704', total_beds: 4, available_beds: 2, monthly_fee: 2400, description: 'A quiet family-style home.' },
  })
  expect(second.status(), await second.text()).toBe(201)
  const secondId = ((await second.json()) as { property: { id: string } }).property.id
  const proof = await operator.page.request.post('/api/my/license-proofs', {
    multipart: { file: { name: 'license.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% license\n%%EOF\n') } },
  })
  expect(proof.status(), await proof.text()).toBe(201)

  const visitor = await newPage(browser)
  for (const width of [1280, 375]) {
    await visitor.setViewportSize({ width, height: 800 })
    await visitor.goto(`/property/${secondId}`)
    await expect(visitor.getByTestId('badge-top_rated'), `${width} px`).toBeVisible()
    // The badge's figures are beside it, and the home's own empty list says whose reviews are missing.
    await expect(visitor.getByTestId('operator-rating')).toHaveText(/4\.7\s*\(3 reviews of all the operator's homes\)/)
    await expect(visitor.getByRole('region', { name: 'Reviews', exact: true })).toContainText('No reviews of this home yet.')
    await expect(visitor.getByText('No reviews yet.')).toHaveCount(0)

    await visitor.goto(`/browse-operators?state=TX&city=Austin`)
    await expect(visitor.getByText('Verified group-home operators')).toHaveCount(0)
    await expect(visitor.getByText('Premium group-home operators ready to receive your referrals.')).toBeVisible()
    const card = visitor.getByTestId('operator-card').filter({ hasText: operator.name })
    await expect(card.getByTestId('badge-top_rated'), `${width} px`).toBeVisible()
    await expect(card.getByTestId('badge-verified')).toHaveCount(0)
  }
})
