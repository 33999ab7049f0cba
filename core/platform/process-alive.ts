import fs from 'node:fs'

/**
 * Whether a process with this pid runs: signal 0 checks without sending anything. EPERM means it
 * exists but belongs to another user (PostgreSQL runs as 'postgres'), so it is alive. A zombie
 * is not: it has exited and keeps only its pid until its parent reaps it, which for an orphan
 * killed with its parent is PID 1, seconds later or never (state 'Z' in /proc/<pid>/stat).
 */
export function isProcessAlive(pid: number) {
	try {
		process.kill(pid, 0)
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
	}
	const state = processStat(pid)?.state
	return state !== 'Z' && state !== 'X'
}

/**
 * /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so split after ')'. Null
 * where there is no such process or no /proc (then nothing more is known than signal 0 says).
 */
export function processStat(pid: number) {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
		const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
		return { state, ppid: Number(ppid) }
	} catch {
		return null
	}
}
