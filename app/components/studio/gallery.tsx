import type { SubmissionResult } from '@conform-to/react'
import { Link, useNavigate, useNavigation } from '@remix-run/react'
import {
	ArrowLeft,
	Eraser,
	Heart,
	ImageOff,
	LoaderCircle,
	PaintRoller,
	RefreshCw,
	SearchX,
	type LucideIcon,
} from 'lucide-react'
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { EDIT_KINDS, type EditKind } from '#core/edits/edit.schema.ts'
import { RENDER_STYLES } from '#core/studio/studio.schema.ts'
import type { RoomView, VariationView } from '#core/studio/views.ts'
import { pluralise, roomLabel, roomTypeLabel } from '#core/studio/labels.ts'
import { requestedStyles } from '#core/studio/variation-progress.ts'
import { cn } from '#app/utils/cn.ts'
import { CompareDialog, comparisonOf, type Comparison } from './compare-dialog.tsx'
import { EDIT_TITLES, editHref, editOpened, type EditPanel } from './edit-room.ts'
import { EditRoomDialog } from './edit-room-dialog.tsx'
import { restageOffers, viewCaption, viewGroups } from './room-views.ts'
import { StepActions, StepHeading } from './step-layout.tsx'
import { StyleCarousel } from './style-carousel.tsx'
import { useLiveRefresh } from './use-live-refresh.ts'
import { ImageWithFallback } from './variation-image.tsx'
import { stepHref } from './workflow-steps.ts'

const VARIATIONS_POLL_MS = 3_000 // spec 02 §9: variations every 3 s in the gallery
function groupByRoomType(rooms: RoomView[]) {
	const groups = new Map<string, RoomView[]>()
	for (const room of rooms) groups.set(room.roomType, [...(groups.get(room.roomType) ?? []), room])
	return [...groups.entries()].map(([roomType, list]) => ({ roomType, rooms: list }))
}

function byBatchOrder(a: VariationView, b: VariationView) {
	return (
		a.generationNumber - b.generationNumber ||
		a.variationIndex - b.variationIndex ||
		a.createdAt.localeCompare(b.createdAt)
	)
}

function stylesOf(room: RoomView, variations: VariationView[]) {
	const requested = requestedStyles(room, variations)
	const order = RENDER_STYLES as readonly string[]
	return requested.sort((a, b) => order.indexOf(a) - order.indexOf(b))
}

function FavoritesBanner({ favoriteCount }: { favoriteCount: number }) {
	return (
		<div className="flex items-start gap-3 rounded-xl border border-red-100 bg-red-50/70 p-4">
			<Heart aria-hidden className="mt-0.5 size-5 shrink-0 fill-red-500 text-red-500" />
			<div className="flex flex-col gap-0.5 text-sm">
				<p className="font-semibold text-gray-900">Select your favorites to download</p>
				<p className="text-gray-700">
					Tap the heart on the images you like. Only favourited images are kept when the project is completed.
				</p>
				<p className="font-medium text-gray-900" aria-live="polite">
					{pluralise(favoriteCount, 'favorite')} selected
				</p>
			</div>
		</div>
	)
}

function GalleryNotice({
	icon: Icon,
	title,
	children,
	action,
}: {
	icon: LucideIcon
	title: string
	children: ReactNode
	action?: ReactNode
}) {
	return (
		<div
			role="alert"
			className="flex flex-col items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
		>
			<div className="flex items-start gap-3">
				<Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
				<div>
					<p className="font-semibold">{title}</p>
					<div>{children}</div>
				</div>
			</div>
			{action}
		</div>
	)
}

/**
 * The width of a gallery card's image, for `sizes`: in the 72rem page, three cards a row from
 * 1280 px, two from 640 px, one on a phone; beside a room's other view, in half that (two rooms
 * a row from 1024 px).
 */
