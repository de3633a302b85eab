import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { env } from '../../../env'

/**
 * Where a rest-hook may post (ADR 043): https to a public address only, unless the URL's host is one
 * of SUBSCRIPTION_ALLOWED_HOSTS (then http and private addresses too). The host is resolved, EVERY
 * address it resolves to is checked, and the request connects to the address that was checked (the
 * socket's lookup answers it), so a name that resolves to a public address at the check and to
 * 127.0.0.1 at the connection (DNS rebinding) cannot reach the inside. Redirects are not followed, the
 * request has a timeout, and at most a small part of the answer is read.
 */
export const DELIVERY_RULES = { timeoutMs: 10_000, maxResponseBytes: 4096, maxBodyBytes: 1_000_000 } as const

/** Addresses a rest-hook may never reach unless its host is allowed: RFC 6890 special-purpose ranges. */
const blocked = new net.BlockList()
for (const [net4, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net4, prefix, 'ipv4')
for (const [net6, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['2002::', 16],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net6, prefix, 'ipv6')

/** Is this address one a rest-hook may reach without an allowed host? (IPv4-mapped IPv6 is its IPv4.) */
export function isPublicAddress(address: string) {
  const family = net.isIP(address)
  if (family === 4) return !blocked.check(address, 'ipv4')
  if (family !== 6) return false
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return !blocked.check(mapped[1]!, 'ipv4')
  // ::ffff:7f00:1 written in hex is an IPv4-mapped address too: refuse the whole mapped range.
  if (/^::ffff:/i.test(address) || /^0{0,4}:0{0,4}:0{0,4}:0{0,4}:0{0,4}:ffff:/i.test(address)) return false
  return !blocked.check(address, 'ipv6')
}

export class EndpointRefused extends Error {}

const allowedHost = (host: string) => env.SUBSCRIPTION_ALLOWED_HOSTS.includes(host.toLowerCase())
const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '')

/** The URL's own rules, before any resolution: absolute http(s), https unless the host is allowed, no credentials. */
export function endpointProblem(endpoint: string): string | null {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return 'must be an absolute URL'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https URL'
  if (url.username || url.password) return 'must not carry a user name or password (send them in channel.header)'
  if (url.hash) return 'must not have a fragment'
  if (url.protocol === 'http:' && !allowedHost(bareHost(url))) return 'must be an https URL (http only for a host in SUBSCRIPTION_ALLOWED_HOSTS)'
  return null
}

/** Resolution, replaceable by tests (a name that resolves to a public and a private address). */
export const resolver = {
  lookup: async (host: string): Promise<{ address: string; family: number }[]> => dns.promises.lookup(host, { all: true, verbatim: true }),
}

/** Resolves the endpoint's host and checks every address; answers the address to connect to. */
export async function checkedAddress(endpoint: string): Promise<{ url: URL; address: string; family: 4 | 6 }> {
  const problem = endpointProblem(endpoint)
  if (problem) throw new EndpointRefused(`The endpoint ${problem}`)
  const url = new URL(endpoint)
  const host = bareHost(url)
  let addresses: { address: string; family: number }[]
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }]
  else {
    try {
      addresses = await resolver.lookup(host)
    } catch {
      throw new EndpointRefused('The endpoint\'s host name does not resolve')
    }
  }
  if (addresses.length === 0) throw new EndpointRefused('The endpoint\'s host name does not resolve')
  if (!allowedHost(host)) {
    for (const a of addresses) if (!isPublicAddress(a.address)) throw new EndpointRefused('The endpoint resolves to a private, loopback or link-local address')
  }
  const first = addresses[0]!
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 }
}

export type PostResult = { status: number; ok: boolean }

/**
 * POSTs `body` to the endpoint after checking it (every call: the name may resolve elsewhere now),
 * connecting to the checked address. A 3xx is an answer like any other non-2xx: never followed.
 * Throws EndpointRefused for a refused endpoint, an Error for a network failure or a timeout.
 */
export async function postToEndpoint(endpoint: string, headers: Record<string, string>, body: string): Promise<PostResult> {
  const { url, address, family } = await checkedAddress(endpoint)
  const client = url.protocol === 'https:' ? https : http
  return new Promise<PostResult>((resolve, reject) => {
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: bareHost(url),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/fhir+json', 'content-length': String(Buffer.byteLength(body)) },
        // The socket connects to the address checked above, whatever the name resolves to now.
        lookup: ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
          if (options?.all) callback(null, [{ address, family }])
          else callback(null, address, family)
        }) as never,
        ...(url.protocol === 'https:' ? { servername: net.isIP(bareHost(url)) ? undefined : bareHost(url) } : {}),
        timeout: DELIVERY_RULES.timeoutMs,
        agent: false,
      },
      (res) => {
        let read = 0
        res.on('data', (chunk: Buffer) => {
          read += chunk.length
          // Only the status matters: a long answer is cut rather than read.
          if (read > DELIVERY_RULES.maxResponseBytes) res.destroy()
        })
        const done = () => resolve({ status: res.statusCode ?? 0, ok: (res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300 })
        res.on('end', done)
        res.on('close', done)
        res.on('error', done)
      },
    )
    // The socket's timeout is for silence; this one bounds the whole exchange (an answer dripped byte by byte).
    const deadline = setTimeout(() => req.destroy(new Error(`No answer within ${DELIVERY_RULES.timeoutMs / 1000} s`)), DELIVERY_RULES.timeoutMs)
    req.on('close', () => clearTimeout(deadline))
    req.on('timeout', () => req.destroy(new Error(`No answer within ${DELIVERY_RULES.timeoutMs / 1000} s`)))
    req.on('error', (error) => reject(new Error(error.message)))
    req.end(body)
  })
}
