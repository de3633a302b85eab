import { buttonClass } from './ui/button'

/**
 * "Download FHIR": the referral as a FHIR R4 Bundle (GET /api/referrals/:id/fhir,
 * an attachment). Shown to those the server answers: the referrer, an operator
 * who unlocked or was invited, an admin; for anyone but the referrer the
 * download is a disclosure (docs/decisions/026-fhir-r4-import-export.md).
 */
export function DownloadFhirLink({ referralId, name }: { referralId: string; name: string }) {
  return (
    <a
      href={`/api/referrals/${encodeURIComponent(referralId)}/fhir`}
      download
      className={buttonClass({ variant: 'outline', size: 'sm' })}
      aria-label={`Download FHIR record of the referral for ${name}`}
    >
      Download FHIR
    </a>
  )
}
