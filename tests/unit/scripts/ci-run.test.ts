/**
 * `.ci/run` stops the `npm start` it launched, and nothing else: its own
 * stop function is run against a stand-in process tree and a decoy whose command line matches what
 * the old `pkill -f 'scripts/start.mjs'` looked for.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const script = readFileSync('.ci/run', 'utf8');
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('.ci/run', () => {
  it('never stops processes by name', () => {
    expect(script).not.toMatch(/\b(pkill|killall)\b/);
  });

  it('stops exactly the process group it started', () => {
    const launch = /^setsid npm start .*&$/m.exec(script)?.[0];
    const stop = /^stop_server\(\) \{[\s\S]*?^\}$/m.exec(script)?.[0];
    expect(launch, 'npm start is launched with setsid').toBeDefined();
    expect(stop, 'stop_server is defined').toBeDefined();
    // A decoy that the old pattern would have matched: another run's server on the same machine.
    const decoy = spawn('bash', ['-c', 'exec -a "node scripts/start.mjs" sleep 300'], { stdio: 'ignore' });
    try {
      const result = spawnSync(
        'bash',
        [
          '-c',
          `
        set -euo pipefail
        ${launch!.replace('npm start', `bash -c 'sleep 300 & sleep 300'`)}
        start_pid=$!
        ${stop}
        for _ in $(seq 1 50); do [ "$(pgrep -g "$start_pid" | wc -l)" -ge 2 ] && break; sleep 0.1; done
        pgrep -g "$start_pid" | tr '\\n' ' ' >&2
        echo
        stop_server
        pgrep -g "$start_pid" || echo "group gone"
      `,
        ],
        { encoding: 'utf8', timeout: 20_000 },
      );
      expect(result.status, result.stderr + result.stdout).toBe(0);
      const members = result.stderr.trim().split(/\s+/).filter(Boolean).map(Number);
      expect(members.length).toBeGreaterThanOrEqual(2);
      expect(result.stdout).toContain('group gone');
      for (const pid of members) expect(alive(pid)).toBe(false);
      expect(alive(decoy.pid!)).toBe(true);
    } finally {
      decoy.kill('SIGKILL');
    }
  });
});
