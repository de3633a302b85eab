/** How many homes one account's shortlist holds: enough to compare side by side. */
export const SHORTLIST_MAX = 10
export const SHORTLIST_FULL = `Your shortlist holds ${SHORTLIST_MAX} homes. Remove one to add another.`
