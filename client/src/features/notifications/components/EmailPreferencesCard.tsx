import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { EMAIL_TOPIC_LABELS } from '@server/features/notifications/notifications.constants'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { errorMessage } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { emailPreferencesQuery, useSetEmailPreferences, type EmailPreferences } from '../api/email-preferences'

/** /account: one checkbox per kind of e-mail one may turn off; each change is saved at once. */
export function EmailPreferencesCard() {
  const prefs = useQuery(emailPreferencesQuery)
  const save = useSetEmailPreferences()
  // The box shows the choice at once (set in the same event, so it never flickers back); the saved value replaces it when the server answers, or the old one returns on an error.
  const [choosing, setChoosing] = useState<Partial<EmailPreferences>>({})
  const shown = (topic: keyof EmailPreferences) => choosing[topic] ?? prefs.data?.[topic] ?? true
  const change = async (topic: keyof EmailPreferences, on: boolean) => {
    setChoosing((c) => ({ ...c, [topic]: on }))
    try {
      await save.mutateAsync({ [topic]: on })
      toast.success(on ? `${EMAIL_TOPIC_LABELS[topic].label}: e-mails on` : `${EMAIL_TOPIC_LABELS[topic].label}: e-mails off`)
    } catch (err) {
      toast.error(errorMessage(err, 'Could not save your e-mail choices'))
    } finally {
      setChoosing(({ [topic]: _done, ...rest }) => rest)
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">E-mails</CardTitle>
      </CardHeader>
      <CardContent>
        <fieldset className="space-y-3" disabled={!prefs.data}>
          <legend className="mb-2 text-sm text-slate-600">Choose which e-mails Homeward sends you. Notifications in the app stay on.</legend>
          {(Object.keys(EMAIL_TOPIC_LABELS) as (keyof EmailPreferences)[]).map((topic) => (
            <label key={topic} className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                className="mt-1 size-4 shrink-0"
                checked={shown(topic)}
                onChange={(e) => change(topic, e.target.checked)}
                aria-describedby={`email-topic-${topic}`}
              />
              <span>
                <span className="font-medium">{EMAIL_TOPIC_LABELS[topic].label}</span>
                <span id={`email-topic-${topic}`} className="block text-slate-600">
                  {EMAIL_TOPIC_LABELS[topic].hint}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      </CardContent>
    </Card>
  )
}
