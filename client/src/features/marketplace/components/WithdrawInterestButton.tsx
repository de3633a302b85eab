import { toast } from '../../../lib/toast'
import { Button } from '../../../components/ui/button'
import { errorMessage } from '../../../lib/api'
import { useWithdrawInterest } from '../api/withdraw-interest'

/** What expressing interest does, said before the first one. */
export const INTEREST_MEANS =
  'Expressing interest tells the referrer you could take this client and opens a conversation with them. It is free, and you can withdraw it.'

/** Takes an operator's interest in a referral back (the server refuses while they paid or wait in line for it). */
export function WithdrawInterestButton({ referralId, size }: { referralId: string; size?: 'sm' }) {
  const withdraw = useWithdrawInterest()
  return (
    <Button
      variant="outline"
      size={size}
      disabled={withdraw.isPending}
      onClick={() =>
        withdraw.mutate(referralId, {
          onSuccess: () => toast.success('Interest withdrawn'),
          onError: (error) => toast.error(errorMessage(error, 'Failed to withdraw interest')),
        })
      }
    >
      Withdraw Interest
    </Button>
  )
}
