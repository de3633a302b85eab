import { zodResolver } from '@hookform/resolvers/zod'
import { Upload } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from '../../../lib/toast'
import { DESCRIPTION_MAX, DOCUMENT_ACCEPT, MAX_DOCUMENT_BYTES } from '@server/features/documents/documents.schemas'
import { Button } from '../../../components/ui/button'
import { Field } from '../../../components/ui/field'
import { Checkbox, Input, Select } from '../../../components/ui/input'
import { errorMessage } from '../../../lib/api'
import { fileSize } from '../../../lib/format'
import { useUploadDocument } from '../api/upload-document'
import { documentFormSchema, type DocumentFormInput, type DocumentFormValues } from '../document-form'

const EMPTY: DocumentFormInput = { file: null, description: '', requires_signature: false, operator_id: '' }

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
  const fileInput = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const progressLabel = useId()
  const uploading = useUploadDocument()
  const form = useForm<DocumentFormInput, unknown, DocumentFormValues>({ resolver: zodResolver(documentFormSchema), defaultValues: EMPTY })

  const onValid = async (values: DocumentFormValues) => {
    setProgress(0)
    try {
      const input = {
        file: values.file!,
        description: values.description ?? '',
        requires_signature: values.requires_signature,
        operator_id: operatorId ?? (values.operator_id || undefined),
      }
      await uploading.mutateAsync({ referralId, input, onProgress: setProgress })
      toast.success('Upload successful')
      // The chosen recipient stays for the next document.
      form.reset({ ...EMPTY, operator_id: values.operator_id })
      if (fileInput.current) fileInput.current.value = ''
    } catch (error) {
      form.setError('file', { message: `Upload failed: ${errorMessage(error, 'Failed to upload document')}` })
    } finally {
      setProgress(null)
    }
  }
  // A file problem ("No file selected", "File too large: ...") is said under the File field, where the user looks; the description's under its own.
  const fileError = form.formState.errors.file?.message

  const busy = progress !== null
  return (
    <form onSubmit={form.handleSubmit(onValid)} className="space-y-3 rounded-lg border border-dashed border-slate-300 p-4" noValidate>
      <h4 className="text-sm font-semibold text-slate-900">Upload a document</h4>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="File" hint={`PDF, DOC, DOCX, JPG or PNG, up to ${fileSize(MAX_DOCUMENT_BYTES)}`} error={fileError}>
          <Input
            ref={fileInput}
            type="file"
            accept={DOCUMENT_ACCEPT}
            className="py-1.5"
            onChange={(e) => form.setValue('file', e.target.files?.[0] ?? null, { shouldValidate: form.formState.isSubmitted })}
            disabled={busy}
          />
        </Field>
        <Field label="Description (optional)" error={form.formState.errors.description?.message}>
          <Input maxLength={DESCRIPTION_MAX} {...form.register('description')} disabled={busy} />
        </Field>
        {!operatorId && operators.length > 0 && (
          <Field label="Share with">
            <Select {...form.register('operator_id')} disabled={busy}>
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
      {/* The server re-encodes image documents without their metadata: a photo taken at a client's home does not say where. */}
      <p className="text-xs text-slate-600">Photos (JPG, PNG) are stored without their location and camera details.</p>
      <Checkbox label="Requires signature" {...form.register('requires_signature')} disabled={busy} />
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
