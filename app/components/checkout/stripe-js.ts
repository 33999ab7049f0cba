/**
 * Stripe.js, loaded from Stripe's CDN only when card payments are on and the payment screen
 * opens (PCI rules require it to come from js.stripe.com). Only the few calls the payment screen
 * makes are typed here.
 */
export type StripePaymentElement = { mount(target: HTMLElement): void; destroy(): void }
export type StripeElements = {
	create(type: 'payment', options?: { layout?: 'tabs' | 'accordion' }): StripePaymentElement
}
export type StripeJs = {
	elements(options: {
		clientSecret: string
		appearance?: { theme?: 'stripe'; variables?: Record<string, string> }
	}): StripeElements
	confirmPayment(options: {
		elements: StripeElements
		confirmParams: { return_url: string }
		redirect: 'if_required'
	}): Promise<{ error?: { message?: string }; paymentIntent?: { id: string; status: string } }>
}

declare global {
	interface Window {
		Stripe?: (publishableKey: string) => StripeJs
	}
}

const STRIPE_JS_URL = 'https://js.stripe.com/v3/'
let loading: Promise<NonNullable<Window['Stripe']>> | null = null

export function loadStripe(publishableKey: string): Promise<StripeJs> {
	loading ??= new Promise<NonNullable<Window['Stripe']>>((resolve, reject) => {
		if (window.Stripe) return resolve(window.Stripe)
		const script = document.createElement('script')
		script.src = STRIPE_JS_URL
		script.async = true
		script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('The payment form did not load')))
		script.onerror = () => {
			script.remove()
			// Let a later attempt try again.
			loading = null
			reject(new Error('The payment form could not be loaded: check your connection'))
		}
		document.head.appendChild(script)
	})
	return loading.then((Stripe) => Stripe(publishableKey))
}
