/**
 * The public surface of this feature (ADR 018): other features and client/src/app
 * import it only through this file. Pages are not exported: the route table
 * lazy-loads each page module directly, so that each page stays its own chunk.
 */
export { HERO_IMAGES, HERO_SIZES, heroSrcSet } from './hero-images'