const CARD_SIZES = '(min-width: 1280px) 342px, (min-width: 640px) calc(50vw - 3rem), calc(100vw - 3rem)'
const BESIDE_CARD_SIZES =
	'(min-width: 1280px) 245px, (min-width: 1024px) calc(25vw - 2.75rem), (min-width: 640px) calc(50vw - 3.5rem), calc(100vw - 5.25rem)'

function OriginalPhoto({ room, sizes, onImageError }: { room: RoomView; sizes: string; onImageError: () => void }) {
	return (
		<figure className="flex flex-col gap-2 rounded-xl border border-gray-200 bg-white p-2 shadow-sm">
			<figcaption className="flex min-h-11 flex-col justify-center px-1">
				<span className="font-semibold text-gray-900">Original</span>
				<span className="text-xs text-muted-foreground">Your upload</span>
			</figcaption>
			<div className="overflow-hidden rounded-lg bg-muted">
				<ImageWithFallback
					image={room.original}
					sizes={sizes}
					alt={`${roomLabel(room)}, original photo`}
					onError={onImageError}
				/>
			</div>
		</figure>
	)
}

const EDIT_ICONS: Record<EditKind, LucideIcon> = { remove: Eraser, renovate: PaintRoller }

/** Why the provider makes no such edit, in core's one line (editRefusals), or null where it does. */
export type EditRefusals = Record<EditKind, string | null>
const EDITS_MADE: EditRefusals = { remove: null, renovate: null }

/**
 * Opens the room's edit panel: a link to its address, which the loader answers with what the photo
 * shows (a moment the first time, while the photo is read), so it shows busy until then. Where the
 * provider makes no such edit it is greyed out, described by the reason said beside it.
 */
function EditLink({
	roomId,
	roomName,
	kind,
	refusedBy,
}: {
	roomId: string
	roomName: string
	kind: EditKind
	/** the id of the reason this provider does not make it, when it does not */
	refusedBy: string | null
}) {
	const navigation = useNavigation()
	const going = navigation.location ? editOpened(new URLSearchParams(navigation.location.search)) : null
	const opening = going?.roomId === roomId && going.kind === kind
	const Icon = opening ? LoaderCircle : EDIT_ICONS[kind]
	const label = kind === 'remove' ? `Remove items from ${roomName}` : `Renovate ${roomName}`
	const classes = cn(buttonClasses({ variant: 'outline', size: 'sm' }), 'h-11')
	if (refusedBy)
		return (
			<button type="button" disabled aria-label={label} aria-describedby={refusedBy} className={classes}>
				<Icon aria-hidden className="size-4" />
				{EDIT_TITLES[kind]}
			</button>
		)
	return (
		<Link
			id={`edit-${kind}-${roomId}`}
			to={editHref(roomId, kind)}
			preventScrollReset
			aria-label={label}
			aria-busy={opening}
			className={classes}
		>
			<Icon aria-hidden className={cn('size-4', opening && 'animate-spin motion-reduce:animate-none')} />
			{EDIT_TITLES[kind]}
		</Link>
	)
}

/**
 * The room's two edit links, and why where one is greyed out: a provider has one line for the
 * edits it does not make (ScopedEdits.refusal), so it is said once.
 */
function EditLinks({ roomId, roomName, refusals }: { roomId: string; roomName: string; refusals: EditRefusals }) {
	const reasonId = `edit-refused-${roomId}`
	const reason = refusals.remove ?? refusals.renovate
	return (
		<div className="flex flex-col items-end gap-1">
			<div className="flex flex-wrap gap-2">
				{EDIT_KINDS.map((kind) => (
					<EditLink key={kind} roomId={roomId} roomName={roomName} kind={kind} refusedBy={refusals[kind] && reasonId} />
				))}
			</div>
			{reason ? (
				<p id={reasonId} className="max-w-sm text-right text-xs text-muted-foreground">
					{reason}
				</p>
			) : null}
		</div>
	)
}

