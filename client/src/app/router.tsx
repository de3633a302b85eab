import type { ComponentType } from 'react'
import { isLocalized, localizedRoutePattern } from '@server/lib/locale-paths'
import { Outlet, type RouteObject } from 'react-router'
import { Spinner } from '../components/ui/spinner'
import { Layout } from './layout'
import { loadQueryClient } from './data-layer'
import { loaders } from './loaders'
import { RequireAuth } from './require-auth'
import { RouteErrorPage } from './route-error'

/*
 * Every page is a lazy route: Bun.build (splitting: true) gives each page
 * module its own chunk, named after the file (assets/AdminPage-<hash>.js), so
 * a visitor downloads the pages they open. A route's loader is static, so
 * react-router runs it while the chunk downloads (see loaders.ts).
 */
const queryFreePage = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) => async () => ({
  Component: pick(await load()),
})
/** A page that queries (nearly all): rendered once the query client, loaded beside it, is there (data-layer.ts). */
const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) => async () => {
  const [module] = await Promise.all([load(), loadQueryClient()])
  return { Component: pick(module) }
}
// client/build.ts reads this file: each page route states its `path`, then
// imports its page module, with no other `path` in between. The server names
// that page's files in the route's HTML (preloads.json, modulepreload), so they
// download beside the entry instead of one import after another; with the
// query client's files, unless the route is a queryFreePage (the home, referral
// form and not-found pages render without react-query, which loads after them).

const pages: RouteObject[] = [
  { path: '/', lazy: queryFreePage(() => import('../features/home/pages/HomePage'), (m) => m.HomePage) },
  { path: '/browse', loader: loaders.browse, lazy: page(() => import('../features/properties/pages/BrowsePage'), (m) => m.BrowsePage) },
  {
    path: '/browse-referrals',
    loader: loaders.browseReferrals,
    lazy: page(() => import('../features/marketplace/pages/BrowseReferralsPage'), (m) => m.BrowseReferralsPage),
  },
  {
    path: '/browse-operators',
    loader: loaders.browseOperators,
    lazy: page(() => import('../features/operators/pages/BrowseOperatorsPage'), (m) => m.BrowseOperatorsPage),
  },
  {
    path: '/submit-referral',
    // Its form waits for the query client itself: the heading and the note show without it.
    lazy: queryFreePage(() => import('../features/referrals/pages/SubmitReferralPage'), (m) => m.SubmitReferralPage),
  },
  { path: '/for-operators', lazy: page(() => import('../features/info/pages/ForOperatorsPage'), (m) => m.ForOperatorsPage) },
  { path: '/how-it-works', lazy: page(() => import('../features/info/pages/HowItWorksPage'), (m) => m.HowItWorksPage) },
  { path: '/pricing', lazy: page(() => import('../features/billing/pages/PricingPage'), (m) => m.PricingPage) },
  { path: '/auth', lazy: page(() => import('../features/auth/pages/AuthPage'), (m) => m.AuthPage) },
  {
    path: '/operator/:username',
    loader: loaders.operatorProfile,
    lazy: page(() => import('../features/operators/pages/OperatorProfilePage'), (m) => m.OperatorProfilePage),
  },
  {
    path: '/property/:id',
    loader: loaders.property,
    lazy: page(() => import('../features/properties/pages/PropertyPage'), (m) => m.PropertyPage),
  },
  {
    path: '/subscription-success',
    lazy: page(() => import('../features/billing/pages/SubscriptionSuccessPage'), (m) => m.SubscriptionSuccessPage),
  },
  {
    path: '/review/:referralId',
    loader: loaders.review,
    lazy: page(() => import('../features/reviews/pages/ReviewPage'), (m) => m.ReviewPage),
  },
  { path: '/help', lazy: page(() => import('../features/info/pages/HelpPage'), (m) => m.HelpPage) },
  { path: '/compare', lazy: page(() => import('../features/properties/pages/ComparePage'), (m) => m.ComparePage) },
  {
    path: '/forgot-password',
    lazy: page(() => import('../features/accounts/pages/RecoveryPages'), (m) => m.ForgotPasswordPage),
  },
  { path: '/reset-password', lazy: page(() => import('../features/accounts/pages/RecoveryPages'), (m) => m.ResetPasswordPage) },
  { path: '/verify-email', lazy: page(() => import('../features/accounts/pages/RecoveryPages'), (m) => m.VerifyEmailPage) },
  {
    path: '/confirm-beds',
    loader: loaders.confirmBeds,
    lazy: page(() => import('../features/properties/pages/ConfirmBedsPage'), (m) => m.ConfirmBedsPage),
  },
  { path: '/answer-placement', lazy: page(() => import('../features/marketplace/pages/AnswerPlacementPage'), (m) => m.AnswerPlacementPage) },
  { path: '/unsubscribe', lazy: page(() => import('../features/notifications/pages/UnsubscribePage'), (m) => m.UnsubscribePage) },
  {
    path: '/tour-reschedule',
    loader: loaders.tourReschedule,
    lazy: page(() => import('../features/tours/pages/TourReschedulePage'), (m) => m.TourReschedulePage),
  },
  { path: '*', lazy: queryFreePage(() => import('../features/not-found/pages/NotFoundPage'), (m) => m.NotFoundPage) },
]

