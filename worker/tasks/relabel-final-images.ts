import type { Task } from 'graphile-worker'
import { RelabelJobSchema } from '#core/disclosure/originals-address.ts'
import { relabelFinalImages } from '#core/studio/cleanup.ts'

export const relabelFinalImagesTask: Task = async (payload) => {
	await relabelFinalImages(RelabelJobSchema.parse(payload))
}
