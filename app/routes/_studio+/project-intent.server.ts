import type { Actor } from '#core/accounts/actor.ts'
import type { ProjectView } from '#core/studio/views.ts'
import type { IntentHandlers } from '#app/utils/intents.server.ts'

/** What every mutation of the project page starts from: who asks, about which of their projects. */
export type ProjectIntentContext = { request: Request; actor: Actor; project: ProjectView }
export type ProjectIntents = IntentHandlers<ProjectIntentContext>
