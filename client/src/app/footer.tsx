import { Mail, Phone } from 'lucide-react'
import { Link } from 'react-router'
import { useConfig } from '../lib/config'

export function Footer() {
  const config = useConfig()
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="text-lg font-bold text-white">Homeward</p>
          <p className="mt-2 text-sm">Connecting group homes with the people who need a safe place to live, in all 50 states.</p>
        </div>
        <nav aria-label="For referrers">
          <h2 className="text-sm font-semibold text-white">For Referrers</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li><Link className="hover:text-white" to="/browse">Browse Homes</Link></li>
            <li><Link className="hover:text-white" to="/browse-operators">Browse Operators</Link></li>
            <li><Link className="hover:text-white" to="/submit-referral">Submit a Referral</Link></li>
            <li><Link className="hover:text-white" to="/how-it-works">How It Works</Link></li>
            <li><Link className="hover:text-white" to="/help">Help Center</Link></li>
          </ul>
        </nav>
        <nav aria-label="For operators">
          <h2 className="text-sm font-semibold text-white">For Operators</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li><Link className="hover:text-white" to="/operator-dashboard">List Your Home</Link></li>
            <li><Link className="hover:text-white" to="/pricing">Pricing</Link></li>
            <li><Link className="hover:text-white" to="/auth">Operator Login</Link></li>
            <li><Link className="hover:text-white" to="/for-operators">For Operators</Link></li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-white">Contact</h2>
          {config && (
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
          )}
        </div>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">© {new Date().getFullYear()} Homeward</p>
    </footer>
  )
}
