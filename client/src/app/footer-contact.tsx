import { Mail, Phone } from 'lucide-react'
import { useConfig } from '../lib/config'

/** The footer's support e-mail, phone and hours (GET /api/config): a chunk of its own, since useConfig needs react-query. */
export function FooterContact() {
  const config = useConfig()
  if (!config) return null
  return (
    <ul className="mt-3 space-y-2 text-sm">
      <li className="flex items-center gap-2">
        <Mail className="h-4 w-4" aria-hidden="true" />
        <a className="hover:text-white" href={`mailto:${config.support_email}`}>{config.support_email}</a>
      </li>
      <li className="flex items-center gap-2">
        <Phone className="h-4 w-4" aria-hidden="true" />
        <a className="hover:text-white" href={`tel:${config.support_phone.replace(/[^0-9+]/g, '')}`}>{config.support_phone}</a>
      </li>
      <li>{config.support_hours}</li>
    </ul>
  )
}
