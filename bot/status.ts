import { Composer, InlineKeyboard, InputFile, InputMediaBuilder } from 'grammy'
import { pluralise, PROJECT_STATUS_LABELS, roomLabel, roomTypeLabel, styleLabel } from '#core/studio/labels.ts'
import type { Actor } from '#core/accounts/actor.ts'
import { getProject, listProjects } from '#core/studio/projects.ts'
import { roomStyles } from '#core/studio/render-progress.ts'
import { listRooms } from '#core/studio/rooms.ts'
import { listFavorites, listVariations } from '#core/studio/variations.ts'
import { changeSentence, type ProjectView, type RoomView, type VariationView } from '#core/studio/views.ts'
import { setCurrentProject } from '#core/telegram/links.ts'
import { variationImage } from '#core/telegram/variation-actions.ts'
import { buttonText, callbackPattern, fullId, shortId } from './callback-data.ts'
import { caption, originalLine } from './captions.ts'
import { linkedUser, type BotContext } from './context.ts'

const NO_PROPERTIES = 'No Properties Yet. Send me a room photo to start one.'
/** Telegram's limit for one album. */
const ALBUM_MAX = 10
const LISTED_PROJECTS = 10

/** The property the agent last worked on in the bot, else their newest one. */
async function currentProject(ctx: BotContext): Promise<ProjectView | null> {
	const { actor, link } = linkedUser(ctx)
	if (link.currentProjectId) return getProject(actor, link.currentProjectId)
	return (await listProjects(actor))[0] ?? null
}

function roomLine(room: RoomView, position: number, variations: VariationView[]) {
	const styles = roomStyles(room, variations).map(
		({ style, done, expected, failed }) =>
			`${styleLabel(style)} ${done}/${expected}${failed ? ` (${failed} failed)` : ''}`,
	)
	return `${position}. ${roomLabel(room)}: ${styles.length ? styles.join(', ') : 'no styles yet'}`
}

/** Rooms, styles, done/expected and failures of one property. */
async function statusText(actor: Actor, project: ProjectView) {
	const [rooms, variations] = await Promise.all([listRooms(actor, project.id), listVariations(actor, project.id)])
	const lines = [
		`${project.propertyAddress} · ${PROJECT_STATUS_LABELS[project.status]}`,
		`${project.completedRooms}/${project.totalRooms} rooms complete`,
	]
	if (rooms.length) lines.push('', ...rooms.map((room, i) => roomLine(room, i + 1, variations)))
	else lines.push('', 'No rooms yet. Send me a room photo to add one.')
	return lines.join('\n')
}

/** The favourites as albums of uploaded images (never links to our files). */
async function sendFavorites(ctx: BotContext, actor: Actor, favorites: VariationView[]) {
	for (let start = 0; start < favorites.length; start += ALBUM_MAX) {
		const chunk = favorites.slice(start, start + ALBUM_MAX)
		const media = await Promise.all(
			chunk.map(async (v) => {
				const changed = changeSentence(v.style, v.roomCheck)
				return {
					file: new InputFile(await variationImage(actor, v.id), `rendo-${v.id}.jpg`),
					caption: caption([
						`${roomTypeLabel(v.roomName)} · ${styleLabel(v.style)}`,
						...originalLine(v.originalsUrl),
						...(changed ? [changed] : []),
					]),
				}
			}),
		)
		// An album needs two images at least.
		if (media.length === 1) await ctx.replyWithPhoto(media[0].file, { caption: media[0].caption })
		else await ctx.replyWithMediaGroup(media.map((m) => InputMediaBuilder.photo(m.file, { caption: m.caption })))
	}
}

/** /projects, /status and /favorites, about the agent's own properties only. */
export const status = new Composer<BotContext>()

status.command('projects', async (ctx) => {
	const projects = (await listProjects(linkedUser(ctx).actor)).slice(0, LISTED_PROJECTS)
	if (!projects.length) return ctx.reply(NO_PROPERTIES)
	const keyboard = new InlineKeyboard()
	for (const project of projects) keyboard.text(buttonText(project.propertyAddress), `cp:${shortId(project.id)}`).row()
	const lines = projects.map(
		(p, i) =>
			`${i + 1}. ${p.propertyAddress} – ${p.completedRooms}/${p.totalRooms} rooms · ${PROJECT_STATUS_LABELS[p.status]}`,
	)
	await ctx.reply(`Your properties (tap one to follow it with /status and /favorites):\n\n${lines.join('\n')}`, {
		reply_markup: keyboard,
	})
})

status.callbackQuery(callbackPattern('cp', 1), async (ctx) => {
	const { actor } = linkedUser(ctx)
	const project = await setCurrentProject(actor, fullId(ctx.match[1]))
	await ctx.answerCallbackQuery({ text: `Following ${project.propertyAddress}` })
	await ctx.reply(await statusText(actor, await getProject(actor, project.id)))
})

status.command('status', async (ctx) => {
	const project = await currentProject(ctx)
	await ctx.reply(project ? await statusText(linkedUser(ctx).actor, project) : NO_PROPERTIES)
})

status.command('favorites', async (ctx) => {
	const { actor } = linkedUser(ctx)
	const project = await currentProject(ctx)
	if (!project) return ctx.reply(NO_PROPERTIES)
	const favorites = await listFavorites(actor, project.id)
	if (!favorites.length)
		return ctx.reply(`No favourites yet for ${project.propertyAddress}. Tap ♡ under a variation to keep it.`)
	await sendFavorites(ctx, actor, favorites)
	await ctx.reply(`${pluralise(favorites.length, 'favourite')} for ${project.propertyAddress}.`)
})
