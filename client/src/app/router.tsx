import { createBrowserRouter } from 'react-router'
import { Layout } from './layout'
import { RequireAuth } from './require-auth'
import { HomePage } from '../features/home/HomePage'
import { AuthPage } from '../features/auth/pages/AuthPage'
import { NotFoundPage } from '../features/not-found/NotFoundPage'
import { BrowsePage } from '../features/properties/pages/BrowsePage'
import { PropertyPage } from '../features/properties/pages/PropertyPage'
import { ConfirmBedsPage } from '../features/properties/pages/ConfirmBedsPage'
import { TourReschedulePage } from '../features/tours/pages/TourReschedulePage'
import { BrowseOperatorsPage } from '../features/operators/pages/BrowseOperatorsPage'
import { OperatorProfilePage } from '../features/operators/pages/OperatorProfilePage'
import { BrowseReferralsPage } from '../features/marketplace/pages/BrowseReferralsPage'
import { SubmitReferralPage } from '../features/referrals/pages/SubmitReferralPage'
import { ReferrerDashboardPage } from '../features/referrals/pages/ReferrerDashboardPage'
import { MyReferralsPage } from '../features/messaging/pages/MyReferralsPage'
import { OperatorDashboardPage } from '../features/operator-dashboard/pages/OperatorDashboardPage'
import { AdminPage } from '../features/admin/pages/AdminPage'
import { PricingPage } from '../features/billing/pages/PricingPage'
import { SubscriptionSuccessPage } from '../features/billing/pages/SubscriptionSuccessPage'
import { OfflineCheckoutPage } from '../features/billing/pages/OfflineCheckoutPage'
import { ManageSubscriptionPage } from '../features/billing/pages/ManageSubscriptionPage'
import { ReviewPage } from '../features/reviews/pages/ReviewPage'
import { ForOperatorsPage } from '../features/info/pages/ForOperatorsPage'
import { HowItWorksPage } from '../features/info/pages/HowItWorksPage'
import { HelpPage } from '../features/info/pages/HelpPage'
import { AccountPage } from '../features/accounts/pages/AccountPage'
import { ForgotPasswordPage, ResetPasswordPage, VerifyEmailPage } from '../features/accounts/pages/RecoveryPages'

/** The route table of part 2 §2 (kept in step with server/lib/client-routes.ts). */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/browse', element: <BrowsePage /> },
      { path: '/browse-referrals', element: <BrowseReferralsPage /> },
      { path: '/browse-operators', element: <BrowseOperatorsPage /> },
      { path: '/submit-referral', element: <SubmitReferralPage /> },
      { path: '/for-operators', element: <ForOperatorsPage /> },
      { path: '/how-it-works', element: <HowItWorksPage /> },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/admin', element: <RequireAuth admin><AdminPage /></RequireAuth> },
      { path: '/operator-dashboard', element: <RequireAuth><OperatorDashboardPage /></RequireAuth> },
      { path: '/operator/:username', element: <OperatorProfilePage /> },
      { path: '/property/:id', element: <PropertyPage /> },
      { path: '/my-referrals', element: <RequireAuth><MyReferralsPage /></RequireAuth> },
      { path: '/referrer-dashboard', element: <RequireAuth><ReferrerDashboardPage /></RequireAuth> },
      { path: '/subscription-success', element: <SubscriptionSuccessPage /> },
      { path: '/review/:referralId', element: <ReviewPage /> },
      { path: '/help', element: <HelpPage /> },
      { path: '/account', element: <RequireAuth><AccountPage /></RequireAuth> },
      { path: '/pay/offline/:kind/:id', element: <RequireAuth><OfflineCheckoutPage /></RequireAuth> },
      { path: '/billing/manage', element: <RequireAuth><ManageSubscriptionPage /></RequireAuth> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/confirm-beds', element: <ConfirmBedsPage /> },
      { path: '/tour-reschedule', element: <TourReschedulePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
])