function RoomGallery({
	room,
	variations,
	caption,
	beside = false,
	restageable,
	editRefusals,
	onCompare,
	onImageError,
}: {
	room: RoomView
	variations: VariationView[]
	editRefusals: EditRefusals
	/** this first view's images its other views can be restaged to match */
	restageable?: ReadonlySet<string>
	/** 'View 2 of Living Room' for another view of a room */
	caption?: string | null
	/** shown beside the other views of its room, in half the width */
	beside?: boolean
	onCompare: (comparison: Comparison) => void
	onImageError: (variationId: string) => void
}) {
	const name = roomLabel(room)
	const headingId = `room-${room.id}`
	const mine = variations.filter((v) => v.roomId === room.id)
	const styles = stylesOf(room, mine)
	const sizes = beside ? BESIDE_CARD_SIZES : CARD_SIZES
	return (
		<article aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
			<div className="flex flex-wrap items-end justify-between gap-2">
				<div className="flex flex-col">
					<h4 id={headingId} className="font-semibold text-gray-900">
						{name}
					</h4>
					{caption ? <p className="text-xs text-muted-foreground">{caption}</p> : null}
				</div>
				<EditLinks roomId={room.id} roomName={name} refusals={editRefusals} />
			</div>
			<div className={cn('grid grid-cols-1 gap-3 sm:grid-cols-2', !beside && 'xl:grid-cols-3')}>
				<OriginalPhoto room={room} sizes={sizes} onImageError={() => onImageError(`room:${room.id}`)} />
				{styles.length === 0 ? (
					<p className="flex items-center rounded-xl border border-dashed border-gray-300 p-4 text-sm text-muted-foreground">
						No styles chosen for this room yet. Use Back to Styles to pick some.
					</p>
				) : null}
				{styles.map((style) => (
					<StyleCarousel
						key={style}
						roomId={room.id}
						roomName={name}
						style={style}
						frame={room.original}
						sizes={sizes}
						variations={mine.filter((v) => v.style === style).sort(byBatchOrder)}
						restageable={restageable}
						onCompare={(variation, title) => onCompare(comparisonOf(room, variation, title))}
						onImageError={onImageError}
					/>
				))}
			</div>
		</article>
	)
}

/**
 * The edit panel's closing: back to the gallery's own address, then, once the panel has gone (the
 * loader answers without it), focus on the link that opens it, as the panel may have been opened
 * from the address with no link focused to return to.
 */
function useCloseEdit(panel: EditPanel) {
	const navigate = useNavigate()
	const opener = panel ? `edit-${panel.kind}-${panel.roomId}` : null
	const lastOpener = useRef<string | null>(null)
	useEffect(() => {
		if (opener) lastOpener.current = opener
		else if (lastOpener.current) {
			document.getElementById(lastOpener.current)?.focus()
			lastOpener.current = null
		}
	}, [opener])
	return useCallback(() => navigate(stepHref('results'), { replace: true, preventScrollReset: true }), [navigate])
}

