/**
 * npm run test:loaded: the whole of `npm test` beside a CPU hog of two busy
 * processes, as on a CI machine that is running other work. The suite must
 * pass here as it does on a quiet machine (README, "Tests"); extra arguments
 * are passed on to the hog count (`npm run test:loaded -- 4`).
 */
const hogs = Number(process.argv[2] ?? 2)
const busy = Array.from({ length: hogs }, () => Bun.spawn([process.execPath, '-e', 'for (;;) {}'], { stdio: ['ignore', 'ignore', 'ignore'] }))
console.log(`test:loaded: ${hogs} busy processes beside npm test (pids ${busy.map((p) => p.pid).join(', ')})`)
const stopHogs = () => {
  for (const hog of busy) hog.kill()
}
process.on('SIGINT', () => {
  stopHogs()
  process.exit(130)
})
const result = Bun.spawnSync([process.execPath, 'run', 'scripts/test.ts'], { stdio: ['inherit', 'inherit', 'inherit'] })
stopHogs()
process.exit(result.exitCode ?? 1)
