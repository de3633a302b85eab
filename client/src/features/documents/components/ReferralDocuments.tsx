import { useQuery } from '@tanstack/react-query'
import { Download, FileText, PenLine } from 'lucide-react'
import { useEffect, useState } from 'react'
import { toast } from '../../../lib/toast'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'
import { shortDate } from '../../../lib/format'
import { documentsQuery, downloadDocument, type ReferralDocument } from '../api/documents'
import { useSignDocument } from '../api/sign-document'
import { DocumentUploadForm } from './DocumentUploadForm'

export const fileSize = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`

/**
 * Documents of one referral: tabs all / mine / theirs (by uploader role),
 * download, upload with progress, Mark Signed. Used by the referrer
 * dashboard (one referral, optionally one operator's exchange) and the
 * operator dashboard. Changes arrive live through the realtime provider.
 */
export function ReferralDocuments({ referralId, operatorId }: { referralId: string; operatorId?: string }) {
  const list = useQuery(documentsQuery(referralId, operatorId))
  const [tab, setTab] = useState('all')

  useEffect(() => {
    if (list.isError) toast.error('Error loading documents')
  }, [list.isError])

  if (list.isPending) return <Spinner label="Loading documents" />
  if (list.isError) return <p className="text-sm text-red-700">Error loading documents</p>

  const { items, can_upload, operators } = list.data
  const groups = {
    all: items,
    mine: items.filter((d) => d.mine),
    theirs: items.filter((d) => !d.mine),
  }
  return (
    <div className="space-y-4">
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Documents">
          <TabsTrigger value="all">All ({groups.all.length})</TabsTrigger>
          <TabsTrigger value="mine">Mine ({groups.mine.length})</TabsTrigger>
          <TabsTrigger value="theirs">Theirs ({groups.theirs.length})</TabsTrigger>
        </TabsList>
        {(['all', 'mine', 'theirs'] as const).map((key) => (
          <TabsContent key={key} value={key}>
            {groups[key].length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-600">No documents yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {groups[key].map((doc) => (
                  <DocumentRow key={doc.id} doc={doc} />
                ))}
              </ul>
            )}
          </TabsContent>
        ))}
      </Tabs>
      {can_upload && <DocumentUploadForm referralId={referralId} operatorId={operatorId} operators={operators} />}
    </div>
  )
}

function DocumentRow({ doc }: { doc: ReferralDocument }) {
  const [downloading, setDownloading] = useState(false)
  const sign = useSignDocument()
  const markSigned = () =>
    sign.mutate(doc, { onSuccess: () => toast.success('Document marked as signed'), onError: () => toast.error('Error marking document') })
  const download = async () => {
    setDownloading(true)
    try {
      await downloadDocument(doc)
    } catch {
      toast.error('Download failed')
    } finally {
      setDownloading(false)
    }
  }

  return (
    <li className="flex flex-wrap items-start gap-3 p-4" aria-label={doc.file_name}>
      <FileText className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="break-all font-medium text-slate-900">{doc.file_name}</span>
          {doc.requires_signature &&
            (doc.is_signed ? (
              <Badge tone="green">Signed</Badge>
            ) : (
              <Badge tone="amber">Needs Signature</Badge>
            ))}
          {doc.shared_with_all_operators && doc.uploader_role === 'referrer' && <Badge>Shared with all operators</Badge>}
        </p>
        {doc.description && <p className="mt-0.5 text-sm text-slate-700">{doc.description}</p>}
        <p className="mt-1 text-xs text-slate-600">
          {fileSize(doc.file_size)} · Uploaded by {doc.uploader_name} · {shortDate(doc.created_at)}
          {doc.is_signed && doc.signed_at && ` · Signed by ${doc.signed_by_name} on ${shortDate(doc.signed_at)}`}
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={download} disabled={downloading} aria-label={`Download ${doc.file_name}`}>
          <Download className="h-4 w-4" aria-hidden="true" />
          Download
        </Button>
        {doc.can_sign && (
          <Button size="sm" onClick={markSigned} disabled={sign.isPending}>
            <PenLine className="h-4 w-4" aria-hidden="true" />
            Mark Signed
          </Button>
        )}
      </div>
    </li>
  )
}
