/**
 * CPU time a process and its children (a cluster's workers) have used so far,
 * from Linux's /proc: what a benchmark divides by the work done to say what
 * one operation costs the server, apart from the client and the database
 * sharing the machine. Undefined where /proc is not there.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second, as /proc counts CPU time (100 on Linux almost everywhere; asked once). */
const TICKS_PER_SECOND = existsSync('/proc/self/stat') ? Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100 : 100;

/** Seconds of CPU (user and system) used by `pid` and the processes it started. */
export function processTreeCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return undefined;
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(entry);
    if (stat && (stat.pid === pid || stat.ppid === pid)) ticks += stat.ticks;
  }
  return ticks / TICKS_PER_SECOND;
}

/** This process's own CPU so far, in seconds (the bench's client side). */
export function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

function statOf(pid: string): { pid: number; ppid: number; ticks: number } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // ended between the listing and the read
  }
  // The command name sits in parentheses and may hold spaces: the fields are counted from after its closing one.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // Fields 4 (ppid), 14 (utime) and 15 (stime) of proc(5), counted here from field 3 (state).
  return { pid: Number(pid), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}
