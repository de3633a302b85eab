/** Labels shared by property cards, the property page and operator cards: the app's one wording (client/src/lib/labels.ts). */
export { LICENSING_LABELS, licensingLabel } from '../../../lib/labels'

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
