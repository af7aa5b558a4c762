/** Something a heartbeat sweep visits: an open stream. */
export interface Beating {
  heartbeat(): void;
}

// One timer per interval for every stream of the node, rather than one per stream: 10,000 open
// streams would otherwise hold 10,000 timers.
const sweeps = new Map<number, { members: Set<Beating>; timer: ReturnType<typeof setInterval> }>();

/** Calls `member.heartbeat()` every `intervalMs` until `stopBeating`. */
export function startBeating(member: Beating, intervalMs: number): void {
  let sweep = sweeps.get(intervalMs);
  if (!sweep) {
    const members = new Set<Beating>();
    const timer = setInterval(() => {
      for (const beating of members) beating.heartbeat();
    }, intervalMs);
    sweeps.set(intervalMs, (sweep = { members, timer }));
  }
  sweep.members.add(member);
}

export function stopBeating(member: Beating, intervalMs: number): void {
  const sweep = sweeps.get(intervalMs);
  if (!sweep?.members.delete(member) || sweep.members.size) return;
  clearInterval(sweep.timer);
  sweeps.delete(intervalMs);
}
