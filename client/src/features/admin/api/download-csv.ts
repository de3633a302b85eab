import { useMutation } from '@tanstack/react-query'

export type CsvPath = '/admin/operators.csv' | '/admin/referrers.csv' | `/admin/funnel.csv?days=${30 | 90}`

/** Downloads a CSV export under the server's file name (which carries the date). */
export async function downloadCsv(path: CsvPath) {
  const response = await fetch(`/api${path}`, { credentials: 'same-origin' })
  if (!response.ok) throw new Error(`Export failed (${response.status})`)
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv'
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
  return name
}

/** A read, but a user action with a busy state and an outcome (the file name): a mutation. */
export const useDownloadCsv = () => useMutation({ mutationFn: downloadCsv })
