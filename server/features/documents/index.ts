/**
 * The documents area's public surface (ADR 018: docs/decisions/018-feature-boundaries.md):
 * its router, which app.ts mounts, and what other areas, the CLI and lib use.
 * Other modules import this area only through this file; the rest of the folder
 * is private to it (tests excepted).
 */
export { documentsRoutes as router } from './documents.routes'

export { cleanFileName } from './upload-document'
export { MAX_DOCUMENT_BYTES } from './documents.schemas'
export { listDocuments } from './list-documents'
// A FHIR transaction's inline attachments become the new referral's documents under the upload's rules (ADR 041).
export { attachReferrerDocument, prepareDocument, type PreparedDocument } from './attach-documents'
export { downloadDocument } from './download-document'
