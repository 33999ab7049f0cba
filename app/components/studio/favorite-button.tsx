import { Heart } from 'lucide-react'
import { cn } from '#app/utils/cn.ts'

/** The heart toggle over an image; aria-pressed tells screen readers whether it is a favourite. */
export function FavoriteButton({
	isFavorite,
	onToggle,
	label,
	className,
}: {
	isFavorite: boolean
	onToggle: () => void
	/** what is being favourited, e.g. 'Modern variation 2 of Bedroom' */
	label: string
	className?: string
}) {
	return (
		<button
			type="button"
			aria-pressed={isFavorite}
			aria-label={`Favorite ${label}`}
			onClick={onToggle}
			className={cn(
				'inline-flex size-11 items-center justify-center rounded-full bg-white/90 shadow-md backdrop-blur transition hover:scale-105 active:scale-95',
				className,
			)}
		>
			<Heart
				aria-hidden
				className={cn('size-5 transition-colors', isFavorite ? 'fill-red-500 text-red-500' : 'text-gray-700')}
			/>
		</button>
	)
}
