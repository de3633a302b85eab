import { expect, test } from 'bun:test'
import { MAX_DOCUMENT_BYTES } from '@server/features/documents/documents.schemas'
import { MAX_VIDEO_BYTES } from '@server/features/properties/video-rules'
import { MAX_LICENSE_PROOF_BYTES } from '@server/features/verification/verification.schemas'
import { fileSize } from './format'

test('fileSize states the upload limits as people read them', () => {
  expect(fileSize(MAX_LICENSE_PROOF_BYTES)).toBe('10 MB')
  expect(fileSize(MAX_DOCUMENT_BYTES)).toBe('10 MB')
  expect(fileSize(MAX_VIDEO_BYTES)).toBe('100 MB')
  expect(fileSize(1.5 * 1024 * 1024)).toBe('1.5 MB')
  expect(fileSize(200 * 1024)).toBe('200 KB')
  expect(fileSize(12)).toBe('12 B')
})
