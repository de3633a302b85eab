import type { ApiErrorBody, ErrorCode } from '@server/errors'

/** The server's closed list of error codes, plus the browser's own: no answer arrived, a file download failed. */
export type ClientErrorCode = ErrorCode | 'network' | 'download_failed'

/**
 * The one way the browser talks to the server. Errors arrive in the API's
 * single shape {"error": {"code", "message", "fields"}} and are thrown as
 * ApiError so forms and toasts can show the server's exact text.
 * Compare `code` with the server's codes: the type refuses a code it never sends.
 */
export class ApiError extends Error {
  constructor(
    public status: number,
    public code: ClientErrorCode,
    message: string,
    public fields?: Record<string, string>,
  ) {
    super(message)
  }
}

type Options = Omit<RequestInit, 'body'> & { body?: unknown; query?: Record<string, unknown> }

/** The URL api() asks for: `/api<path>`, with the query's non-empty values in their order. */
export function apiUrl(path: string, query?: Record<string, unknown>) {
  let url = `/api${path}`
  if (query) {
    const params = new URLSearchParams()
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v))
    const qs = params.toString()
    if (qs) url += `?${qs}`
  }
  return url
}

/**
 * How many times a request answered 503 server_busy is sent again. The server says so when its
 * password-hash queue is full (a burst of sign-ins); such an answer checked and wrote nothing, so the
 * browser waits the Retry-After seconds and asks again, the person seeing the button still busy, and
 * shows the server's "The server is busy…" only if it is still busy after that.
 */
export const BUSY_RETRIES = 3

type Transport = (url: string, init: RequestInit) => Promise<Response>
/**
 * Where api() sends its requests: the browser's fetch; on the server, while it
 * renders a public page, the app itself in process and without the visitor's
 * cookies (server/ssr/render.tsx), so a rendered page holds only what any visitor may read.
 */
let transport: Transport = (url, init) => fetch(url, init)
export function setApiTransport(send: Transport) {
  transport = send
}

export async function api<T = unknown>(path: string, { body, query, headers, ...init }: Options = {}): Promise<T> {
  const url = apiUrl(path, query)
  // A form or a file goes as it is (its own type, or the one named in headers).
  const isForm = body instanceof FormData || body instanceof Blob
  // No custom header on a plain GET: the browser then hands it the answer the page's HTML
  // already asked for (<link rel="preload" as="fetch">, client/src/app/early-requests.ts).
  const plainGet = body === undefined && !headers && (init.method ?? 'GET') === 'GET'
  for (let attempt = 0; ; attempt++) {
    const response = await transport(url, {
      credentials: 'same-origin',
      ...init,
      headers: plainGet ? undefined : { Accept: 'application/json', ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : isForm ? (body as FormData | Blob) : JSON.stringify(body),
    })
    const text = await response.text()
    const data = text ? safeJson(text) : null
    if (response.ok) return data as T
    const error = (data as Partial<ApiErrorBody> | null)?.error
    const retryAfter = Number(response.headers.get('Retry-After'))
    if (error?.code === 'server_busy' && retryAfter > 0 && attempt < BUSY_RETRIES) {
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000))
      continue
    }
    throw new ApiError(response.status, error?.code ?? 'http_error', error?.message ?? `Request failed (${response.status})`, error?.fields)
  }
}

function safeJson(text: string) {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** The message to show for a failed call: the server's, or a fallback. */
export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback

/**
 * Uploads with progress (fetch has no upload progress): XMLHttpRequest,
 * resolving to the JSON answer or rejecting with ApiError.
 */
export function upload<T>(path: string, form: FormData, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `/api${path}`)
    xhr.responseType = 'text'
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(Math.round((e.loaded / e.total) * 100))
    xhr.onload = () => {
      const data = xhr.responseText ? safeJson(xhr.responseText) : null
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T)
      else {
        const error = (data as Partial<ApiErrorBody> | null)?.error
        reject(new ApiError(xhr.status, error?.code ?? 'http_error', error?.message ?? 'Upload failed', error?.fields))
      }
    }
    xhr.onerror = () => reject(new ApiError(0, 'network', 'Upload failed'))
    xhr.send(form)
  })
}
