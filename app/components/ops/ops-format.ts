const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })
const whole = new Intl.NumberFormat('en-GB')

/** Money arrives in pence and is shown in pounds (spec 02 §2). */
export function pounds(pence: number) {
	return gbp.format(pence / 100)
}

export function count(n: number) {
	return whole.format(n)
}

/** Spec 02 §9: quota over 50 yellow, over 80 red. */
export function quotaColour(percent: number) {
	return percent > 80 ? 'text-red-700' : percent > 50 ? 'text-yellow-700' : 'text-green-700'
}

/** Spec 02 §9: success rate 95 or more green, 90 or more yellow, else red. */
export function successColour(percent: number) {
	return percent >= 95 ? 'text-green-700' : percent >= 90 ? 'text-yellow-700' : 'text-red-700'
}

export function signed(n: number) {
	return `${n > 0 ? '+' : ''}${n}%`
}
