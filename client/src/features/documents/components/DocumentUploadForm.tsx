import { useQueryClient } from '@tanstack/react-query'
import { Upload } from 'lucide-react'
import { useId, useRef, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { DESCRIPTION_MAX, DOCUMENT_ACCEPT, MAX_DOCUMENT_BYTES } from '@server/features/documents/documents.schemas'
import { Button } from '../../../components/ui/button'
import { Field } from '../../../components/ui/field'
import { Checkbox, Input, Select } from '../../../components/ui/input'
import { errorMessage } from '../../../lib/api'
import { documentKeys, uploadDocument } from '../api/documents'

/**
 * Upload a file with an optional description and signature request. The
 * referrer (without a fixed operator) chooses who receives it: one operator,
 * or every operator who may see the referral.
 */
export function DocumentUploadForm({
  referralId,
  operatorId,
  operators,
}: {
  referralId: string
  operatorId?: string
  operators: { id: string; name: string }[]
}) {
  const queryClient = useQueryClient()
  const fileInput = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [description, setDescription] = useState('')
  const [requiresSignature, setRequiresSignature] = useState(false)
  const [shareWith, setShareWith] = useState('')
  const [progress, setProgress] = useState<number | null>(null)
  const progressLabel = useId()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!file) {
      toast.error('No file selected')
      return
    }
    if (file.size > MAX_DOCUMENT_BYTES) {
      toast.error('File too large', { description: 'Please select a file smaller than 10MB' })
      return
    }
    setProgress(0)
    try {
      await uploadDocument(
        referralId,
        { file, description, requires_signature: requiresSignature, operator_id: operatorId ?? (shareWith || undefined) },
        setProgress,
      )
      toast.success('Upload successful')
      setFile(null)
      setDescription('')
      setRequiresSignature(false)
      if (fileInput.current) fileInput.current.value = ''
      await queryClient.invalidateQueries({ queryKey: documentKeys.list(referralId) })
    } catch (error) {
      toast.error('Upload failed', { description: errorMessage(error, 'Failed to upload document') })
    } finally {
      setProgress(null)
    }
  }

  const busy = progress !== null
  return (
    <form onSubmit={submit} className="space-y-3 rounded-lg border border-dashed border-slate-300 p-4" noValidate>
      <h4 className="text-sm font-semibold text-slate-900">Upload a document</h4>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="File" hint="PDF, DOC, DOCX, JPG or PNG, up to 10MB">
          <Input
            ref={fileInput}
            type="file"
            accept={DOCUMENT_ACCEPT}
            className="py-1.5"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            disabled={busy}
          />
        </Field>
        <Field label="Description (optional)">
          <Input value={description} maxLength={DESCRIPTION_MAX} onChange={(e) => setDescription(e.target.value)} disabled={busy} />
        </Field>
        {!operatorId && operators.length > 0 && (
          <Field label="Share with">
            <Select value={shareWith} onChange={(e) => setShareWith(e.target.value)} disabled={busy}>
              <option value="">All operators who can see this referral</option>
              {operators.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </Select>
          </Field>
        )}
      </div>
      <Checkbox
        label="Requires signature"
        checked={requiresSignature}
        onChange={(e) => setRequiresSignature(e.target.checked)}
        disabled={busy}
      />
      {busy && (
        <div>
          <p id={progressLabel} className="text-xs text-slate-600">
            Uploading… {progress}%
          </p>
          <div
            role="progressbar"
            aria-labelledby={progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${progress}%` }} />
          </div>
        </div>
      )}
      <Button type="submit" disabled={busy}>
        <Upload className="h-4 w-4" aria-hidden="true" />
        Upload
      </Button>
    </form>
  )
}
