import { Composer, InlineKeyboard } from 'grammy'
import { editRefusal, editRefusals } from '#core/edits/edit-room.ts'
import { type EditKind, FLOOR_MATERIALS, WALL_COLOURS } from '#core/edits/edit.schema.ts'
import { InputError } from '#core/errors.ts'
import { roomLabel } from '#core/studio/labels.ts'
import { editFromChat, roomEditChoices } from '#core/telegram/variation-actions.ts'
import { buttonText, callbackPattern, fullId, shortId } from './callback-data.ts'
import { linkedUser, type BotContext } from './context.ts'

/**
 * Item removal and renovation of a room's photo from the chat (core/edits through
 * core/telegram/variation-actions.ts). 'Remove…' lists what the photo shows as toggles and
 * 'Renovate…' the walls' colours and the floors, each in one message whose keyboard is redrawn
 * as the agent taps (editMessageReplyMarkup); the choice so far travels in the buttons' data, so
 * nothing is stored until 'Remove these' or 'Renovate' asks the studio's editRoom. Callback data
 * is at most 64 bytes (Telegram Bot API, InlineKeyboardButton.callback_data "1-64 bytes"): a room's
 * short id (22) and a few characters of choice fit. Every tap is checked by core against the
 * linked user's own rooms.
 */

/** The things a 'Remove…' question lists, largest first: a phone's screen of buttons, and the bits of the choice. */
const LISTED_OBJECTS = 12

/** A button cannot be coloured: each wall colour shows the emoji square nearest it as its swatch. */
const SWATCHES: Record<(typeof WALL_COLOURS)[number]['name'], string> = {
	Greige: '◻️',
	'Warm white': '⬜',
	Sage: '🟩',
	'Dusky blue': '🟦',
	Charcoal: '⬛',
}

/** The buttons beside 'Remodel' under a room's images: only those of the edits this server's provider makes. */
export function roomEditButtons(keyboard: InlineKeyboard, roomId: string) {
	const refused = editRefusals()
	if (!refused.remove) keyboard.text('Remove…', `eo:${shortId(roomId)}`)
	if (!refused.renovate) keyboard.text('Renovate…', `ev:${shortId(roomId)}`)
	return keyboard
}

/**
 * A 'Remove…' or 'Renovate…' the provider does not make (under an older message, or in forged
 * data): its one line, said before the photo is read. True when said.
 */
async function saidRefused(ctx: BotContext, kind: EditKind) {
	const refused = editRefusal(kind)
	if (!refused) return false
	await ctx.answerCallbackQuery()
	await ctx.reply(refused)
	return true
}

type Choices = Awaited<ReturnType<typeof roomEditChoices>>

/** The chosen things as a bit set over the listed ones, in base 36 (at most 3 characters for 12). */
function chosenOf(data: string, listed: number) {
	const bits = Number.parseInt(data, 36)
	// A forged or stale choice names only what is listed now.
	return Number.isSafeInteger(bits) ? bits & ((1 << listed) - 1) : 0
}

const listedObjects = (choices: Choices) => choices.objects.slice(0, LISTED_OBJECTS)

function removeKeyboard(roomId: string, choices: Choices, chosen: number) {
	const room = shortId(roomId)
	const keyboard = new InlineKeyboard()
	listedObjects(choices).forEach((object, i) => {
		const on = (chosen >> i) & 1
		keyboard.text(`${on ? '✓ ' : ''}${buttonText(object.name)}`, `et:${room}:${(chosen ^ (1 << i)).toString(36)}`)
		if (i % 2 === 1) keyboard.row()
	})
	return keyboard.row().text('Remove these', `eg:${room}:${chosen.toString(36)}`)
}

function removeText(choices: Choices) {
	const more = choices.objects.length > LISTED_OBJECTS
	return [
		`What should go from the ${roomLabel(choices.room)} photo? Tap each thing, then Remove these.`,
		...(more ? [`The ${LISTED_OBJECTS} largest things are listed; the studio on the web lists all of them.`] : []),
	].join('\n')
}

/** The renovation chosen so far: a wall colour and a floor, each a 1-based index or 0 for none. */
function renovationOf(data: string) {
	const [walls, floor] = [...data].map((c) => Number.parseInt(c, 36))
	return {
		walls: WALL_COLOURS[walls - 1] ? walls : 0,
		floor: FLOOR_MATERIALS[floor - 1] ? floor : 0,
	}
}
type Renovation = ReturnType<typeof renovationOf>
const renovationData = ({ walls, floor }: Renovation) => `${walls.toString(36)}${floor.toString(36)}`

/**
 * The photo's surfaces this server can renovate: walls, and the floor where the provider refinishes
 * floors; where the photo shows a floor it does not, why.
 */
function renovatable(choices: Choices) {
	const can = (name: string) => choices.surfaces.some((s) => s.name === name && s.renovatable)
	const shows = (name: string) => choices.surfaces.some((s) => s.name === name)
	const floorRefused = shows('floor') && !can('floor') ? editRefusal('renovate', ['floor']) : null
	return { walls: can('walls'), floor: can('floor'), floorRefused }
}

