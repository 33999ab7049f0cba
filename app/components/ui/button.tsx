import { forwardRef, type ButtonHTMLAttributes } from 'react'
import { cn } from '#app/utils/cn.ts'

const variants = {
	primary: 'bg-brand text-brand-foreground hover:bg-brand/90',
	secondary: 'bg-muted text-gray-900 hover:bg-gray-200',
	outline: 'border border-gray-300 bg-white text-gray-900 hover:bg-gray-50',
	ghost: 'text-gray-700 hover:bg-gray-100',
	destructive: 'bg-destructive text-white hover:bg-destructive/90',
} as const

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
	variant?: keyof typeof variants
	size?: 'sm' | 'md' | 'lg'
}

export function buttonClasses({ variant = 'primary', size = 'md' }: Pick<ButtonProps, 'variant' | 'size'> = {}) {
	return cn(
		'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:pointer-events-none disabled:opacity-60',
		size === 'sm' && 'h-9 px-3 text-sm',
		size === 'md' && 'h-11 px-4 text-sm',
		size === 'lg' && 'h-12 px-6 text-base',
		variants[variant],
	)
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
	{ className, variant, size, type = 'button', ...props },
	ref,
) {
	return <button ref={ref} type={type} className={cn(buttonClasses({ variant, size }), className)} {...props} />
})
