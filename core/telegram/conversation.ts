import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { telegramLinks, type TelegramLink } from '#db/schema/telegram.ts'
import { requireUser, type Actor } from '#core/accounts/actor.ts'
import { db } from '#core/platform/db.ts'
import { ISSUE_TYPES } from '#core/tickets/ticket.schema.ts'

/** What the bot waits for from the user's next text message, kept in PostgreSQL so a restart keeps it. */
export const ConversationSchema = z.discriminatedUnion('awaiting', [
	z.object({
		awaiting: z.literal('report-description'),
		issueType: z.enum(ISSUE_TYPES),
		projectId: z.string().uuid().nullable(),
	}),
])
export type Conversation = z.infer<typeof ConversationSchema>

/** A state written by an older build that this one cannot read counts as no state. */
export function conversationOf(link: TelegramLink): Conversation | null {
	const parsed = ConversationSchema.safeParse(link.conversation)
	return parsed.success ? parsed.data : null
}

export async function setConversation(actor: Actor, conversation: Conversation | null) {
	await db
		.update(telegramLinks)
		.set({ conversation: conversation && ConversationSchema.parse(conversation) })
		.where(eq(telegramLinks.userId, requireUser(actor).userId))
}
