/** What clsx accepts: strings, falsy values to skip, arrays, and objects of class → condition. */
export type ClassValue = string | number | bigint | boolean | null | undefined | ClassDictionary | ClassValue[]
type ClassDictionary = Record<string, unknown>

function toClassList(value: ClassValue): string {
  if (!value) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'bigint') return String(value)
  if (value === true) return ''
  if (Array.isArray(value)) return value.map(toClassList).filter(Boolean).join(' ')
  return Object.keys(value)
    .filter((key) => value[key])
    .join(' ')
}

let merge = (classes: string) => classes

/**
 * Installs tailwind-merge (lib/tw-merge.ts does, when it loads). It is not
 * imported here: cn is in the entry chunk (the app shell's spinner and error
 * page), tailwind-merge is 7 KB brotli, and the build has every page import
 * lib/tw-merge.ts before it runs (client/common-chunk.ts). So only what renders
 * before the first page (the loading spinner, the error page when a page cannot
 * load) joins classes without merging them; none of them passes a conflicting class.
 */
export function setClassMerge(fn: (classes: string) => string) {
  merge = fn
}

/**
 * Joins class names like clsx, then lets tailwind-merge drop the earlier of two
 * conflicting utilities, so a caller's `className="px-2"` really replaces a
 * component's `px-4` instead of depending on the order of Tailwind's CSS.
 */
export function cn(...classes: ClassValue[]) {
  return merge(toClassList(classes))
}
