import { HOUR } from '../lib/clock'
import { limiter, tryAgainIn } from '../lib/rate-limit'

const tooMany = tryAgainIn('errors.tooManyUploads')

/** Property photos and videos: per operator. */
export const mediaUploads = limiter('media-uploads', 60, HOUR, tooMany)
/** Profile photos: per user. */
export const profilePhotoUploads = limiter('profile-photo-uploads', 20, HOUR, tooMany)
