import type { Command } from 'commander'
import { useDatabase } from './database.ts'
import { example } from './output.ts'
import { untilSignal } from './signals.ts'

export function registerWorkerCommand(program: Command) {
	example(
		program
			.command('worker')
			.summary('run the job worker')
			.description('run the job worker (renders, e-mail) until Ctrl-C; same as npm run worker, for servers started with JOBS=off'),
		'JOBS=off npm start & rendo worker',
	).action(async () => {
		await useDatabase()
		const { startWorker } = await import('#worker/runner.ts')
		const runner = await startWorker()
		console.log('Rendo worker is running (Ctrl-C stops it after the jobs in hand)')
		const sig = await Promise.race([untilSignal(), runner.promise])
		console.error('DEBUG got', sig)
		await runner.stop()
		console.error('DEBUG stopped')
	})
}
