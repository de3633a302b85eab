import { useMutation } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { EMAIL_TOPIC_LABELS } from '@server/features/notifications/notifications.constants'
import { Button } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { Page } from '../../../components/ui/page'
import { errorMessage } from '../../../lib/api'
import { unsubscribe } from '../api/email-preferences'

/**
 * /unsubscribe?token=…: the link in an e-mail one may turn off. Opening the
 * page changes nothing (mail scanners open links); the button does, without
 * signing in. Mail clients' own button posts to the API directly (RFC 8058).
 */
export function UnsubscribePage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const done = useMutation({ mutationFn: () => unsubscribe(token) })
  return (
    <Page title="Unsubscribe">
      <Card className="max-w-xl">
        <CardContent className="space-y-4 pt-6">
          {done.isSuccess ? (
            <p role="status">
              You will no longer get e-mails about: {EMAIL_TOPIC_LABELS[done.data.topic].label}. You can turn them back on from your{' '}
              <Link className="font-medium text-brand-700 underline" to="/account">
                account page
              </Link>
              .
            </p>
          ) : (
            <>
              <p>Stop getting this kind of e-mail from Homeward? Notifications in the app stay on.</p>
              {done.isError && (
                <p role="alert" className="text-red-700">
                  {errorMessage(done.error, 'Could not unsubscribe')}
                </p>
              )}
              <Button onClick={() => done.mutate()} disabled={!token || done.isPending}>
                Unsubscribe
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </Page>
  )
}
