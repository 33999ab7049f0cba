import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, expect, test } from 'vitest'
import { propertyStudioVariations } from '#db/schema/studio.ts'
import { db } from '#core/platform/db.ts'
import { favourite, renderedProject, stagedByVendor } from '#tests/checkout.ts'
import { rendo } from '#tests/cli.ts'
import { insertUser } from '#tests/factories.ts'
import { recordContents, SEEN_SENTENCE } from '#tests/room-check-contents.ts'

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-room-check-cli-'))
afterAll(() => fs.rmSync(out, { recursive: true, force: true }))

test('rendo status and download name the images the room check flagged, until the agent answers', async () => {
	const agent = await insertUser({ role: 'agent' })
	const { project, variations } = await renderedProject(agent)
	await stagedByVendor(variations)
	await db
		.update(propertyStudioVariations)
		.set({ roomCheck: 'check', roomCheckNote: 'The wall on the right looks repainted' })
		.where(eq(propertyStudioVariations.id, variations[1].id))
	await recordContents(variations[0].id)
	await favourite(agent, [variations[0].id, variations[1].id])

	const status = await rendo(['status', project.id])
	expect(status.stdout).toContain('Variations: 3/3 done, 0 pending, 0 failed, 1 to check')
	expect(status.stdout).toMatch(/^ROOM\s+TYPE\s+STYLE\s+DONE\s+FAILED\s+TO CHECK\s+ROOM STATUS$/m)
	expect(status.stdout).toContain('  kitchen · scandinavian: The wall on the right looks repainted')
	// And, per image, what the check saw it add and take away.
	expect(status.stdout).toContain(
		`\nWhat the room check saw added and removed:\n  kitchen · scandinavian, variation 1: ${SEEN_SENTENCE}\n`,
	)

	const download = await rendo(['download', project.id, '--out', out])
	expect(download.stdout).toMatch(/ROOM CHECK/)
	expect(download.stdout).toMatch(
		/Look at these before a listing uses them .*:\n {2}\S+\.jpg: The wall on the right looks repainted/,
	)
})
