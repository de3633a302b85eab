import { useEffect } from 'react'
import { useT } from './i18n'

/** Sets the document title for the current page, in the language being read (the site's own title without one). */
export function usePageTitle(title: string) {
  const t = useT('shell')
  useEffect(() => {
    document.title = title ? t('page.title', { title }) : t('page.defaultTitle')
  }, [title, t])
}
