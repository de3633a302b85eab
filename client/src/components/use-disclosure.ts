import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'

/**
 * A button that shows and hides a panel (the header's mobile menu, the
 * notifications). The panel closes on every navigation (a link to the page
 * already shown too: it gets a new location key), on Escape (focus goes back
 * to `button`), and, when `root` is set on an element, on a press outside it.
 * The navigation case is state adjusted during render, not an effect.
 */
export function useDisclosure<Root extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const root = useRef<Root>(null)
  const { key } = useLocation()
  const [shownAt, setShownAt] = useState(key)
  if (shownAt !== key) {
    setShownAt(key)
    setOpen(false)
  }
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    const onPress = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('mousedown', onPress)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('mousedown', onPress)
    }
  }, [open])
  return { open, setOpen, toggle: () => setOpen((v) => !v), button, root }
}
