/**
 * Documents of one referral (all / mine / theirs). Built by the messaging and
 * documents issue; until then it says so.
 */
export function ReferralDocuments(_props: { referralId: string; operatorId?: string }) {
  return <p className="text-slate-600">Documents arrive with messaging.</p>
}
