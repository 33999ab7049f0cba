/**
 * Whether a process with this pid exists: signal 0 checks without sending anything. EPERM means
 * it exists but belongs to another user (PostgreSQL runs as 'postgres'), so it is alive.
 */
export function isProcessAlive(pid: number) {
	try {
		process.kill(pid, 0)
		return true
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM'
	}
}
