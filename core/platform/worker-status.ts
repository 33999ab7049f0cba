/** Whether this process's inline worker runs; /health reports a crashed one. */
let state: 'off' | 'running' | 'crashed' = 'off'

export function setWorkerState(next: typeof state) {
	state = next
}

export function workerState() {
	return state
}
