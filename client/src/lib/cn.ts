import { twMerge } from 'tailwind-merge'

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

/**
 * Joins class names like clsx, then lets tailwind-merge drop the earlier of two
 * conflicting utilities, so a caller's `className="px-2"` really replaces a
 * component's `px-4` instead of depending on the order of Tailwind's CSS.
 */
export function cn(...classes: ClassValue[]) {
  return twMerge(toClassList(classes))
}
