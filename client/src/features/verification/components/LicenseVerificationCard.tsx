import { useQuery } from '@tanstack/react-query'
import { FileCheck2, Upload } from 'lucide-react'
import { useRef, useState } from 'react'
import { toast } from '../../../lib/toast'
import {
  LICENSE_PROOF_ACCEPT,
  MAX_LICENSE_PROOF_BYTES,
  VERIFICATION_STATUS_LABELS,
} from '@server/features/verification/verification.schemas'
import { Badge, type BadgeTone } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { errorMessage } from '../../../lib/api'
import { fileSize, shortDate } from '../../../lib/format'
import { licensingLabel } from '../../properties'
import { useUploadLicenseProof } from '../api/upload-license-proof'
import { licenseProofUrl, myVerificationQuery } from '../api/verification'

const TONES: Record<string, BadgeTone> = { unverified: 'gray', pending: 'amber', verified: 'green', rejected: 'red', superseded: 'gray' }
const PROOF_LABELS: Record<string, string> = { pending: 'Awaiting review', verified: 'Verified', rejected: 'Not accepted', superseded: 'Replaced' }

/**
 * License verification on the Profile tab: the operator uploads
 * proof of their license for an admin to check; a verified operator shows
 * the Verified badge (and State Licensed when licensed). The file is private.
 */
export function LicenseVerificationCard() {
  const uploading = useUploadLicenseProof()
  const query = useQuery(myVerificationQuery)
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | null>(null)

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = ''
    if (!file) return
    // The server decides from the bytes; this only spares a long upload that would be refused.
    if (file.size > MAX_LICENSE_PROOF_BYTES) return void toast.error('File too large', { description: `Please select a file smaller than ${fileSize(MAX_LICENSE_PROOF_BYTES)}` })
    setProgress(0)
    try {
      await uploading.mutateAsync({ file, onProgress: setProgress })
      toast.success('License proof uploaded', { description: 'An admin will review it.' })
    } catch (error) {
      toast.error('Upload failed', { description: errorMessage(error, 'Failed to upload license proof') })
    } finally {
      setProgress(null)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>License Verification</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-slate-700">
        {query.isPending ? (
          <p>Loading...</p>
        ) : query.isError ? (
          <p className="text-red-700">Failed to load your verification</p>
        ) : (
          <>
            <p className="flex flex-wrap items-center gap-2">
              Status:
              <Badge tone={TONES[query.data.verification_status] ?? 'gray'} data-testid="verification-status">
                {VERIFICATION_STATUS_LABELS[query.data.verification_status] ?? query.data.verification_status}
              </Badge>
            </p>
            {query.data.verification_status === 'verified' ? (
              <p>
                An admin checked your license. Your profile shows the Verified badge
                {query.data.licensing_type === 'licensed' ? ' and State Licensed' : ''}. Changing your licensing type needs a new proof.
              </p>
            ) : (
              <>
                <p>
                  Upload proof of your license (PDF, JPG or PNG, up to {fileSize(MAX_LICENSE_PROOF_BYTES)}) for your licensing type, {licensingLabel(query.data.licensing_type)}. An admin
                  checks it; once verified, your profile shows the Verified badge, and State Licensed if your licensing type is Licensed. Only you and
                  Homeward admins can open the file. Photos are stored without their location and camera details.
                </p>
                <input
                  ref={input}
                  type="file"
                  accept={LICENSE_PROOF_ACCEPT}
                  className="sr-only"
                  aria-label="Upload license proof"
                  onChange={(e) => pick(e.target.files?.[0])}
                />
                <Button variant="outline" onClick={() => input.current?.click()} disabled={progress !== null}>
                  <Upload className="h-4 w-4" aria-hidden="true" />
                  {progress !== null ? `Uploading... ${progress}%` : query.data.verification_status === 'pending' ? 'Replace Proof' : 'Upload License Proof'}
                </Button>
              </>
            )}
            {query.data.proofs.length > 0 && (
              <ul className="space-y-2" aria-label="Your license proofs">
                {query.data.proofs.map((p) => (
                  <li key={p.id} className="rounded-md border border-slate-200 p-2">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <a href={licenseProofUrl(p.id)} className="flex min-w-0 items-center gap-1 font-medium text-brand-700 hover:underline">
                        <FileCheck2 className="h-4 w-4 shrink-0" aria-hidden="true" />
                        <span className="truncate">{p.file_name}</span>
                      </a>
                      <Badge tone={TONES[p.status] ?? 'gray'}>{PROOF_LABELS[p.status] ?? p.status}</Badge>
                    </div>
                    <p className="mt-1 text-xs text-slate-600">Uploaded {shortDate(p.created_at)}</p>
                    {p.reason && (
                      <p className="mt-1 text-xs text-slate-800">
                        <span className="font-medium">{p.status === 'rejected' ? 'Reason: ' : 'Note: '}</span>
                        {p.reason}
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}
