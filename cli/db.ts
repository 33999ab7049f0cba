import type { Command } from 'commander'
import { config } from '#core/platform/config.ts'
import { useDatabase } from './database.ts'
import { example } from './output.ts'

export function registerDatabaseCommands(program: Command) {
	const database = example(program.command('db').description('the database'), 'rendo db migrate')
	example(
		database
			.command('migrate')
			.description(
				"apply the SQL migrations and the job queue's schema: with DATABASE_URL, before starting a release's processes (they refuse a schema behind their code unless MIGRATE_ON_START=true); the embedded database is migrated on every start",
			),
		'DATABASE_URL=postgres://rendo@db.internal/rendo rendo db migrate',
	).action(async () => {
		await useDatabase({ migrate: true })
		const c = config()
		console.log(`Database is up to date (${c.databaseUrl ? 'DATABASE_URL' : `embedded, ${c.embeddedPg.dir}`})`)
	})
}
