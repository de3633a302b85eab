import type { ContentfulStatusCode } from 'hono/utils/http-status'

/**
 * What can stop a launch, each with the page a person sees (launch-page.ts): what happened and
 * what to do. Thrown by the launch's steps; the /smart routes turn it into that page, never a
 * stack trace, and nothing of the launch is kept.
 */
export const LAUNCH_PROBLEMS = {
  bad_request: { status: 400, title: 'This launch link is incomplete', action: "Open Homeward again from the patient's chart in the health record system." },
  unknown_ehr: { status: 403, title: 'Homeward is not set up for this health record system', action: 'Ask your Homeward administrator to register this health record system, then open Homeward again from the chart.' },
  refused: { status: 403, title: 'The health record system did not authorize Homeward', action: "Nothing was imported. Open Homeward again from the patient's chart and allow it, or ask your health record system's administrator." },
  expired: { status: 410, title: 'This launch has expired', action: "Nothing was imported. Open Homeward again from the patient's chart." },
  ehr_unreachable: { status: 502, title: 'The health record system does not answer', action: "Nothing was imported. Try again in a few minutes from the patient's chart." },
  rate_limited: { status: 429, title: 'Too many launches from this network', action: "Nothing was imported. Wait a few minutes, then open Homeward again from the patient's chart." },
  bad_answer: { status: 502, title: 'The health record system sent an answer Homeward cannot use', action: "Nothing was imported. Open Homeward again from the patient's chart; if it happens again, tell your Homeward administrator." },
} as const satisfies Record<string, { status: ContentfulStatusCode; title: string; action: string }>
export type LaunchProblem = keyof typeof LAUNCH_PROBLEMS

export class LaunchError extends Error {
  constructor(
    public problem: LaunchProblem,
    /** One sentence for the person (no care data, no token). */
    public detail: string,
    /** For the log only: what exactly went wrong (never a token or a record). */
    public internal?: string,
  ) {
    super(detail)
  }
}