/**
 * The public pages the server renders answer at their Spanish address too (`/es/browse`, `/es/`): the same
 * route, so switching language moves between the two without remounting the page (ADR 037).
 */
const publicPages = pages.map((route) => (route.path && isLocalized(route.path) ? { ...route, path: localizedRoutePattern(route.path) } : route))

/** Signed-in only: RequireAuth sends visitors to /auth and back, as it did around each page. */
const signedInPages: RouteObject[] = [
  {
    path: '/operator-dashboard',
    loader: loaders.operatorDashboard,
    lazy: page(() => import('../features/operator-dashboard/pages/OperatorDashboardPage'), (m) => m.OperatorDashboardPage),
  },
  {
    path: '/my-referrals',
    loader: loaders.myReferrals,
    lazy: page(() => import('../features/messaging/pages/MyReferralsPage'), (m) => m.MyReferralsPage),
  },
  {
    path: '/referrer-dashboard',
    loader: loaders.referrerDashboard,
    lazy: page(() => import('../features/referrals/pages/ReferrerDashboardPage'), (m) => m.ReferrerDashboardPage),
  },
  {
    path: '/account',
    loader: loaders.account,
    lazy: page(() => import('../features/accounts/pages/AccountPage'), (m) => m.AccountPage),
  },
  {
    path: '/pay/offline/:kind/:id',
    loader: loaders.offlineCheckout,
    lazy: page(() => import('../features/billing/pages/OfflineCheckoutPage'), (m) => m.OfflineCheckoutPage),
  },
  {
    path: '/billing/manage',
    loader: loaders.manageSubscription,
    lazy: page(() => import('../features/billing/pages/ManageSubscriptionPage'), (m) => m.ManageSubscriptionPage),
  },
]

const adminPages: RouteObject[] = [
  { path: '/admin', loader: loaders.admin, lazy: page(() => import('../features/admin/pages/AdminPage'), (m) => m.AdminPage) },
]

/**
 * The route table (kept in step with server/lib/client-routes.ts), for the
 * browser's router (main.tsx) and the server's renderer of the public pages
 * (server/ssr/render.tsx): one set of components and loaders on both sides.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    // Shown alone when the layout itself fails.
    errorElement: <RouteErrorPage />,
    // The first page's chunk is still downloading.
    hydrateFallbackElement: <Spinner label="Loading" />,
    children: [
      {
        // A page that fails shows the error inside the layout, header and footer kept.
        errorElement: <RouteErrorPage />,
        children: [
          ...publicPages,
          { element: <RequireAuth><Outlet /></RequireAuth>, children: signedInPages },
          { element: <RequireAuth admin><Outlet /></RequireAuth>, children: adminPages },
        ],
      },
    ],
  },
]
