import { Download, FileImage } from 'lucide-react'
import { formatShortDate } from '#app/components/studio/labels.ts'
import { roomTypeLabel, styleLabel } from '#core/studio/labels.ts'
import { ImageWithFallback, PreviewLabel } from '#app/components/studio/variation-image.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import type { DownloadAsset } from '#core/studio/downloads.ts'

/** 2_450_000 → '2.3 MB'; the spec shows 'Ready' where a size is unknown. */
export function formatFileSize(bytes: number | null | undefined) {
	if (!bytes) return 'Ready'
	if (bytes < 1024) return `${bytes} B`
	if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
	return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

// Three cards a row in the 72rem page from 1024 px, two from 640 px, one on a phone.
const CARD_SIZES =
	'(min-width: 1152px) 360px, (min-width: 1024px) calc(33vw - 1.75rem), (min-width: 640px) calc(50vw - 2.25rem), calc(100vw - 2rem)'

/** One final image: its room, style, size, date and file name, and its own Download button. */
export function AssetCard({ asset, onDownload }: { asset: DownloadAsset; onDownload: () => void }) {
	const room = asset.roomName === asset.roomType ? roomTypeLabel(asset.roomType) : asset.roomName
	return (
		<li className="flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
			<div className="relative bg-muted">
				<ImageWithFallback
					image={asset.image}
					sizes={CARD_SIZES}
					alt={`${styleLabel(asset.style)} ${room}`}
					size="thumb"
				/>
				{asset.isPreview ? <PreviewLabel className="absolute top-2 left-2" /> : null}
			</div>
			<div className="flex flex-1 flex-col gap-3 p-4">
				<div className="flex items-start justify-between gap-2">
					<div className="flex min-w-0 flex-col">
						<h3 className="font-semibold text-gray-900">{room}</h3>
						<p className="text-sm text-muted-foreground">{styleLabel(asset.style)}</p>
					</div>
					<span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-gray-800 tabular-nums">
						{formatFileSize(asset.fileSize)}
					</span>
				</div>
				<dl className="flex flex-col gap-1 text-xs text-muted-foreground">
					<div className="flex gap-1">
						<dt>Created</dt>
						<dd>
							<time dateTime={asset.createdAt}>{formatShortDate(asset.createdAt)}</time>
						</dd>
					</div>
					<div className="flex min-w-0 items-center gap-1">
						<dt>
							<FileImage aria-hidden className="size-3.5" />
							<span className="sr-only">File name</span>
						</dt>
						<dd className="truncate" title={asset.filename}>
							{asset.filename}
						</dd>
					</div>
				</dl>
				<a
					href={asset.downloadUrl}
					download={asset.filename}
					onClick={onDownload}
					aria-label={`Download ${asset.filename}`}
					className={cn(buttonClasses({ variant: 'outline' }), 'mt-auto')}
				>
					<Download aria-hidden className="size-4" />
					Download
				</a>
			</div>
		</li>
	)
}

/** The loading state (spec 02 §2): three cards' worth of placeholders. */
export function AssetSkeleton({ label }: { label: string }) {
	return (
		<div role="status" aria-live="polite" className="flex flex-col gap-3">
			<p className="text-sm text-muted-foreground">{label}</p>
			<ul aria-hidden className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
				{[0, 1, 2].map((i) => (
					<li
						key={i}
						data-testid="asset-skeleton"
						className="flex animate-pulse flex-col overflow-hidden rounded-xl border border-gray-200 bg-white motion-reduce:animate-none"
					>
						<div className="aspect-[4/3] bg-gray-200" />
						<div className="flex flex-col gap-2 p-4">
							<div className="h-4 w-1/2 rounded bg-gray-200" />
							<div className="h-3 w-1/3 rounded bg-gray-200" />
							<div className="h-3 w-3/4 rounded bg-gray-200" />
							<div className="mt-2 h-9 rounded bg-gray-200" />
						</div>
					</li>
				))}
			</ul>
		</div>
	)
}
