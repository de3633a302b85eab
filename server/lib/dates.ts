/**
 * Calendar dates as the API carries them: `yyyy-MM-dd` strings, read as UTC
 * days so the answer does not depend on the server's time zone.
 */

/** Whole years from a date of birth (`yyyy-MM-dd`) to `at`: one more only once the birthday has come. */
export function ageOn(dob: string, at: Date) {
  const birth = new Date(`${dob}T00:00:00Z`)
  let age = at.getUTCFullYear() - birth.getUTCFullYear()
  const m = at.getUTCMonth() - birth.getUTCMonth()
  if (m < 0 || (m === 0 && at.getUTCDate() < birth.getUTCDate())) age--
  return age
}
