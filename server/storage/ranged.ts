/**
 * A Range request (RFC 9110 §14) answered from a stored file that can be
 * sliced (a bucket's object: Bun answers ranges itself only for a file on
 * disk). One range — what a video element asks for when it seeks — gets a
 * 206 with only those bytes; several ranges or a malformed header get the
 * whole file (allowed: a server may ignore Range); a range past the end, 416.
 */
export function rangedResponse(file: Blob, size: number, range: string | undefined, headers: Record<string, string>) {
  const whole = () => new Response(file.stream(), { headers: { ...headers, 'Accept-Ranges': 'bytes', 'Content-Length': String(size) } })
  const match = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null
  if (!match || (match[1] === '' && match[2] === '')) return whole()
  let start: number
  let end: number
  if (match[1] === '') {
    // bytes=-N: the last N bytes.
    start = Math.max(0, size - Number(match[2]))
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  }
  if (start >= size || end < start) {
    return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } })
  }
  return new Response(file.slice(start, end + 1).stream(), {
    status: 206,
    headers: { ...headers, 'Accept-Ranges': 'bytes', 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': String(end - start + 1) },
  })
}
