import { expect, test } from 'vitest'
import { propertyStudioVariations } from '#db/schema/studio.ts'
import { telegramIntakePhotos, telegramIntakes } from '#db/schema/telegram.ts'
import { requireUser } from '#core/accounts/actor.ts'
import { db, pool } from '#core/platform/db.ts'
import { roomWithPhoto } from '#tests/staging.ts'
import type { TelegramNotifier } from './ports.ts'
import { reportProgress } from './progress.ts'

const HOUR = 60 * 60_000
const notifier: TelegramNotifier = {
	showStatus: async () => {},
	sendVariations: async () => {},
	reportFailure: async () => {},
	sendNotice: async () => {},
}

/** A batch submitted `submittedAgo` ms ago whose room has one image still being made, asked `askedAgo` ms ago. */
async function batchWaitingFor({ submittedAgo, askedAgo }: { submittedAgo: number; askedAgo: number }) {
	const { actor, project, room } = await roomWithPhoto()
	const telegramUserId = Math.floor(Math.random() * 1e9)
	const [intake] = await db
		.insert(telegramIntakes)
		.values({
			userId: requireUser(actor).userId,
			telegramUserId,
			chatId: telegramUserId,
			step: 'submitted',
			projectId: project.id,
			styles: ['modern'],
			statusMessageId: 1,
			submittedAt: new Date(Date.now() - submittedAgo),
		})
		.returning()
	await db
		.insert(telegramIntakePhotos)
		.values({ intakeId: intake.id, fileId: 'f', fileUniqueId: 'u', messageId: 1, roomType: 'living', roomId: room.id })
	await db
		.insert(propertyStudioVariations)
		.values({ roomId: room.id, style: 'remove', createdAt: new Date(Date.now() - askedAgo) })
	return intake.id
}

const watched = async (intakeId: string) => {
	const { rows } = await pool.query('select 1 from graphile_worker.jobs where key = $1', [
		`telegram-progress:${intakeId}`,
	])
	return rows.length > 0
}

test('a batch is watched from the last thing asked of it: an edit a day after the photos still arrives', async () => {
	const editedLater = await batchWaitingFor({ submittedAgo: 24 * HOUR, askedAgo: 0 })
	await reportProgress(notifier, editedLater)
	expect(await watched(editedLater)).toBe(true)

	// A render that never settles is not watched for ever.
	const stuck = await batchWaitingFor({ submittedAgo: 24 * HOUR, askedAgo: 7 * HOUR })
	await reportProgress(notifier, stuck)
	expect(await watched(stuck)).toBe(false)
})
