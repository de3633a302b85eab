/**
 * The rules of every uploaded or recorded video (property videos and the
 * operator's video introduction). Pure data: the server enforces
 * them (video-files.ts) and the dashboard checks them before uploading.
 */
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024
export const VIDEO_TOO_LARGE = 'Maximum file size is 100MB'
export const VIDEO_TYPE_MESSAGE = 'Please upload video files only (mp4, webm, mov)'
/** Accepted containers (recognised from the bytes on the server) and their file extensions. */
export const VIDEO_TYPES: Record<string, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm', 'video/quicktime': 'mov' }
/** The browser recorder stops at this length. */
export const MAX_RECORDING_SECONDS = 120
