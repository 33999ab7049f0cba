import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { propertyStudioVariations } from '#db/schema/studio.ts'
import { telegramIntakePhotos, telegramIntakes } from '#db/schema/telegram.ts'
import { db } from '#core/platform/db.ts'
import { PREVIEW_PROVIDER } from '#core/render/provider.ts'
import { readBytes } from '#core/platform/storage.ts'
import { renderedProject, stagedByVendor } from '#tests/checkout.ts'
import { agencyChoosing } from '#tests/disclosure.ts'
import { actorFor, insertUser } from '#tests/factories.ts'
import { readQr } from '#tests/disclosure.ts'
import { changedBox } from '#tests/image-diff.ts'
import { imageAnchor, liveOriginalsPage, originalsUrl } from '#core/disclosure/originals-address.ts'
import { withoutProvenance } from '#core/disclosure/provenance.ts'
import type { TelegramNotifier, VariationDelivery } from './ports.ts'
import { reportProgress } from './progress.ts'
import { variationImage } from './variation-actions.ts'

type User = Awaited<ReturnType<typeof insertUser>>

/** A project rendered for the user, as if by a staging vendor rather than the local preview. */
async function stagedProject(user: User, provider = 'virtual-staging-ai') {
	const rendered = await renderedProject(user)
	await stagedByVendor(rendered.variations, provider)
	const [variation] = await db
		.select()
		.from(propertyStudioVariations)
		.where(eq(propertyStudioVariations.id, rendered.variations[0].id))
	return { ...rendered, variation, rendered: (await readBytes(variation.imageUrl!))! }
}

/** What the bot's progress job sends for a batch holding the project's one room. */
async function deliveredImage(user: User, project: { id: string }, roomId: string) {
	const [intake] = await db
		.insert(telegramIntakes)
		.values({
			userId: user.id,
			telegramUserId: 7001,
			chatId: 7001,
			step: 'submitted',
			projectId: project.id,
			styles: ['scandinavian'],
			statusMessageId: 1,
			submittedAt: new Date(),
		})
		.returning()
	await db
		.insert(telegramIntakePhotos)
		.values({ intakeId: intake.id, fileId: 'f', fileUniqueId: 'u', messageId: 1, roomType: 'kitchen', roomId })
	const deliveries: VariationDelivery[] = []
	const notifier: TelegramNotifier = {
		showStatus: async () => {},
		sendVariations: async (_chat, delivery) => void deliveries.push(delivery),
		reportFailure: async () => {},
		sendNotice: async () => {},
	}
	await reportProgress(notifier, intake.id)
	expect(deliveries).toHaveLength(1)
	return deliveries[0].variations[0].readImage()
}

describe("the bot's results carry the agency's disclosure label", () => {
	test('a staged result and a favourite sent to Telegram are labelled bottom-left', async () => {
		const user = await insertUser()
		const { project, variation, rendered } = await stagedProject(user)
		const sent = await deliveredImage(user, project, variation.roomId)
		const box = (await changedBox(rendered, sent))!
		expect(box.left).toBeLessThan(640 * 0.05)
		expect(box.bottom).toBeGreaterThan(480 * 0.9)
		expect(await changedBox(rendered, await variationImage(actorFor(user), variation.id))).toEqual(box)
		// Its QR code leads to the image's place on the property's originals page.
		const { token } = await liveOriginalsPage(project.id)
		expect(await readQr(sent)).toBe(originalsUrl(token, imageAnchor(variation.id)))
	}, 60_000)

	test('no label when the agency turned the label off; nothing at all on a preview', async () => {
		const agency = await agencyChoosing({ disclosureLabel: 'off' })
		// The render's own bytes, with only its provenance (XMP) for machines written in.
		const off = await stagedProject(agency)
		const sent = await deliveredImage(agency, off.project, off.variation.roomId)
		expect(withoutProvenance(sent)).toEqual(off.rendered)
		expect(sent).not.toEqual(off.rendered)
		expect(withoutProvenance(await variationImage(actorFor(agency), off.variation.id))).toEqual(off.rendered)

		const user = await insertUser()
		const preview = await stagedProject(user, PREVIEW_PROVIDER)
		expect(await variationImage(actorFor(user), preview.variation.id)).toEqual(preview.rendered)
	}, 60_000)
})
