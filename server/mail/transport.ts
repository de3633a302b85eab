import fs from 'node:fs'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { outbox } from '../db/schema'
import { dataDir, env } from '../env'

type OutboxRow = typeof outbox.$inferSelect

let smtp: nodemailer.Transporter | null = null
function smtpTransport() {
  smtp ??= nodemailer.createTransport(env.SMTP_URL!)
  return smtp
}

/** Sends one outbox row, or writes it as an .eml file when no SMTP server is configured. */
export async function sendMail(row: OutboxRow) {
  const message = {
    from: env.MAIL_FROM,
    to: row.to_email,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body ?? undefined,
    headers: { 'X-Homeward-Type': row.type, 'X-Homeward-Id': row.id },
  }
  if (env.SMTP_URL) {
    await smtpTransport().sendMail(message)
    return
  }
  // nodemailer's stream transport builds the exact RFC 822 message an SMTP server would get.
  const built = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    .sendMail(message)
  const dir = path.join(dataDir(), 'outbox')
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, `${row.id}.eml`), built.message as Buffer)
}
