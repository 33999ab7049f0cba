import * as Dialog from '@radix-ui/react-dialog'
import { useNavigate } from '@remix-run/react'
import { Download } from 'lucide-react'
import { useState } from 'react'
import { formatShortDate } from '#app/components/studio/labels.ts'
import { styleLabel } from '#core/studio/labels.ts'
import { PreviewLabel } from '#app/components/studio/variation-image.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { DialogCloseLink } from '#app/components/ui/dialog-close-link.tsx'
import { cn } from '#app/utils/cn.ts'
import { AREA_LABELS, type TransformArea } from '#core/transformations/transformation.schema.ts'
import type { TransformationView } from '#core/transformations/views.ts'
import { TransformationStatus } from './transformation-status.tsx'

/** The dialog's body; keyed by the transformation, so another one starts again on its before image. */
function TransformationDetails({ item }: { item: TransformationView }) {
	const [side, setSide] = useState<'before' | 'after'>('before')
	// the after image is offered only when the transformation completed with one (spec 01 §2)
	const after = item.status === 'completed' ? item.afterImageUrl : null
	const shown = side === 'after' && after ? after : item.beforeImageUrl
	return (
		<>
			<fieldset className="inline-flex self-start rounded-md border border-gray-300 p-0.5">
				<legend className="sr-only">Image</legend>
				{(['before', 'after'] as const).map((s) => (
					<button
						key={s}
						type="button"
						aria-pressed={side === s}
						disabled={s === 'after' && !after}
						onClick={() => setSide(s)}
						className={cn(
							'h-9 rounded px-4 text-sm font-medium capitalize disabled:opacity-40',
							side === s ? 'bg-brand text-white' : 'text-gray-700',
						)}
					>
						{s}
					</button>
				))}
			</fieldset>
			{shown ? (
				<div className="relative">
					<img
						src={shown}
						// biome-ignore lint/a11y/noRedundantAlt: 'Before image' / 'After image' says which side of the toggle is shown
						alt={`${side === 'after' && after ? 'After' : 'Before'} image`}
						className="max-h-80 w-full rounded-lg bg-muted object-contain"
					/>
					{side === 'after' && after && item.isPreview ? <PreviewLabel className="absolute top-2 left-2" /> : null}
				</div>
			) : (
				<p className="rounded-lg bg-muted p-8 text-center text-sm text-muted-foreground">No image available</p>
			)}
			<dl className="grid grid-cols-2 gap-3 text-sm">
				<div>
					<dt className="text-muted-foreground">Status</dt>
					<dd>
						<TransformationStatus status={item.status} />
					</dd>
				</div>
				<div>
					<dt className="text-muted-foreground">Style</dt>
					<dd className="font-medium">{styleLabel(item.style)}</dd>
				</div>
				<div>
					<dt className="text-muted-foreground">User ID</dt>
					<dd className="font-mono text-xs break-all">{item.userId}</dd>
				</div>
				<div>
					<dt className="text-muted-foreground">Listing</dt>
					<dd className="break-all">{item.propertyUrl ?? 'Uploaded photo'}</dd>
				</div>
				<div>
					<dt className="text-muted-foreground">Created</dt>
					<dd>{formatShortDate(item.createdAt)}</dd>
				</div>
				<div>
					<dt className="text-muted-foreground">Completed</dt>
					<dd>{item.completedAt ? formatShortDate(item.completedAt) : '—'}</dd>
				</div>
				{item.statusMessage ? (
					<div className="col-span-2">
						<dt className="text-muted-foreground">Message</dt>
						<dd>{item.statusMessage}</dd>
					</div>
				) : null}
			</dl>
			<div className="flex flex-col gap-2 text-sm">
				<span className="text-muted-foreground">Areas</span>
				<ul className="flex flex-wrap gap-2">
					{item.areas.map((a) => (
						<li key={a} className="rounded-full bg-muted px-3 py-1">
							{AREA_LABELS[a as TransformArea] ?? a}
						</li>
					))}
				</ul>
			</div>
			{after ? (
				<a
					href={after}
					download={`rendo-${item.id.slice(0, 8)}-after.jpg`}
					className={cn(buttonClasses(), 'self-start')}
				>
					<Download aria-hidden className="size-4" />
					Download Images
				</a>
			) : (
				<button type="button" disabled className={cn(buttonClasses(), 'self-start')}>
					<Download aria-hidden className="size-4" />
					Download Images
				</button>
			)}
		</>
	)
}

/**
 * The admin's View dialog: before/after toggle, details, timestamps, areas and Download Images.
 * Open while the page's address names it (`?view=`); not portalled, so the server renders it in
 * place and it shows without JavaScript (the before image; the toggle needs JavaScript).
 */
export function TransformationDialog({ item, closeTo }: { item: TransformationView | null; closeTo: string }) {
	const navigate = useNavigate()
	const close = () => navigate(closeTo, { replace: true, preventScrollReset: true })

	return (
		<Dialog.Root open={!!item} onOpenChange={(open) => !open && close()}>
			<Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
			<Dialog.Content className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92vh] flex-col gap-4 overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl focus:outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6">
				{item ? (
					<>
						<div className="flex items-start justify-between gap-4">
							<div className="flex flex-col gap-1">
								<Dialog.Title className="text-lg font-bold text-gray-900">Transformation Details</Dialog.Title>
								<Dialog.Description className="font-mono text-xs text-muted-foreground">{item.id}</Dialog.Description>
							</div>
							<DialogCloseLink href={closeTo} onClose={close} />
						</div>
						<TransformationDetails key={item.id} item={item} />
					</>
				) : null}
			</Dialog.Content>
		</Dialog.Root>
	)
}
