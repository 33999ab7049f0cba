import { and, eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { propertyStudioProjects, propertyStudioRooms, propertyStudioVariations } from '#db/schema/studio.ts'
import { db } from '#core/platform/db.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { drainJobs } from '#tests/jobs.ts'
import { createStagingProvider, STAGING_API_KEY, STAGING_API_URL } from '#tests/mocks/staging-provider.ts'
import { smallRoomPhoto } from '#tests/studio.ts'
import { processRoom } from './process-room.ts'
import { createProject } from './projects.ts'
import { renderVariations } from './render-variations.ts'
import { uploadRoom } from './rooms.ts'

// This file renders through the HTTP staging provider (msw stands in for the hosted API).
vi.hoisted(() => {
	process.env.RENDER_PROVIDER = 'http'
	process.env.RENDER_API_KEY = 'test-staging-key'
	process.env.RENDER_API_URL = 'https://api.stagingprovider.example/v1'
	process.env.RENDER_POLL_INTERVAL_MS = '10'
	process.env.RENDER_RETRY_BASE_MS = '5'
})
const provider = createStagingProvider({ baseUrl: STAGING_API_URL, apiKey: STAGING_API_KEY })
const server = setupServer(...provider.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => provider.reset())
afterAll(() => server.close())

async function roomWithPhoto() {
	const user = await insertUser()
	const actor = actorFor(user)
	const project = await createProject(actor, { propertyAddress: '3 Quay Street' })
	const fs = await import('node:fs')
	const path = (await import('node:path')).join((await import('node:os')).tmpdir(), `photo-${project.id}.jpg`)
	fs.writeFileSync(path, await smallRoomPhoto())
	const room = await uploadRoom(actor, { projectId: project.id, roomType: 'living' }, { path })
	fs.rmSync(path)
	return { actor, project, room }
}

const variationsOf = (roomId: string) =>
	db.select().from(propertyStudioVariations).where(eq(propertyStudioVariations.roomId, roomId))

test('running the same render job twice leaves one variation per slot, rendered once', async () => {
	const { actor, room } = await roomWithPhoto()
	await processRoom(actor, room.id, { styles: ['coastal'], variationCount: 3 })
	const job = { roomId: room.id, style: 'coastal' as const, generationNumber: 1 }
	await renderVariations(job, { attempts: 1, maxAttempts: 3 })
	const rendersAfterFirst = provider.renders.size
	await renderVariations(job, { attempts: 2, maxAttempts: 3 })

	const slots = await variationsOf(room.id)
	expect(slots).toHaveLength(3)
	expect(slots.every((s) => s.status === 'completed' && s.renderId?.startsWith('rnd_') && s.variationId?.startsWith('var_'))).toBe(true)
	expect(provider.renders.size).toBe(rendersAfterFirst)
})

test('one style failing at the provider marks just its variations failed while the other style finishes', async () => {
	const { actor, project, room } = await roomWithPhoto()
	provider.set({ failStyles: ['industrial'] })
	await processRoom(actor, room.id, { styles: ['industrial'], variationCount: 3 })
	await processRoom(actor, room.id, { styles: ['luxury'], variationCount: 3 })
	await drainJobs()

	const slots = await variationsOf(room.id)
	const byStyle = (style: string) => slots.filter((s) => s.style === style)
	expect(byStyle('luxury').map((s) => s.status)).toEqual(['completed', 'completed', 'completed'])
	expect(byStyle('industrial').map((s) => [s.status, s.errorMessage])).toEqual(
		Array(3).fill(['failed', expect.stringContaining('The industrial style could not be rendered')]),
	)
	const [settled] = await db.select().from(propertyStudioRooms).where(eq(propertyStudioRooms.id, room.id))
	expect(settled.status).toBe('completed')
	const [p] = await db.select().from(propertyStudioProjects).where(eq(propertyStudioProjects.id, project.id))
	expect(p.completedRooms).toBe(1)
})

test('a passing fault is retried by the job; the last attempt marks what is left failed', async () => {
	const { actor, room } = await roomWithPhoto()
	await processRoom(actor, room.id, { styles: ['modern'], variationCount: 1 })
	provider.set({ failForever: true })
	const job = { roomId: room.id, style: 'modern' as const, generationNumber: 1 }
	await expect(renderVariations(job, { attempts: 1, maxAttempts: 3 })).rejects.toThrow()
	const [stillPending] = await variationsOf(room.id)
	expect(stillPending.status).toBe('pending')

	await renderVariations(job, { attempts: 3, maxAttempts: 3 })
	const [failed] = await db
		.select()
		.from(propertyStudioVariations)
		.where(and(eq(propertyStudioVariations.roomId, room.id), eq(propertyStudioVariations.style, 'modern')))
	expect(failed.status).toBe('failed')
	expect(failed.errorMessage).toBeTruthy()
}, 30_000)
