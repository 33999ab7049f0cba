import { createHash, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { accessTokens } from '#db/schema/accounts.ts'
import { propertyImportKeys } from '#db/schema/imports.ts'
import { propertyStudioProjects, propertyStudioRooms } from '#db/schema/studio.ts'
import {
	authenticateAccessToken,
	createAccessToken,
	currentToken,
	revokeOwnToken,
	TOKEN_REVOKED,
} from '#core/accounts/access-tokens.ts'
import { systemActor, type Actor } from '#core/accounts/actor.ts'
import { ForbiddenError, InputError, UnauthenticatedError } from '#core/errors.ts'
import { db } from '#core/platform/db.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { smallRoomPhoto, withTempFile } from '#tests/studio.ts'
import { knownImports } from './import-keys.ts'
import { createProjectOnce } from './projects.ts'
import { uploadRoomOnce } from './rooms.ts'

const key = (kind: string) => `${kind}:${createHash('sha1').update(randomUUID()).digest('hex')}`
const upload = async (actor: Actor, fields: Record<string, unknown>) =>
	withTempFile(await smallRoomPhoto(), (file) => uploadRoomOnce(actor, { roomType: 'living', ...fields }, file))

async function tokenActor(user: { id: string; role: string; email: string }, scope: string) {
	const { secret } = await createAccessToken(actorFor(user), { name: scope, scope, expiresIn: '30' })
	return { secret, actor: (await authenticateAccessToken(secret, { address: 'test' })).actor }
}

describe('idempotency keys in core', () => {
	test("the operator (system actor) uploading with a key records it in the project owner's account", async () => {
		const owner = await insertUser()
		const { project } = await createProjectOnce(actorFor(owner), { propertyAddress: '1 Key Lane' })
		const uploadKey = key('room')
		const first = await upload(systemActor, { projectId: project.id, uploadKey })
		expect(first.existing).toBe(false)
		const [row] = await db.select().from(propertyImportKeys).where(eq(propertyImportKeys.importKey, uploadKey))
		expect(row).toMatchObject({ userId: owner.id, projectId: project.id, roomId: first.room.id })
		// The owner's own retry finds it.
		expect(await upload(actorFor(owner), { projectId: project.id, uploadKey })).toEqual({
			room: first.room,
			existing: true,
		})
	})

	test('a retry after the project closed answers the room it made; a new key is refused as closed', async () => {
		const owner = await insertUser()
		const actor = actorFor(owner)
		const { project } = await createProjectOnce(actor, { propertyAddress: '2 Key Lane' })
		const uploadKey = key('upload')
		const { room } = await upload(actor, { projectId: project.id, uploadKey })
		await db.update(propertyStudioRooms).set({ roomName: 'unchanged' }).where(eq(propertyStudioRooms.id, room.id))
		await db
			.update(propertyStudioProjects)
			.set({ status: 'completed' })
			.where(eq(propertyStudioProjects.id, project.id))
		expect(await upload(actor, { projectId: project.id, uploadKey })).toMatchObject({
			existing: true,
			room: { id: room.id, roomName: 'unchanged' },
		})
		await expect(upload(actor, { projectId: project.id, uploadKey: key('upload') })).rejects.toBeInstanceOf(
			ForbiddenError,
		)
	})

	test('importKey is checked as project: and 40 hex digits; knownImports needs a signed-in account', async () => {
		const user = await insertUser()
		await expect(
			createProjectOnce(actorFor(user), { propertyAddress: '3 Key Lane', importKey: key('upload') }),
		).rejects.toBeInstanceOf(InputError)
		await expect(knownImports({ kind: 'anonymous' }, { keys: [key('room')] })).rejects.toBeInstanceOf(
			UnauthenticatedError,
		)
		const { actor: read } = await tokenActor(user, 'read')
		expect(await knownImports(read, { keys: [key('room')] })).toEqual({ imported: [] })
	})
})

describe('a token ends itself', () => {
	test('any scope may revoke the token it is; a session has none to revoke; the other tokens live on', async () => {
		const user = await insertUser()
		const read = await tokenActor(user, 'read')
		const write = await tokenActor(user, 'write')
		expect(await currentToken(read.actor)).toMatchObject({ name: 'read', scope: 'read' })
		expect(await currentToken(actorFor(user))).toBeNull()
		expect(await revokeOwnToken(read.actor)).toEqual({ revoked: true })
		await expect(authenticateAccessToken(read.secret, { address: 'test' })).rejects.toThrow(TOKEN_REVOKED)
		await expect(authenticateAccessToken(write.secret, { address: 'test' })).resolves.toBeDefined()
		await expect(revokeOwnToken(actorFor(user))).rejects.toBeInstanceOf(UnauthenticatedError)
		const live = await db.select().from(accessTokens).where(eq(accessTokens.userId, user.id))
		expect(live.filter((t) => t.revokedAt === null).map((t) => t.name)).toEqual(['write'])
	})
})
