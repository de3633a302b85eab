/** /api/my/properties/:id[/...], the operator's own homes. */
export const propertyPath = (id: string, rest = '') => `/my/properties/${encodeURIComponent(id)}${rest}`
