import { publicUrl } from '../env'
import { type Locale, translate } from '../i18n'

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export type EmailContent = { subject: string; text: string; html: string }

/**
 * The one e-mail layout: plain text and HTML from the same paragraphs. Every
 * value is escaped in the HTML part. `action.path` is made absolute with PUBLIC_URL.
 * `locale` is the recipient's language (users.preferred_language, ADR 037): the
 * layout's own words (greeting, signature, footer) follow it; the caller's
 * paragraphs are already in it.
 */
export function emailLayout(opts: {
  subject: string
  greeting?: string
  paragraphs: string[]
  /** A list of labelled links after the paragraphs (one per home of a digest), each made absolute like the action. */
  links?: { label: string; path: string }[]
  action?: { label: string; path: string }
  footer?: string
  locale?: Locale
}): EmailContent {
  const locale = opts.locale ?? 'en'
  const url = opts.action ? new URL(opts.action.path, publicUrl()).toString() : null
  const footer = opts.footer ?? translate(locale, 'mail.layout.footer')!
  const greeting = opts.greeting ?? translate(locale, 'mail.layout.hello')!
  const signature = translate(locale, 'mail.layout.signature')!
  const links = (opts.links ?? []).map((l) => ({ label: l.label, url: new URL(l.path, publicUrl()).toString() }))
  const text = [
    greeting,
    '',
    ...opts.paragraphs.flatMap((p) => [p, '']),
    ...links.flatMap((l) => [`${l.label}: ${l.url}`, '']),
    ...(url && opts.action ? [`${opts.action.label}: ${url}`, ''] : []),
    signature,
    '',
    footer,
  ].join('\n')
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:bold;color:#0f766e">Homeward</p>
<p>${escapeHtml(greeting)}</p>
${opts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${links.length ? `<ul>${links.map((l) => `<li style="margin-bottom:8px">${escapeHtml(l.label)}: <a href="${escapeHtml(l.url)}">${escapeHtml(translate(locale, 'mail.layout.confirmOrUpdate')!)}</a></li>`).join('')}</ul>` : ''}
${url && opts.action ? `<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#0f766e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(opts.action.label)}</a></p>` : ''}
<p>${escapeHtml(signature)}</p>
<p style="font-size:12px;color:#64748b">${escapeHtml(footer)}</p>
</div></body></html>`
  return { subject: opts.subject, text, html }
}

/** The line that turns one kind of e-mail off, added to an e-mail already laid out (its link is made per e-mail), in its language. */
export function withUnsubscribe(content: EmailContent, url: string, locale: Locale = 'en'): EmailContent {
  const line = translate(locale, 'mail.layout.unsubscribe')!
  return {
    subject: content.subject,
    text: `${content.text}\n${line}: ${url}\n`,
    html: content.html.replace('</div></body></html>', `<p style="font-size:12px;color:#64748b"><a href="${escapeHtml(url)}">${line}</a> ${escapeHtml(translate(locale, 'mail.layout.orChoose')!)}</p>\n</div></body></html>`),
  }
}