export function Gallery({
	rooms,
	variations,
	stagesViewsTogether = false,
	editPanel = null,
	editRefused,
	editRefusals = EDITS_MADE,
}: {
	rooms: RoomView[]
	variations: VariationView[]
	/** the provider stages views of one room together: a first view's images offer to restage its views */
	stagesViewsTogether?: boolean
	/** the edit panel the address opened (items removed, surfaces renovated), with what the photo shows */
	editPanel?: EditPanel
	/** the server's refusal of a plain form's edit, shown on the reopened panel */
	editRefused?: SubmissionResult<string[]>
	/** the edits this server's provider does not make, each with why: their links are greyed out */
	editRefusals?: EditRefusals
}) {
	const [brokenImages, setBrokenImages] = useState<ReadonlySet<string>>(new Set())
	const [comparing, setComparing] = useState<Comparison | null>(null)
	const anyPending = variations.some((v) => v.status === 'pending')
	const closeEdit = useCloseEdit(editPanel)

	// Not while the edit panel is open: each reload would read the photo's objects again, for a gallery behind the panel.
	const live = useLiveRefresh(VARIATIONS_POLL_MS, anyPending && !editPanel)
	const markBroken = (key: string) =>
		setBrokenImages((current) => (current.has(key) ? current : new Set(current).add(key)))
	const completed = variations.filter((v) => v.status === 'completed')
	// Rows exist but not one of their files loads: storage trouble, not a normal empty state.
	const imagesUnavailable = completed.length > 0 && completed.every((v) => brokenImages.has(v.id))
	const favoriteCount = variations.filter((v) => v.isFavorite).length

	const content = (() => {
		if (!rooms.length)
			return (
				<GalleryNotice
					icon={SearchX}
					title="No Rooms Found"
					action={
						<Link to={stepHref('upload')} className={buttonClasses({ variant: 'outline' })}>
							Upload Photos
						</Link>
					}
				>
					This project has no room photos yet. Upload some to start staging.
				</GalleryNotice>
			)
		return groupByRoomType(rooms).map((group) => (
			<section key={group.roomType} aria-labelledby={`type-${group.roomType}`} className="flex flex-col gap-4">
				<h3 id={`type-${group.roomType}`} className="border-b border-gray-200 pb-1 text-lg font-bold text-gray-900">
					{roomTypeLabel(group.roomType)}
					<span className="ml-2 text-sm font-normal text-muted-foreground">
						{pluralise(group.rooms.length, 'room')}
					</span>
				</h3>
				{viewGroups(group.rooms).map(({ first, views }) =>
					views.length ? (
						// The views of one room side by side, so the agent sees they match.
						<section
							key={first.id}
							aria-label={`${roomLabel(first)}: ${pluralise(views.length + 1, 'view')} of one room`}
							className="grid grid-cols-1 gap-4 rounded-xl border border-brand/20 bg-blue-50/30 p-2 lg:grid-cols-2"
						>
							{[first, ...views].map((room) => (
								<RoomGallery
									key={room.id}
									room={room}
									variations={variations}
									editRefusals={editRefusals}
									caption={viewCaption(room, rooms)}
									restageable={
										stagesViewsTogether && room === first ? restageOffers(first, rooms, variations) : undefined
									}
									beside
									onCompare={setComparing}
									onImageError={markBroken}
								/>
							))}
						</section>
					) : (
						<RoomGallery
							key={first.id}
							room={first}
							variations={variations}
							editRefusals={editRefusals}
							caption={viewCaption(first, rooms)}
							onCompare={setComparing}
							onImageError={markBroken}
						/>
					),
				)}
			</section>
		))
	})()

	return (
		<div className="flex flex-col gap-5">
			<StepHeading
				title="Your Rendos"
				description="Swipe through each style, remodel for more options, and heart the ones to keep."
			/>
			<FavoritesBanner favoriteCount={favoriteCount} />
			{live.offline ? (
				<GalleryNotice
					icon={ImageOff}
					title="Error Loading Gallery"
					action={
						<Button variant="outline" onClick={live.retry}>
							<RefreshCw aria-hidden className="size-4" />
							Try Again
						</Button>
					}
				>
					We couldn't reach the studio. What you see may be out of date.
				</GalleryNotice>
			) : null}
			{imagesUnavailable ? (
				<GalleryNotice icon={ImageOff} title="Images Temporarily Unavailable">
					Your variations are saved, but their image files cannot be loaded right now. Please try again shortly; if it
					persists, contact support or re-upload the photos.
				</GalleryNotice>
			) : null}
			{content}
			<CompareDialog comparison={comparing} onClose={() => setComparing(null)} />
			<EditRoomDialog panel={editPanel} refused={editRefused} onClose={closeEdit} />
			<StepActions>
				<Link to={stepHref('style-selection')} className={buttonClasses({ variant: 'outline' })}>
					<ArrowLeft aria-hidden className="size-4" />
					Back to Styles
				</Link>
				<Link to={stepHref('selection')} className={buttonClasses()}>
					<Heart aria-hidden className="size-4" />
					Select Favorites
				</Link>
			</StepActions>
		</div>
	)
}
