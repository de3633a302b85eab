/**
 * The directory area's public surface (ADR 018: docs/decisions/018-feature-boundaries.md; the feeds: ADR 032):
 * the public homes with their open beds as a FHIR R4 directory (mounted by app.ts under /fhir/r4, beside the
 * CapabilityStatement) and as the Open Referral HSDS 3.1 API (under /hsds). It reads properties, operators,
 * care and geo through their index.ts, and nothing imports it but app.ts.
 */
export { fhirDirectoryRoutes as fhirRouter } from './fhir-directory.routes'
export { hsdsRoutes as hsdsRouter } from './hsds.routes'
