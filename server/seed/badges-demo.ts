import { eq } from 'drizzle-orm'
import { placeOf, sealFileBytes } from '../lib/sealed-file'
import { clock, DAY } from '../lib/clock'
import { newKey, writeFile } from '../storage/files'
import type { DB } from '../db/client'
import { transaction } from '../db/unit-of-work'
import { license_proofs, profiles, reviews } from '../db/schema'

type Ids = { admin: string; premium: string; comp: string; properties: readonly { id: string; operator: string }[] }

/** A one-page PDF saying what it is: demo data, not a real license. */
const demoPdf = (holder: string) =>
  new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% Demo license proof of ${holder}: not a real license.\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  )

const ratings = (communication: number, professionalism: number, facility: number, overall: number) => ({
  communication_rating: communication,
  professionalism_rating: professionalism,
  facility_quality_rating: facility,
  overall_experience_rating: overall,
})

/**
 * The demo's badges, earned the way real ones are: approved reviews
 * that make Sunrise Care Homes and Harbor Family Homes Top Rated, a license
 * proof an admin verified for Sunrise (Verified, State Licensed) and one of
 * Harbor's still awaiting review in the admin's Operators tab. The proofs are
 * sealed on disk like uploaded ones.
 */
export async function seedBadgeDemo(database: DB, ids: Ids) {
  const now = clock.ms()
  const homesOf = (operator: string) => ids.properties.filter((p) => p.operator === operator).map((p) => p.id)
  const [, p2, p3, p4] = homesOf(ids.premium)
  const [c1, c2] = homesOf(ids.comp)
  const approved = { status: 'approved' as const }
  const proofs = [
    { operator: ids.premium, holder: 'Sunrise Care Homes', licensing_type: 'licensed' as const, status: 'verified' as const, ago: 40 * DAY },
    { operator: ids.comp, holder: 'Harbor Family Homes', licensing_type: 'in_progress' as const, status: 'pending' as const, ago: 2 * DAY },
  ]
  // The sealed files first, then every row in one transaction.
  const stored: { key: string; size: number }[] = []
  for (const proof of proofs) {
    const bytes = demoPdf(proof.holder)
    const key = newKey('license-proofs', proof.operator, 'pdf')
    await writeFile(key, sealFileBytes(placeOf(key), bytes))
    stored.push({ key, size: bytes.length })
  }
  await transaction(database, async (tx) => {
  await tx
    .insert(reviews)
    .values([
      { property_id: p2!, reviewer_name: 'Grace L.', reviewer_email: 'grace@example.com', rating: 5, review_text: 'Answered our referral the same afternoon and kept us informed all the way.', ...ratings(5, 5, 4, 5), ...approved, created_at: new Date(now - 20 * DAY) },
      { property_id: p3!, reviewer_name: 'Omar S.', reviewer_email: 'omar@example.com', rating: 5, review_text: 'Bright rooms, patient staff and a smooth move-in for my client.', ...ratings(5, 5, 5, 5), ...approved, created_at: new Date(now - 12 * DAY) },
      { property_id: p4!, reviewer_name: 'Helen K.', reviewer_email: 'helen@example.com', rating: 5, review_text: 'Professional from the first call; the home is spotless.', ...ratings(4, 5, 5, 5), ...approved, created_at: new Date(now - 6 * DAY) },
      { property_id: c1!, reviewer_name: 'Luis M.', reviewer_email: 'luis@example.com', rating: 5, review_text: 'A warm family home; my brother loves the garden.', ...ratings(5, 4, 5, 5), ...approved, created_at: new Date(now - 15 * DAY) },
      { property_id: c1!, reviewer_name: 'Beth A.', reviewer_email: 'beth@example.com', rating: 4, review_text: 'Calm routine and kind staff. Paperwork took a little while.', ...ratings(4, 4, 4, 4), ...approved, created_at: new Date(now - 9 * DAY) },
      { property_id: c2!, reviewer_name: 'Kim T.', reviewer_email: 'kim@example.com', rating: 5, review_text: 'They called back within the hour and found a bed the same week.', ...ratings(5, 5, 4, 5), ...approved, created_at: new Date(now - 3 * DAY) },
    ])

  for (const [i, proof] of proofs.entries()) {
    const { key, size } = stored[i]!
    await tx
      .insert(license_proofs)
      .values({
        operator_id: proof.operator,
        storage_key: key,
        file_name: `${proof.holder} license.pdf`,
        file_type: 'application/pdf',
        file_size: size,
        licensing_type: proof.licensing_type,
        status: proof.status,
        reviewed_by: proof.status === 'verified' ? ids.admin : null,
        reviewed_at: proof.status === 'verified' ? new Date(now - proof.ago + DAY) : null,
        created_at: new Date(now - proof.ago),
      })
    await tx.update(profiles).set({ verification_status: proof.status }).where(eq(profiles.id, proof.operator))
  }
  })
}
