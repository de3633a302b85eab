import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, type FieldErrors } from 'react-hook-form'
import { toast } from '../../../../lib/toast'
import type { z } from 'zod'
import { Button } from '../../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card'
import { Field } from '../../../../components/ui/field'
import { Input, Select, Textarea } from '../../../../components/ui/input'
import { ApiError, errorMessage } from '../../../../lib/api'
import { SOCIAL_LABELS, SOCIAL_NETWORKS, updateProfileSchema, USERNAME_MESSAGE, type UpdateProfile } from '@server/features/operators/profile.schemas'
import type { MyProfile } from '../../api/dashboard'
import { useUpdateProfile } from '../../api/update-profile'
import { SPECIALIZATION_LABELS, SPECIALIZATIONS } from '@server/features/care/care-extras.constants'
import { ChoiceCheckboxes } from '../../../care'

type FormInput = z.input<typeof updateProfileSchema>
type Profile = { [K in keyof MyProfile]: MyProfile[K] extends Date ? string : MyProfile[K] }
const ORDER = ['username', 'first_name', 'last_name', 'organization_name', 'bio', 'years_of_experience', 'specializations', ...SOCIAL_NETWORKS.map((n) => `social_links.${n}`)]

const errorAt = (errors: FieldErrors<FormInput>, path: string) =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as { message?: string } | undefined

/** Username (lower-cased as typed), names, organization, bio with the plan's counter, specializations, social links. */
export function ProfileSettingsForm({ profile, onUpgrade }: { profile: Profile; onUpgrade: (reason: string) => void }) {
  const update = useUpdateProfile()
  const unlimited = profile.max_bio_length > 150
  const form = useForm<FormInput, unknown, UpdateProfile>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: {
      username: profile.username ?? '',
      first_name: profile.first_name,
      last_name: profile.last_name,
      organization_name: profile.organization_name ?? '',
      bio: profile.bio ?? '',
      years_of_experience: profile.years_of_experience,
      licensing_type: profile.licensing_type,
      specializations: profile.specializations,
      social_links: Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, (profile.social_links as Record<string, string>)[n] ?? ''])),
    },
  })
  const { errors, isSubmitting } = form.formState
  const bio = form.watch('bio') ?? ''
  const username = form.register('username')
  const bioField = form.register('bio')

  const onInvalid = (e: FieldErrors<FormInput>) => {
    const first = ORDER.map((p) => errorAt(e, p)?.message).find(Boolean) ?? 'Please check the form'
    if (first === USERNAME_MESSAGE) toast.error('Invalid username', { description: first })
    else toast.error('Validation Error', { description: first })
  }
  const onSubmit = async (values: UpdateProfile) => {
    try {
      await update.mutateAsync(values)
      toast.success('Profile updated!')
    } catch (error) {
      if (error instanceof ApiError && error.code === 'username_taken') form.setError('username', { message: error.message })
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) form.setError(field as keyof FormInput, { message })
      }
      if (error instanceof ApiError && error.code === 'premium_required') onUpgrade(error.message)
      toast.error(errorMessage(error, 'Failed to update profile'))
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Settings</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} className="space-y-4">
          <Field label="Username" error={errorAt(errors, 'username')?.message} hint="Lowercase letters, numbers and hyphens. Your public page is /operator/username.">
            <Input
              autoComplete="off"
              {...username}
              onChange={(e) => {
                e.target.value = e.target.value.toLowerCase()
                return username.onChange(e)
              }}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" required error={errorAt(errors, 'first_name')?.message}>
              <Input autoComplete="given-name" {...form.register('first_name')} />
            </Field>
            <Field label="Last name" required error={errorAt(errors, 'last_name')?.message}>
              <Input autoComplete="family-name" {...form.register('last_name')} />
            </Field>
          </div>
          <Field label="Organization name" error={errorAt(errors, 'organization_name')?.message}>
            <Input autoComplete="organization" {...form.register('organization_name')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Years of experience" error={errorAt(errors, 'years_of_experience')?.message}>
              <Input type="number" min={0} max={80} {...form.register('years_of_experience', { valueAsNumber: true })} />
            </Field>
            <Field label="Licensing" error={errorAt(errors, 'licensing_type')?.message}>
              <Select {...form.register('licensing_type')}>
                <option value="licensed">Licensed</option>
                <option value="in_progress">Licensing in progress</option>
                <option value="unlicensed">Unlicensed / family-operated</option>
              </Select>
            </Field>
          </div>
          <Field label="Bio" error={errorAt(errors, 'bio')?.message} hint={`${bio.length}/${profile.max_bio_length} characters`}>
            <Textarea
              rows={5}
              {...bioField}
              onChange={(e) => {
                if (!unlimited && e.target.value.length > profile.max_bio_length) {
                  // Free plan: typing beyond the limit is blocked and the upgrade dialog opens.
                  e.target.value = e.target.value.slice(0, profile.max_bio_length)
                  onUpgrade(`The free plan allows a bio of up to ${profile.max_bio_length} characters. Upgrade to Premium for a bio of up to 2000 characters.`)
                }
                return bioField.onChange(e)
              }}
            />
          </Field>
          <ChoiceCheckboxes
            legend="Specializations"
            hint="Shown on your public profile and directory card; referrers can filter operators by them."
            values={SPECIALIZATIONS}
            labels={SPECIALIZATION_LABELS}
            register={form.register('specializations')}
            error={errorAt(errors, 'specializations')?.message}
          />
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-slate-800">Social links</legend>
            {SOCIAL_NETWORKS.map((n) => (
              <Field key={n} label={SOCIAL_LABELS[n]} error={errorAt(errors, `social_links.${n}`)?.message}>
                <Input type="url" placeholder="https://" {...form.register(`social_links.${n}`)} />
              </Field>
            ))}
          </fieldset>
          <div className="flex justify-end">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save Profile'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
