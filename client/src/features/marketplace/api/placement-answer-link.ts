import { queryOptions, useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { z } from 'zod'
import type { placementLinkAnsweredSchema, placementLinkSchema } from '@server/features/marketplace/marketplace.responses'

/** What an e-mailed placement answer link asks (no sign-in). */
export const placementAnswerLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['placement-answers', token] as const,
    queryFn: () => api<z.infer<typeof placementLinkSchema>>(`/placement-answers/${encodeURIComponent(token)}`),
    retry: false,
  })

export const answerByLink = ({ token, placed, decline_payment }: { token: string; placed: boolean; decline_payment?: boolean }) =>
  api<z.infer<typeof placementLinkAnsweredSchema>>(`/placement-answers/${encodeURIComponent(token)}`, { method: 'POST', body: { placed, decline_payment } })

export const useAnswerByLink = () => useMutation({ mutationFn: answerByLink })
