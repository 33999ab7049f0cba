import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { FileDown } from 'lucide-react'
import { BuyerLayout, buyerPageHandle } from '#app/components/buyer/buyer-layout.tsx'
import { GeneralErrorBoundary, LinkNotFound } from '#app/components/error-boundary.tsx'
import { PreviewLabel } from '#app/components/studio/variation-image.tsx'
import { BeforeAfter } from '#app/components/ui/before-after.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import { brandName } from '#core/accounts/brand-name.ts'
import { viewBrochure } from '#core/brochures/web-view.ts'
import { NotFoundError } from '#core/errors.ts'

// Buyers open it from the agent's e-mail: it wears the agent's brand, not Rendo's header and footer.
export const handle = buyerPageHandle

export const meta: MetaFunction<typeof loader> = ({ data }) => [
	{ title: data ? `${data.address} | ${brandName(data.brand)}` : 'Brochure' },
	// A private link: it must not end up in search results.
	{ name: 'robots', content: 'noindex' },
]

export async function loader({ params }: LoaderFunctionArgs) {
	try {
		return await viewBrochure(params.uniqueToken!)
	} catch (error) {
		if (error instanceof NotFoundError) throw new Response(error.message, { status: 404 })
		throw error
	}
}

// A room's frame is never taller than this share of the screen: a portrait at the column's full
// width would be taller than a laptop's screen or a phone held sideways.
const MAX_FRAME_HEIGHT = '80svh'
// The slider's own shape, for rooms stored before their photo's size was kept.
const FALLBACK_ASPECT = 4 / 3

/** The room photo's own shape (width / height), so a portrait is not letterboxed in a landscape frame. */
const aspectOf = (room: { width: number | null; height: number | null }) =>
	room.width && room.height ? room.width / room.height : FALLBACK_ASPECT

/**
 * The frame's width as `sizes` says it, for the browser to pick the photo's copy: the column
 * (56rem less its padding; the screen less its margins on phones), or less where the photo's
 * shape narrows it to the frame's greatest height.
 */
const frameSizes = (aspect: number) => {
	const byHeight = `${(80 * aspect).toFixed(1)}vh`
	return `(min-width: 640px) min(848px, calc(100vw - 48px), ${byHeight}), min(calc(100vw - 32px), ${byHeight})`
}

export default function BrochurePage() {
	const brochure = useLoaderData<typeof loader>()
	return (
		<BuyerLayout brand={brochure.brand} logoUrl={brochure.logoUrl}>
			<div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-14">
				<div className="flex flex-col gap-2">
					<p className="text-sm font-semibold tracking-wide text-accent uppercase">Property brochure</p>
					<h1 className="text-3xl font-bold tracking-tight break-words text-brand sm:text-4xl">{brochure.address}</h1>
					<p className="text-lg text-muted-foreground">
						{brochure.buyerName ? `Prepared for ${brochure.buyerName}. ` : null}Staged in the {brochure.styleLabel}{' '}
						style.
					</p>
				</div>
				{brochure.rooms.map((room, i) => (
					// The room's anchor is where the PDF's QR code for it leads.
					<section
						key={room.id}
						id={room.anchor}
						aria-labelledby={`${room.anchor}-name`}
						className="flex scroll-mt-6 flex-col gap-3"
					>
						<h2
							id={`${room.anchor}-name`}
							className="flex flex-wrap items-center gap-2 text-xl font-semibold text-gray-900"
						>
							{room.name}
							{room.isPreview ? <PreviewLabel /> : null}
							{room.label ? (
								<span className="rounded-full bg-gray-900 px-2.5 py-0.5 text-xs font-semibold text-white">
									{room.label}
								</span>
							) : null}
						</h2>
						<p className="text-sm text-gray-800" data-testid="room-disclosure">
							{room.statement}
						</p>
						{/* Narrowed, not squashed, where the photo's shape would be taller than the screen. */}
						<div className="mx-auto w-full" style={{ maxWidth: `calc(${MAX_FRAME_HEIGHT} * ${aspectOf(room)})` }}>
							<BeforeAfter
								before={{ src: room.before, alt: `${room.name}, the original photo`, image: room.beforeImage }}
								after={{ src: room.after, alt: `${room.name}, ${brochure.styleLabel}`, image: room.afterImage }}
								label={room.name}
								aspectRatio={aspectOf(room)}
								sizes={frameSizes(aspectOf(room))}
								eager={i === 0}
							/>
						</div>
						<a href={room.before} className="self-start text-sm font-medium text-brand underline underline-offset-2">
							Open the original photo of the {room.name.toLowerCase()}
						</a>
					</section>
				))}
				<div className="flex flex-col gap-4 border-t border-gray-200 pt-6">
					<a href={brochure.downloadUrl} className={cn(buttonClasses({ variant: 'outline' }), 'self-start')}>
						<FileDown aria-hidden className="size-4" />
						Download the brochure (PDF)
					</a>
					<p className="text-xs text-muted-foreground">
						Staged images are virtual and illustrative: furniture and decor shown are not part of the sale.
					</p>
				</div>
			</div>
		</BuyerLayout>
	)
}

export function ErrorBoundary() {
	return (
		<BuyerLayout brand={null}>
			<GeneralErrorBoundary statusHandlers={{ 404: () => <LinkNotFound what="brochure" /> }} />
		</BuyerLayout>
	)
}
