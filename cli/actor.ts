import { Option } from 'commander'
import { systemActor, userActor, type Actor } from '#core/accounts/actor.ts'
import { InputError } from '#core/errors.ts'
import { config } from '#core/platform/config.ts'
import { useDatabase } from './database.ts'

/**
 * Who a command acts as. The CLI runs where the server runs, with its database credentials, so
 * the operator could do anything; `--as` makes a command run with an account's rights instead,
 * through the same core checks as the web.
 */
export const asOption = (description: string) => new Option('--as <email>', description)

/** --as for an agent's commands: needed on the local database, refused over the API (the token is the account). */
export const agentAs = () => asOption("the agent's e-mail address (local database only: required there)")

/** The agent named by --as, on the local database. */
export function agentActor(as: string | undefined) {
	if (!as)
		throw new InputError({
			'--as': ["name the agent's account on the local database, or log in to a server with rendo login"],
		})
	return actorAs(as)
}

/** The account named by --as (an agent's commands: projects, import). */
export async function actorAs(email: string): Promise<Actor> {
	await useDatabase()
	const { findUserByLogin } = await import('#core/accounts/users.ts')
	const user = await findUserByLogin(email)
	if (!user) throw new InputError({ '--as': [`no account with the e-mail ${email}`] })
	return userActor(user, config().ceoEmail)
}

/** --as, else the CLI's staff identity (RENDO_CLI_AS); tickets need a person to record. */
export function staffActor(as: string | undefined) {
	const email = as ?? config().cliAs
	if (!email) throw new InputError({ '--as': ['name a staff account with --as <email> or RENDO_CLI_AS'] })
	return actorAs(email)
}

/** --as or RENDO_CLI_AS when given; otherwise the operator, like `users create-admin`. */
export function operatorActor(as: string | undefined) {
	const email = as ?? config().cliAs
	return email ? actorAs(email) : Promise.resolve(systemActor)
}

/**
 * For commands on one project (show, submit, status, download): --as checks that account's
 * rights; without it the operator works on the project as its owner, so the views, names and
 * limits are exactly the agent's.
 */
export async function projectActor(as: string | undefined, projectId: string): Promise<Actor> {
	if (as) return actorAs(as)
	await useDatabase()
	const { projectOwnerActor } = await import('#core/studio/projects.ts')
	return projectOwnerActor(systemActor, projectId)
}
