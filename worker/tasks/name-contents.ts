import type { Task } from 'graphile-worker'
import { NameContentsJobSchema, nameContents } from '#core/studio/name-contents.ts'

export const nameContentsTask: Task = async (payload) => {
	await nameContents(NameContentsJobSchema.parse(payload).variationId)
}
