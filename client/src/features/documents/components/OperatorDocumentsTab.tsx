/** The operator dashboard's Documents tab: documents of the referrals this operator may see. */
export function OperatorDocumentsTab() {
  return <p className="text-slate-600">Documents arrive with messaging.</p>
}
