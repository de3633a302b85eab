import { Crown, Copy } from 'lucide-react'
import { toast } from '../../../../lib/toast'
import { Button } from '../../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card'
import type { MyProfile } from '../../api/dashboard'
import { publicProfileUrl } from './SharingCard'
import { personName } from '../../../../lib/format'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** Premium e-mail signature: name, 'Senior Living Operator', 'View My Profile'. */
export function EmailSignatureCard({
  profile,
  onUpgrade,
}: {
  profile: Pick<MyProfile, 'username' | 'first_name' | 'last_name' | 'organization_name' | 'email_signature'>
  onUpgrade: (reason: string) => void
}) {
  const name = personName(profile.first_name, profile.last_name)
  if (!profile.email_signature) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>E-mail Signature</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 text-sm text-slate-600">
          <p>Premium members get a ready-made e-mail signature that links to their public profile.</p>
          <Button size="sm" variant="outline" onClick={() => onUpgrade('The e-mail signature is a Premium feature.')}>
            <Crown className="h-4 w-4" aria-hidden="true" /> Upgrade
          </Button>
        </CardContent>
      </Card>
    )
  }
  const url = profile.username ? publicProfileUrl(profile.username) : null
  const html = `<div style="font-family:Arial,sans-serif;font-size:14px;color:#0f172a"><strong>${escapeHtml(name)}</strong><br>${profile.organization_name ? `${escapeHtml(profile.organization_name)}<br>` : ''}Senior Living Operator${url ? `<br><a href="${escapeHtml(url)}" style="color:#0f766e">View My Profile</a>` : ''}</div>`
  const text = [name, profile.organization_name, 'Senior Living Operator', url ? `View My Profile: ${url}` : null].filter(Boolean).join('\n')

  const copy = async () => {
    try {
      if (typeof ClipboardItem !== 'undefined' && navigator.clipboard.write) {
        await navigator.clipboard.write([new ClipboardItem({ 'text/html': new Blob([html], { type: 'text/html' }), 'text/plain': new Blob([text], { type: 'text/plain' }) })])
      } else await navigator.clipboard.writeText(text)
      toast.success('Copied to clipboard!')
    } catch {
      toast.error('Failed to copy', { description: 'Please copy the signature manually' })
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>E-mail Signature</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="rounded-md border border-slate-200 p-3 text-sm" data-testid="email-signature">
          <p className="font-semibold text-slate-900">{name}</p>
          {profile.organization_name && <p className="text-slate-700">{profile.organization_name}</p>}
          <p className="text-slate-700">Senior Living Operator</p>
          {url ? (
            <a href={url} className="text-brand-700 underline">
              View My Profile
            </a>
          ) : (
            <p className="text-slate-500">Save a username to add the View My Profile link.</p>
          )}
        </div>
        <Button size="sm" variant="outline" onClick={copy}>
          <Copy className="h-4 w-4" aria-hidden="true" /> Copy Signature
        </Button>
      </CardContent>
    </Card>
  )
}
