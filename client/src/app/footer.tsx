import { QueryClientContext } from '@tanstack/react-query'
import { lazy, Suspense, useContext } from 'react'
import { Link } from 'react-router'
import { useNow } from '../lib/render-time'

const FooterContact = lazy(async () => ({ default: (await import('./footer-contact')).FooterContact }))

export function Footer() {
  const client = useContext(QueryClientContext)
  const year = useNow().getFullYear()
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
          {/* From GET /api/config, through the query client, which loads beside the first page. */}
          {client && (
            <Suspense fallback={null}>
              <FooterContact />
            </Suspense>
          )}
        </div>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">© {year} Homeward</p>
    </footer>
  )
}
