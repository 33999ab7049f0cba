import { Composer, InlineKeyboard } from 'grammy'
import { z } from 'zod'
import { conversationOf, setConversation } from '#core/telegram/conversation.ts'
import { reportIssue } from '#core/tickets/tickets.ts'
import { ISSUE_TYPE_LABELS, ISSUE_TYPES, TICKET_STATUS_LABELS } from '#core/tickets/ticket.schema.ts'
import { parseInput } from '#core/validate.ts'
import { getProject } from '#core/studio/projects.ts'
import { callbackPattern } from './callback-data.ts'
import { linkedUser, type BotContext } from './context.ts'

const IssueTypeSchema = z.enum(ISSUE_TYPES, { errorMap: () => ({ message: 'Choose an issue type' }) })

/** /report: the issue type as buttons, then the description as the next message; answers with the ticket number. */
export const report = new Composer<BotContext>()

// A command ends whatever the bot was waiting for: '/status' is not a description.
report.on('message::bot_command', async (ctx, next) => {
	const { actor, link } = linkedUser(ctx)
	if (link.conversation) {
		await setConversation(actor, null)
		link.conversation = null
	}
	await next()
})

report.command('report', async (ctx) => {
	const keyboard = new InlineKeyboard()
	ISSUE_TYPES.forEach((type, i) => {
		keyboard.text(ISSUE_TYPE_LABELS[type], `it:${type}`)
		if (i % 2 === 1) keyboard.row()
	})
	await ctx.reply('What kind of issue is it?', { reply_markup: keyboard })
})

report.callbackQuery(callbackPattern('it', 1), async (ctx) => {
	const { actor, link } = linkedUser(ctx)
	const issueType = parseInput(IssueTypeSchema, ctx.match[1])
	// About the property the agent is working on, when there is one.
	const project = link.currentProjectId ? await getProject(actor, link.currentProjectId) : null
	await setConversation(actor, { awaiting: 'report-description', issueType, projectId: project?.id ?? null })
	await ctx.answerCallbackQuery()
	await ctx.editMessageText(
		`${ISSUE_TYPE_LABELS[issueType]}${project ? ` · ${project.propertyAddress}` : ''}\n\nDescribe what happened in one message.`,
	)
})

report.on('message:text', async (ctx, next) => {
	const { actor, link } = linkedUser(ctx)
	const conversation = conversationOf(link)
	if (conversation?.awaiting !== 'report-description') return next()
	// The ticket service's own rules and messages; on a refusal the question stays open.
	const ticket = await reportIssue(
		actor,
		{
			projectId: conversation.projectId,
			issueType: conversation.issueType,
			description: ctx.msg.text,
			contactEmail: '',
		},
		{ userAgent: 'telegram' },
	)
	await setConversation(actor, null)
	await ctx.reply(
		[
			`Thank you. Your ticket number is ${ticket.ticketNumber}.`,
			`Priority: ${ticket.priority.charAt(0).toUpperCase()}${ticket.priority.slice(1)} · Status: ${TICKET_STATUS_LABELS[ticket.status]}`,
			'We usually reply within 1-2 business days, by email.',
		].join('\n'),
	)
})
