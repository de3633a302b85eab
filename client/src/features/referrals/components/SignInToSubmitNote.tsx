import { LogIn } from 'lucide-react'
import { Link } from 'react-router'

/** Step 1's word to a signed-out visitor: the form can be filled in first, sign-in comes at submission. */
export function SignInToSubmitNote({ onSignUp }: { onSignUp?: () => void }) {
  return (
    <div role="note" className="flex gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-slate-800">
      <LogIn className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
      <p>
        <strong>You'll need to sign in to submit this referral.</strong> Fill in the form first if you like: when you submit, we'll ask you to
        sign in or{' '}
        <Link to={`/auth?mode=signup&as=referrer&redirect=${encodeURIComponent('/submit-referral')}`} onClick={onSignUp} className="font-medium text-brand-800 underline">
          create a free account
        </Link>
        , and your answers will still be here. Referring is free.
      </p>
    </div>
  )
}