function renovateKeyboard(roomId: string, choices: Choices, chosen: Renovation) {
	const room = shortId(roomId)
	const { walls, floor } = renovatable(choices)
	const keyboard = new InlineKeyboard()
	const toggle = (change: Partial<Renovation>) => `ew:${room}:${renovationData({ ...chosen, ...change })}`
	if (walls)
		WALL_COLOURS.forEach((colour, i) => {
			const on = chosen.walls === i + 1
			keyboard.text(`${on ? '✓ ' : ''}${SWATCHES[colour.name]} ${colour.name}`, toggle({ walls: on ? 0 : i + 1 }))
			if (i % 2 === 1) keyboard.row()
		})
	if (floor)
		FLOOR_MATERIALS.forEach((material, i) => {
			const on = chosen.floor === i + 1
			keyboard.text(`${on ? '✓ ' : ''}Floor: ${material}`, toggle({ floor: on ? 0 : i + 1 }))
			if (i % 2 === 1) keyboard.row()
		})
	return keyboard.row().text('Renovate', `eu:${room}:${renovationData(chosen)}`)
}

function renovateText(choices: Choices) {
	const { walls, floor, floorRefused } = renovatable(choices)
	const what = walls && floor ? "the walls' colour and a floor" : walls ? "the walls' colour" : 'a floor'
	return [
		`Renovate the ${roomLabel(choices.room)} photo: choose ${what}, then Renovate.`,
		...(floorRefused ? [floorRefused] : []),
	].join('\n')
}

const NOTHING_TO_REMOVE = 'Nothing in this photo can be picked out to remove.'
const NOTHING_TO_RENOVATE = 'This photo shows no walls or floor this server can renovate.'

/**
 * A refusal of the edit itself (too large to paint out, a material the preview cannot make,
 * nothing chosen) is said as a plain message under the question, which stays for another try;
 * anything else (a stranger's room) goes to answerErrors.
 */
async function asked(ctx: BotContext, ask: () => Promise<string>) {
	let text: string
	try {
		text = await ask()
	} catch (error) {
		if (!(error instanceof InputError)) throw error
		await ctx.answerCallbackQuery()
		const question = ctx.callbackQuery?.message?.message_id
		await ctx.reply(
			error.message,
			question ? { reply_parameters: { message_id: question, allow_sending_without_reply: true } } : {},
		)
		return
	}
	await ctx.answerCallbackQuery({ text: 'On its way' })
	// The question becomes what was asked, its buttons gone, so it is not asked twice by mistake.
	await ctx.editMessageText(`${text} The image comes here when it is ready.`)
}

async function choices(ctx: BotContext, room: string) {
	return roomEditChoices(linkedUser(ctx).actor, fullId(room))
}

export const roomEdits = new Composer<BotContext>()

roomEdits.callbackQuery(callbackPattern('eo', 1), async (ctx) => {
	if (await saidRefused(ctx, 'remove')) return
	const found = await choices(ctx, ctx.match[1])
	await ctx.answerCallbackQuery()
	if (!found.objects.length) return ctx.reply(NOTHING_TO_REMOVE)
	await ctx.reply(removeText(found), { reply_markup: removeKeyboard(found.room.id, found, 0) })
})

roomEdits.callbackQuery(callbackPattern('et', 2), async (ctx) => {
	const found = await choices(ctx, ctx.match[1])
	await ctx.answerCallbackQuery()
	const chosen = chosenOf(ctx.match[2], listedObjects(found).length)
	await ctx.editMessageReplyMarkup({ reply_markup: removeKeyboard(found.room.id, found, chosen) })
})

roomEdits.callbackQuery(callbackPattern('eg', 2), async (ctx) => {
	const { actor } = linkedUser(ctx)
	const found = await choices(ctx, ctx.match[1])
	const listed = listedObjects(found)
	const chosen = chosenOf(ctx.match[2], listed.length)
	const things = listed.filter((_, i) => (chosen >> i) & 1)
	await asked(ctx, async () => {
		await editFromChat(actor, found.room.id, { remove: things.map((o) => o.id) })
		return `Removing from the ${roomLabel(found.room)} photo: ${things.map((o) => o.name).join(', ')}.`
	})
})

roomEdits.callbackQuery(callbackPattern('ev', 1), async (ctx) => {
	if (await saidRefused(ctx, 'renovate')) return
	const found = await choices(ctx, ctx.match[1])
	await ctx.answerCallbackQuery()
	const { walls, floor } = renovatable(found)
	if (!walls && !floor) return ctx.reply(NOTHING_TO_RENOVATE)
	await ctx.reply(renovateText(found), {
		reply_markup: renovateKeyboard(found.room.id, found, { walls: 0, floor: 0 }),
	})
})

roomEdits.callbackQuery(/^ew:([A-Za-z0-9_-]+):([0-9a-z]{2})$/, async (ctx) => {
	const found = await choices(ctx, ctx.match[1])
	await ctx.answerCallbackQuery()
	await ctx.editMessageReplyMarkup({
		reply_markup: renovateKeyboard(found.room.id, found, renovationOf(ctx.match[2])),
	})
})

roomEdits.callbackQuery(/^eu:([A-Za-z0-9_-]+):([0-9a-z]{2})$/, async (ctx) => {
	const { actor } = linkedUser(ctx)
	const found = await choices(ctx, ctx.match[1])
	const chosen = renovationOf(ctx.match[2])
	const walls = WALL_COLOURS[chosen.walls - 1]
	const floor = FLOOR_MATERIALS[chosen.floor - 1]
	await asked(ctx, async () => {
		// Core says what is wrong with the choice: nothing chosen, a floor the local preview cannot make.
		await editFromChat(actor, found.room.id, {
			renovate: { ...(walls ? { walls: walls.hex } : {}), ...(floor ? { floor } : {}) },
		})
		const said = [...(walls ? [`walls in ${walls.name.toLowerCase()}`] : []), ...(floor ? [`floor in ${floor}`] : [])]
		return `Renovating the ${roomLabel(found.room)} photo: ${said.join(', ')}.`
	})
})
