/**
 * The systems area's public surface (ADR 018; ADR 038): registered systems — a hospital's system
 * that authenticates with SMART Backend Services and acts for a referrer account. Its routes under
 * /fhir/r4 (discovery, the token endpoint) and at the root (discovery), and the registry's use cases
 * for the CLI.
 */
export { systemsFhirRoutes as fhirRouter, systemsRootRoutes as rootRouter } from './systems.routes'
export { addClient, listClients, revokeClient, tokenUrl } from './client-registry'
export type { FhirClientView } from './client-registry'
export { registerSystemsJobs } from './systems.jobs'
export { requireSystem, systemAuth } from './bearer'
export { allows } from './scopes'
