/** Labels shared by property cards, the property page and operator cards. */
export const LICENSING_LABELS: Record<string, string> = {
  licensed: 'Licensed',
  in_progress: 'In Progress',
  unlicensed: 'Unlicensed',
}

export const licensingLabel = (type: string) => LICENSING_LABELS[type] ?? 'Unlicensed'

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

