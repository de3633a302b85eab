/**
 * The auth area's public surface (ADR 018: docs/decisions/018-feature-boundaries.md):
 * what other areas, the CLI and lib use (the area serves no routes of its own).
 * Other modules import this area only through this file; the rest of the folder
 * is private to it (tests excepted).
 */
export { consumeAccountToken, createAccountToken, peekAccountToken } from './account-tokens'
export { ADMIN_TWO_FACTOR_MESSAGE, actorOf, adminOnly, requireAdmin, requireUser, sessionMiddleware, signedIn } from './auth.middleware'
export { emailField, passwordField, signInSchema, signUpSchema } from './auth.schemas'
export { onEmailVerified, requireVerified, resendVerification, verifyEmail } from './email-verification'
export { actsAsOperator, addRole, getRoles, isAdmin, removeRole, resolveRole } from './roles'
export type { Role } from './roles'
export { clearSessionCookie, createSession, LAUNCH_FRAME_COOKIE, generateSessionToken, hashToken, invalidateSession, invalidateUserSessions, setSessionCookie } from './session'
export { HASH_CONCURRENCY, hashLoad, hashPassword, verifyPassword } from './password-hashing'
export { signIn } from './sign-in'
export { signUp } from './sign-up'
export { registerAuthJobs } from './auth.jobs'
