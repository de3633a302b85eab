import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/button'
import { columnsOf, DataTable } from '../../../components/ui/data-table'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { Input, Select } from '../../../components/ui/input'
import { ApiError, errorMessage } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { type SmartEhr, smartEhrsQuery, useAddEhr, useRemoveEhr } from '../api/smart-ehrs'
import { dateTime, useLoadErrorToast } from './admin-ui'

const CLIENT_TYPES = {
  public: 'Public (PKCE only)',
  secret: 'Confidential, client secret',
  jwks: 'Confidential, Homeward’s public key (JWKS)',
} as const

function RemoveButton({ ehr }: { ehr: SmartEhr }) {
  const remove = useRemoveEhr()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Remove
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Remove this EHR?"
        description={`Launches from ${ehr.iss} will be refused, and launches under way end.`}
        confirmLabel="Remove"
        variant="destructive"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(ehr.id, {
            onSuccess: () => {
              setOpen(false)
              toast.success('EHR removed')
            },
            onError: (error) => toast.error('Failed to remove the EHR', { description: errorMessage(error, 'Please try again.') }),
          })
        }
      />
    </>
  )
}

const col = columnsOf<SmartEhr>()
const columns = col.columns([
  col.accessor('iss', { header: 'FHIR base URL (iss)', meta: { className: 'break-all' } }),
  col.accessor('client_id', { header: 'Client ID', meta: { className: 'break-all' } }),
  col.accessor((e) => CLIENT_TYPES[e.client_auth], { id: 'client_auth', header: 'Client type' }),
  col.accessor((e) => e.frame_origins.join(', '), { id: 'frame_origins', header: 'May frame Homeward' }),
  col.accessor('created_at', { header: 'Added', cell: (c) => dateTime(c.getValue()), meta: { className: 'whitespace-nowrap' } }),
  col.display({ id: 'actions', header: 'Actions', cell: ({ row }) => <RemoveButton ehr={row.original} /> }),
])

/** Registering an EHR: its FHIR base URL, the client id it gave Homeward, and how Homeward authenticates. */
function AddEhrForm() {
  const add = useAddEhr()
  const [clientAuth, setClientAuth] = useState<keyof typeof CLIENT_TYPES>('public')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const origins = String(data.get('frame_origins') ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
    setErrors({})
    add.mutate(
      {
        iss: String(data.get('iss') ?? ''),
        client_id: String(data.get('client_id') ?? ''),
        client_auth: clientAuth,
        client_secret: clientAuth === 'secret' ? String(data.get('client_secret') ?? '') || undefined : undefined,
        frame_origins: origins.length ? origins : undefined,
      },
      {
        onSuccess: ({ ehr }) => {
          form.reset()
          setClientAuth('public')
          toast.success('EHR registered', { description: ehr.jwks_url ? `Give the EHR this JWKS URL: ${ehr.jwks_url}` : ehr.iss })
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k.split('.')[0]!, v])))
          toast.error('Failed to register the EHR', { description: errorMessage(error, 'Please try again.') })
        },
      },
    )
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="add-ehr-title" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h3 id="add-ehr-title" className="text-base font-semibold text-slate-900">
        Register an EHR
      </h3>
      <div className="grid gap-3 md:grid-cols-2">
        <Field label="FHIR base URL (iss)" required error={errors.iss} hint="As the EHR sends it in the launch, e.g. https://fhir.hospital.example/api/FHIR/R4">
          <Input name="iss" type="url" autoComplete="off" />
        </Field>
        <Field label="Client ID" required error={errors.client_id} hint="The id the EHR gave Homeward when it was registered there">
          <Input name="client_id" autoComplete="off" />
        </Field>
        <Field label="Client type" error={errors.client_auth}>
          <Select name="client_auth" value={clientAuth} onChange={(e) => setClientAuth(e.target.value as keyof typeof CLIENT_TYPES)}>
            {Object.entries(CLIENT_TYPES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        {clientAuth === 'secret' && (
          <Field label="Client secret" required error={errors.client_secret} hint="Kept encrypted; never shown again">
            <Input name="client_secret" type="password" autoComplete="off" />
          </Field>
        )}
        <Field label="Origins that may frame Homeward" error={errors.frame_origins} hint="Optional, separated by commas; the FHIR base URL's origin if empty">
          <Input name="frame_origins" autoComplete="off" />
        </Field>
      </div>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Registering…' : 'Register EHR'}
      </Button>
    </form>
  )
}

/** The EHRs that may launch Homeward from a patient's chart (SMART App Launch), and the URLs to give them. */
export function SmartEhrsTab() {
  const ehrs = useQuery(smartEhrsQuery())
  useLoadErrorToast(ehrs.error, 'Failed to load the EHRs')
  return (
    <div className="space-y-4">
      {ehrs.data && (
        <dl className="grid gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm md:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-slate-800">Launch URL</dt>
          <dd className="break-all">
            <code>{ehrs.data.launch_url}</code>
          </dd>
          <dt className="font-medium text-slate-800">Redirect URL</dt>
          <dd className="break-all">
            <code>{ehrs.data.redirect_url}</code>
          </dd>
        </dl>
      )}
      <AddEhrForm />
      <DataTable caption="Registered EHRs" order="by FHIR base URL" noun="EHRs" emptyText="No EHR is registered yet." columns={columns} query={{ data: ehrs.data?.items, isPending: ehrs.isPending, isError: ehrs.isError }} rowTestId={(e) => `smart-ehr-${e.id}`} />
    </div>
  )
}
