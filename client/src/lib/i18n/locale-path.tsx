import { useCallback, useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { isLocalized, localizedPath, splitLocalePath } from '@server/lib/locale-paths'
import { useLocale } from '.'

export { isLocalized, localizedPath, splitLocalePath } from '@server/lib/locale-paths'

/**
 * Links to the public pages in the language being read (ADR 037): `lp('/browse')` is `/es/browse` on a Spanish
 * page, `/browse` on an English one. Other paths (sign-in, dashboards) have one address and stay as they are.
 */
export function useLocalePath() {
  const locale = useLocale()
  return useCallback((to: string) => {
    const [, path = '/', rest = ''] = to.match(/^([^?#]*)(.*)$/) ?? []
    return isLocalized(path) ? localizedPath(path, locale) + rest : to
  }, [locale])
}

/**
 * On a public page, the address says the language (`/es/…` Spanish): a page opened at an address is read in its
 * language (main.tsx), and from then on the address follows the tab's language. A language chosen with the
 * switcher (or a signed-in person's saved one) moves to the same page's other address, in place of the current
 * history entry (a language is a setting, not a page: Back goes to the page before, not to the other language,
 * which would only be moved again); a link to the English address while reading Spanish (a page not converted to
 * `useLocalePath` yet) is replaced by its Spanish one.
 */
export function LocalePathSync() {
  const locale = useLocale()
  const { pathname, search, hash } = useLocation()
  const navigate = useNavigate()
  const previous = useRef(locale)
  useEffect(() => {
    const changed = previous.current !== locale
    previous.current = locale
    const { locale: inPath, path } = splitLocalePath(pathname)
    if (!isLocalized(path) || inPath === locale) return
    void navigate(localizedPath(path, locale) + search + hash, { replace: true, preventScrollReset: changed })
  }, [locale, pathname, search, hash, navigate])
  return null
}
