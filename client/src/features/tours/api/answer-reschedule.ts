import { useMutation } from '@tanstack/react-query'
import type { RescheduleAnswer } from '@server/features/tours/tours.schemas'
import { api } from '../../../lib/api'
import { rescheduleLinkPath, type RescheduleOutcome } from './tours'

/** The visitor accepts or declines the proposed time (no sign-in: the e-mailed link is the credential). */
export const answerReschedule = ({ token, answer }: { token: string; answer: RescheduleAnswer }) =>
  api<RescheduleOutcome>(rescheduleLinkPath(token), { method: 'POST', body: { answer } })

/** Nothing cached changes: the page shows the outcome the answer carries. */
export const useAnswerReschedule = () => useMutation({ mutationFn: answerReschedule })
