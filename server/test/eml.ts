/**
 * Just enough MIME to read what the outbox wrote: the decoded body of the
 * first part of a given content type in an .eml file (tests only).
 */
export function emlPart(eml: string, contentType: string): { headers: string; body: string } | null {
  const boundaries = [...eml.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]!)
  for (const boundary of boundaries) {
    for (const raw of eml.split(`--${boundary}`)) {
      const split = raw.search(/\r?\n\r?\n/)
      if (split < 0) continue
      const headers = raw.slice(0, split)
      if (!new RegExp(`Content-Type:\\s*${contentType.replace('/', '\\/')}`, 'i').test(headers)) continue
      const content = raw.slice(split).trim()
      const encoding = /Content-Transfer-Encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase()
      const body =
        encoding === 'base64'
          ? Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8')
          : encoding === 'quoted-printable'
            ? content.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
            : content
      return { headers, body }
    }
  }
  return null
}

/**
 * An iCalendar text as its VEVENT's properties (RFC 5545: folded lines are
 * unfolded, parameters dropped, text escapes undone). Throws when the text is
 * not one VCALENDAR with one VEVENT, so a broken file fails the test.
 */
export function parseIcsEvent(ics: string): Record<string, string> {
  const lines = ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/).filter(Boolean)
  if (lines[0] !== 'BEGIN:VCALENDAR' || lines.at(-1) !== 'END:VCALENDAR') throw new Error('not a VCALENDAR')
  const start = lines.indexOf('BEGIN:VEVENT')
  const end = lines.indexOf('END:VEVENT')
  if (start < 0 || end < start || lines.lastIndexOf('BEGIN:VEVENT') !== start) throw new Error('expected exactly one VEVENT')
  const props: Record<string, string> = {}
  for (const line of [...lines.slice(1, start), ...lines.slice(start + 1, end)]) {
    const colon = line.indexOf(':')
    if (colon < 0) throw new Error(`malformed line: ${line}`)
    const name = line.slice(0, colon).split(';')[0]!
    props[name] = line.slice(colon + 1).replace(/\\([,;\\])/g, '$1').replace(/\\n/gi, '\n')
  }
  return props
}
