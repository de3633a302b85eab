import { Copy, Download, Mail, Share2 } from 'lucide-react'
import QRCode from 'qrcode'
import { useEffect, useState } from 'react'
import { toast } from '../../../../lib/toast'
import { Button } from '../../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card'
import { Input } from '../../../../components/ui/input'

/** The public profile URL: {origin}/operator/{username}. */
export const publicProfileUrl = (username: string) => `${window.location.origin}/operator/${encodeURIComponent(username)}`

/** The profile's QR code: 300 px wide, margin 2, black on white, PNG. */
export const qrCodeFor = (url: string) => QRCode.toDataURL(url, { width: 300, margin: 2, color: { dark: '#000000', light: '#ffffff' } })

/** Share the public profile: copy the link, a downloadable QR code, social networks. */
export function SharingCard({ username }: { username: string | null }) {
  const [qr, setQr] = useState<string | null>(null)
  const url = username ? publicProfileUrl(username) : null

  useEffect(() => {
    setQr(null)
    if (!url) return
    let live = true
    qrCodeFor(url)
      .then((data) => live && setQr(data))
      .catch(() => toast.error('Failed to generate QR code'))
    return () => {
      live = false
    }
  }, [url])

  if (!username || !url) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Share Your Profile</CardTitle>
        </CardHeader>
        <CardContent className="text-sm text-slate-600">Save a username to publish your profile and get a link and QR code to share.</CardContent>
      </Card>
    )
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      toast.success('Link copied!')
    } catch {
      toast.error('Failed to copy', { description: 'Please copy the link manually' })
    }
  }
  const download = () => {
    if (!qr) return void toast.error('Failed to generate QR code')
    const a = document.createElement('a')
    a.href = qr
    a.download = `${username}-qr-code.png`
    document.body.appendChild(a)
    a.click()
    a.remove()
  }
  const text = 'Learn about our group homes'
  const shares = [
    { label: 'Facebook', icon: Share2, href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
    { label: 'X', icon: Share2, href: `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}` },
    { label: 'LinkedIn', icon: Share2, href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}` },
    { label: 'E-mail', icon: Mail, href: `mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(url)}` },
  ]

  return (
    <Card>
      <CardHeader>
        <CardTitle>Share Your Profile</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex gap-2">
          <Input readOnly value={url} aria-label="Public profile link" onFocus={(e) => e.target.select()} />
          <Button variant="outline" onClick={copy}>
            <Copy className="h-4 w-4" aria-hidden="true" /> Copy Link
          </Button>
        </div>
        <div className="flex flex-col items-center gap-2">
          {qr ? <img src={qr} width={300} height={300} alt={`QR code for ${url}`} className="h-40 w-40 border border-slate-200" /> : <div className="h-40 w-40 animate-pulse bg-slate-100" />}
          <Button size="sm" variant="outline" onClick={download} disabled={!qr}>
            <Download className="h-4 w-4" aria-hidden="true" /> Download QR Code
          </Button>
        </div>
        <div className="flex flex-wrap gap-2">
          {shares.map(({ label, icon: Icon, href }) => (
            <a key={label} href={href} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50">
              <Icon className="h-4 w-4" aria-hidden="true" /> Share on {label}
            </a>
          ))}
        </div>
      </CardContent>
    </Card>
  )
}
