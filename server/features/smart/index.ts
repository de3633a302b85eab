/**
 * The smart area's public surface (ADR 018; the launch: ADR 033): SMART App Launch from an EHR.
 * Its API router (the draft's pick-up, the admin's EHR registry), the /smart pages (launch,
 * callback, keys), the framing rule for the pages a launch opens, and the registry's use cases for
 * the CLI. It sits on top, beside admin and fhir, whose import it feeds.
 */
export { smartRoutes as router, smartPages } from './smart.routes'
export { launchFraming } from './framing'
export { addEhr, listEhrs, removeEhr, launchUrl, redirectUrl } from './ehr-registry'
export type { SmartEhrView } from './ehr-registry'
