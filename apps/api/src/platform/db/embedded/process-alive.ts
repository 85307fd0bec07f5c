/**
 * Whether a process with this id exists. Signal 0 checks without
 * delivering anything; EPERM means it exists but belongs to another user
 * (the embedded postmaster runs as `postgres` when the API runs as root).
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
