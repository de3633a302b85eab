import fs from 'node:fs'
import path from 'node:path'
import { expect, signUpByApi, test, tokenFromEmail } from './fixtures'

/** The operator dashboard. Every test uses its own accounts (fixtures, deleted afterwards). */

const photo = (n: number) => path.resolve(`server/seed/images/home-${n}.webp`)

test('a premium operator adds a property with two photos and a recorded video, and finds it on /browse', async ({ premiumOperator }) => {
  const page = premiumOperator.page
  await page.goto('/operator-dashboard')
  await expect(page.getByText('Active Properties')).toBeVisible()

  const name = `Willow Test Home ${Date.now()}`
  await page.getByRole('button', { name: 'Add Property' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Property' })
  // Every field is validated with the product’s exact messages before anything is sent.
  await dialog.getByLabel('Property name').fill('ab')
  await dialog.getByLabel('ZIP code').fill('123')
  await dialog.getByRole('button', { name: 'Create Property' }).click()
  await expect(dialog.getByText('Name must be at least 3 characters')).toBeVisible()
  await expect(dialog.getByText('Address is required')).toBeVisible()
  await expect(dialog.getByText('Invalid ZIP code')).toBeVisible()
  await expect(dialog.getByText('Must have at least 1 bed')).toBeVisible()
  await expect(page.getByText('Validation Error')).toBeVisible()

  await dialog.getByLabel('Property name').fill(name)
  await dialog.getByLabel('Address').fill('42 Willow Lane')
  await dialog.getByLabel('City').fill('Austin')
  await dialog.getByLabel('State').fill('tx')
  await dialog.getByLabel('ZIP code').fill('78701')
  await dialog.getByLabel('Description').fill('A bright home close to the river with a large garden.')
  await dialog.getByLabel('Total beds').fill('6')
  await dialog.getByLabel('Available beds').fill('3')
  await dialog.getByLabel('Monthly fee ($)').fill('3500')
  await dialog.getByLabel('Amenities').fill('Garden, Wi-Fi')
  await dialog.getByRole('button', { name: 'Create Property' }).click()
  await expect(page.getByText('Property Created')).toBeVisible()

  const card = page.getByLabel(name, { exact: true })
  await card.getByRole('tab', { name: /Images/ }).click()
  await card.getByLabel(`Upload photos for ${name}`).setInputFiles([photo(1), photo(2)])
  await expect(page.getByText('Upload successful')).toBeVisible()
  await expect(card.getByRole('img', { name: `${name}, 2 of 2` })).toBeVisible()
  await expect(card.getByText('Featured', { exact: true })).toBeVisible()
  // Reorder: the second photo becomes the featured one.
  const firstSrc = await card.getByRole('img', { name: `${name}, 1 of 2` }).getAttribute('src')
  await card.getByRole('button', { name: 'Move photo 2 earlier' }).click()
  await expect(card.getByRole('img', { name: `${name}, 2 of 2` })).toHaveAttribute('src', firstSrc!)

  // Record a short video with the fake camera: idle → recording → recorded → upload.
  await card.getByRole('tab', { name: /Videos/ }).click()
  const recorder = card.getByTestId('video-recorder')
  await recorder.getByRole('button', { name: 'Start Recording' }).click()
  await expect(recorder).toHaveAttribute('data-state', 'recording')
  // A second of the fake camera recorded (the recorder's own clock says so).
  await expect(recorder.getByRole('timer')).toContainText('Recording 0:01')
  await recorder.getByRole('button', { name: 'Stop Recording' }).click()
  await expect(recorder).toHaveAttribute('data-state', 'recorded')
  await recorder.getByRole('button', { name: 'Upload Recording' }).click()
  await expect(page.getByText('Video uploaded')).toBeVisible()
  await expect(card.getByRole('tab', { name: 'Videos (1)' })).toBeVisible()

  await page.goto('/browse')
  await expect(page.getByRole('heading', { name }).first()).toBeVisible()
})

test('an operator edits the profile, copies the link and downloads the QR code', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signUpByApi(page, { first_name: 'Quinn', last_name: 'Operator' })
  await page.goto('/operator-dashboard?tab=profile')
  const username = `quinn-${Date.now()}`

  await page.getByLabel('Username').fill('Bad Name!')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(page.getByText('Invalid username')).toBeVisible()

  await page.getByLabel('Username').fill(username.toUpperCase())
  await expect(page.getByLabel('Username')).toHaveValue(username)
  await page.getByLabel('Organization name').fill('Quinn Family Homes')
  // Free plan: the bio stops at 150 characters and the upgrade dialog opens.
  await page.getByLabel('Bio').fill('x'.repeat(151))
  await expect(page.getByRole('dialog', { name: 'Upgrade to Premium' })).toBeVisible()
  await page.getByRole('button', { name: 'Maybe later' }).click()
  await expect(page.getByLabel('Bio')).toHaveValue('x'.repeat(150))
  await expect(page.getByText('150/150 characters')).toBeVisible()
  await page.getByLabel('Website').fill('https://quinn.example')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(page.getByText('Profile updated!')).toBeVisible()

  await page.getByLabel('Upload profile photo').setInputFiles(photo(3))
  await expect(page.getByText('Profile photo updated!')).toBeVisible()

  await expect(page.getByLabel('Public profile link')).toHaveValue(new RegExp(`/operator/${username}$`))
  await page.getByRole('button', { name: 'Copy Link' }).click()
  await expect(page.getByText('Link copied!')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/operator/${username}$`))

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download QR Code' }).click()])
  expect(download.suggestedFilename()).toBe(`${username}-qr-code.png`)
  const png = fs.readFileSync(await download.path())
  expect(png.subarray(1, 4).toString()).toBe('PNG')
  expect(png.readUInt32BE(16)).toBe(300) // IHDR width

  // Free operators see the analytics upgrade prompt; the public page is live.
  await expect(page.getByRole('button', { name: 'Upgrade to Premium' })).toBeVisible()
  await page.goto(`/operator/${username}`)
  await expect(page.getByText('Quinn Family Homes').first()).toBeVisible()
})

test('the premium operator confirms a tour and sees its analytics', async ({ page: visitorPage, premiumOperator }) => {
  const page = premiumOperator.page
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  const propertyId = await premiumOperator.addHome({ name: `Tour Test Home ${Date.now()}`, city: 'Austin', state: 'TX', zip: '78704' })
  const visitor = `Tess Visitor ${Date.now()}`
  const date = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10)
  const res = await visitorPage.request.post('/api/tours', {
    data: { property_id: propertyId, visitor_name: visitor, visitor_email: 'tess@example.com', visitor_phone: '(555) 010-7777', scheduled_date: date, scheduled_time: '11:15', notes: '' },
  })
  expect(res.status(), await res.text()).toBe(201)

  await page.goto('/operator-dashboard?tab=tours')
  const tour = page.getByRole('listitem', { name: `Tour by ${visitor}` })
  await expect(tour.getByText('Pending')).toBeVisible()
  await tour.getByRole('button', { name: 'Confirm' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm Tour' }).click()
  await expect(page.getByText('Tour Confirmed')).toBeVisible()
  await expect(tour.getByText('Confirmed')).toBeVisible()

  await page.getByRole('tab', { name: 'Profile' }).click()
  await expect(page.getByText('Profile Views (30 days)')).toBeVisible()
  await expect(page.getByText('Messages Sent (30 days)')).toBeVisible()
  await expect(page.getByTestId('email-signature')).toContainText('Senior Living Operator')
  await expect(page.getByTestId('email-signature').getByRole('link', { name: 'View My Profile' })).toBeVisible()
  await page.getByRole('button', { name: 'Copy Signature' }).click()
  await expect(page.getByText('Copied to clipboard!')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Senior Living Operator')

  await page.getByRole('tab', { name: 'Interests' }).click()
  await expect(page.getByRole('heading', { name: 'Referral Interests' })).toBeVisible()
  await page.goto('/operator-dashboard?tab=messages')
  await expect(page.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true')
  for (const stat of ['Active Properties', 'Referral Interests', 'Upcoming Tours', 'Unread Messages']) {
    await expect(page.getByLabel('Dashboard stats').getByText(stat)).toBeVisible()
  }
})

test('the premium operator approves a pending review and it appears on the public profile', async ({ page: visitor, premiumOperator, referrer, referral, admin }) => {
  // A pending review of the operator's home: the admin places the referral there, the referrer reviews through the e-mailed link.
  const propertyId = await premiumOperator.addHome({ name: `Review Home ${Date.now()}`, city: 'Austin', state: 'TX', zip: '78704' })
  const placed = await admin.page.request.patch(`/api/admin/referrals/${referral.id}`, { data: { status: 'placed', matched_property_id: propertyId } })
  expect(placed.status(), await placed.text()).toBe(200)
  const token = await tokenFromEmail(referrer.email, 'review_request')
  const text = `Nice place but parking for visitors is tight ${Date.now()}.`
  const posted = await visitor.request.post('/api/reviews', {
    data: {
      token, referral_id: referral.id, reviewer_name: 'Alex P.', reviewer_email: referrer.email, rating: 3, review_text: text,
      communication_rating: 4, professionalism_rating: 3, facility_quality_rating: 3, overall_experience_rating: 3,
    },
  })
  expect(posted.status(), await posted.text()).toBe(201)
  await visitor.goto(`/operator/${premiumOperator.username}`)
  await expect(visitor.getByRole('heading', { level: 1, name: premiumOperator.organization })).toBeVisible()
  await expect(visitor.getByText(text)).toHaveCount(0)

  const page = premiumOperator.page
  await page.goto('/operator-dashboard?tab=reviews')
  const review = page.getByRole('listitem', { name: 'Review by Alex P.' })
  await expect(review.getByText('Pending')).toBeVisible()
  await review.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText('Review Approved')).toBeVisible()
  await expect(review.getByText('Approved', { exact: true })).toBeVisible()
  await visitor.reload()
  await expect(visitor.getByText(text)).toBeVisible()
})

test('the Danger Zone deletes the account after the password and signs out to /', async ({ page }) => {
  const user = await signUpByApi(page)
  await page.goto('/operator-dashboard?tab=profile')
  await page.getByRole('button', { name: 'Delete Account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
  await dialog.getByLabel('Password').fill('wrong-password')
  await dialog.getByRole('button', { name: 'Delete My Account' }).click()
  await expect(dialog.getByText('Incorrect password')).toBeVisible()
  await dialog.getByLabel('Password').fill(user.password)
  await dialog.getByRole('button', { name: 'Delete My Account' }).click()
  await expect(page.getByText('Account deleted')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  const me = await (await page.request.get('/api/me')).json()
  expect(me.user).toBeNull()
})

test('an operator edits, tries to geocode and deletes a property whose ZIP is unknown', async ({ page }) => {
  await signUpByApi(page, { first_name: 'Gene', last_name: 'Geo' })
  await page.goto('/operator-dashboard')
  const name = `Unknown Zip Home ${Date.now()}`
  await page.getByRole('button', { name: 'Add Property' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Property' })
  await dialog.getByLabel('Property name').fill(name)
  await dialog.getByLabel('Address').fill('1 Nowhere Road')
  await dialog.getByLabel('City').fill('Nowhere')
  await dialog.getByLabel('State').fill('TX')
  await dialog.getByLabel('ZIP code').fill('00000')
  await dialog.getByLabel('Total beds').fill('2')
  await dialog.getByLabel('Available beds').fill('1')
  await dialog.getByRole('button', { name: 'Create Property' }).click()
  await expect(page.getByText('Property created but geocoding failed. Address may not appear on map.')).toBeVisible()

  const card = page.getByLabel(name, { exact: true })
  await card.getByRole('button', { name: 'Geocode' }).click()
  await expect(page.getByText('Failed to geocode property')).toBeVisible()

  // Free plan: one photo per property; the first is added, the second is named with the reason and the way to Premium.
  await card.getByRole('tab', { name: /Images/ }).click()
  await card.getByLabel(`Upload photos for ${name}`).setInputFiles([photo(1), photo(2)])
  await expect(card.getByRole('status').filter({ hasText: '1 file was not added' })).toContainText('The free plan includes 1 photo per property.')
  await card.getByRole('button', { name: 'Upgrade to Premium' }).click()
  await expect(page.getByRole('dialog', { name: 'Upgrade to Premium' })).toBeVisible()
  await page.getByRole('button', { name: 'Maybe later' }).click()

  await card.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: `Edit ${name}` })
  await edit.getByLabel('Available beds').fill('5')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(edit.getByText('Available beds cannot exceed total beds')).toBeVisible()
  await edit.getByLabel('Available beds').fill('2')
  await edit.getByLabel('Total beds').fill('3')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Property updated')).toBeVisible()
  await card.getByRole('tab', { name: 'Details' }).click()
  await expect(card.getByText('2 of 3 beds available')).toBeVisible()

  await card.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Property' }).click()
  await expect(page.getByText('Property deleted successfully')).toBeVisible()
  await expect(page.getByLabel(name, { exact: true })).toHaveCount(0)
})

test('recording says so when the camera is refused', async ({ premiumOperator }) => {
  const name = `Camera Shy House ${Date.now()}`
  await premiumOperator.addHome({ name, city: 'Austin', state: 'TX', zip: '78704' })
  const page = premiumOperator.page
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
  })
  await page.goto('/operator-dashboard')
  const card = page.getByLabel(name, { exact: true })
  await card.getByRole('tab', { name: /^Videos/ }).click()
  await card.getByRole('button', { name: 'Start Recording' }).click()
  await expect(page.getByText('Recording Error')).toBeVisible()
  await expect(page.getByText('Could not access camera/microphone. Please check permissions.')).toBeVisible()
  await expect(card.getByTestId('video-recorder')).toHaveAttribute('data-state', 'idle')
})
