import type { ProjectIntents } from './project-intent.server.ts'

export const renderIntents: ProjectIntents = {}
