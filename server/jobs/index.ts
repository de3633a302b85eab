/**
 * The scheduler's entry points. Job kinds and periodic tasks are registered
 * by server/composition.ts (imported by createApp and the CLI's jobs command);
 * each feature defines its jobs next to the code they act on.
 */
export { runDueJobs, runPeriodicTasks, startScheduler, stopScheduler } from './scheduler'
