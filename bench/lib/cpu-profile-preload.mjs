// CPU-profiles the built server under the bench's load (decision 021). `--cpu-prof` is refused in
// NODE_OPTIONS, and the bench starts the server itself, so this preload starts the inspector's
// profiler in dist/main.js only (every other process ignores it) and writes the profile on exit:
//   BENCH_CPU_PROFILE_DIR=/tmp/prof NODE_OPTIONS="--import $PWD/bench/lib/cpu-profile-preload.mjs" npm run bench -- --orders-only
// Open the .cpuprofile in Chrome DevTools (Performance) or any speedscope-like viewer.
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

const dir = process.env.BENCH_CPU_PROFILE_DIR;
if (dir && process.argv[1] && process.argv[1].endsWith('apps/server/dist/main.js')) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  process.on('exit', () => {
    // The inspector answers synchronously inside 'exit', so the file is written before the process ends.
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
