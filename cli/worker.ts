import type { Command } from 'commander'
import { useDatabase } from './database.ts'
import { example } from './output.ts'
import { untilSignal } from './signals.ts'

export function registerWorkerCommand(program: Command) {
	example(
		program
			.command('worker')
			.summary('run the job worker')
			.description(
				'run the job worker (renders, e-mail) until Ctrl-C; same as npm run worker, for servers started with JOBS=off',
			),
		'JOBS=off npm start & rendo worker',
	).action(async () => {
		// Listen first: a Ctrl-C right after the "running" line must not be lost.
		const interrupted = untilSignal()
		await useDatabase()
		const { startWorker } = await import('#worker/runner.ts')
		const runner = await startWorker()
		console.log('Rendo worker is running (Ctrl-C stops it after the jobs in hand)')
		await Promise.race([interrupted, runner.promise])
		await runner.stop()
	})
}
