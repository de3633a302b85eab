import fs from 'node:fs'
import path from 'node:path'
import type { Transporter } from 'nodemailer'
import type { outbox } from '../db/schema'
import { dataDir, env } from '../env'

type OutboxRow = typeof outbox.$inferSelect

let smtp: { url: string; transport: Transporter } | null = null

/** nodemailer loads with the first e-mail, not at start. */
const loadNodemailer = async () => (await import('nodemailer')).default

/** Fail a dead server within seconds (nodemailer waits minutes by default): the outbox job retries with backoff. */
const TIMEOUTS = { connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '30000' }

/** One transport per SMTP_URL (rebuilt when the setting changes, e.g. in tests). Options in the URL's query win. */
async function smtpTransport(url: string) {
  const nodemailer = await loadNodemailer() // before the check, so the check and the swap run without a pause
  if (smtp?.url !== url) {
    smtp?.transport.close()
    let withTimeouts = url
    try {
      const parsed = new URL(url)
      for (const [k, v] of Object.entries(TIMEOUTS)) if (!parsed.searchParams.has(k)) parsed.searchParams.set(k, v)
      withTimeouts = parsed.toString()
    } catch {
      // Not a URL nodemailer can parse either: let it report the error on send.
    }
    smtp = { url, transport: nodemailer.createTransport(withTimeouts) }
  }
  return smtp.transport
}

/** Sends one outbox row, or writes it as an .eml file when no SMTP server is configured. */
export async function sendMail(row: OutboxRow) {
  const message = {
    from: env.MAIL_FROM,
    to: row.to_email,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body ?? undefined,
    headers: { ...(row.headers ?? {}), 'X-Homeward-Type': row.type, 'X-Homeward-Id': row.id },
    attachments: (row.attachments ?? []).map((a) => ({ filename: a.filename, content: a.content, contentType: a.content_type })),
  }
  if (env.SMTP_URL) {
    await (await smtpTransport(env.SMTP_URL)).sendMail(message)
    return
  }
  // nodemailer's stream transport builds the exact RFC 822 message an SMTP server would get.
  const built = await (await loadNodemailer())
    .createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    .sendMail(message)
  const dir = path.join(dataDir(), 'outbox')
  fs.mkdirSync(dir, { recursive: true })
  // Written whole beside its place, then renamed into it: whoever reads the folder never sees half a message.
  const file = path.join(dir, `${row.id}.eml`)
  fs.writeFileSync(`${file}.part`, built.message as Buffer, { mode: 0o600 })
  fs.renameSync(`${file}.part`, file)
}
