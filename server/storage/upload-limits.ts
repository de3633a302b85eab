import { HOUR } from '../lib/clock'
import { limiter } from '../lib/rate-limit'

const tooMany = (m: number) => `Too many uploads. Please try again in ${m} minute${m === 1 ? '' : 's'}.`

/** Property photos and videos: per operator. */
export const mediaUploads = limiter(60, HOUR, tooMany)
/** Profile photos: per user. */
export const profilePhotoUploads = limiter(20, HOUR, tooMany)
