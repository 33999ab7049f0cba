import { describe, expect, test } from 'vitest'
import {
	addressedStep,
	nextStep,
	previousStep,
	resumeStep,
	stepNumber,
	stepPercent,
	variationProgress,
	WORKFLOW_STEPS,
} from './workflow-steps.ts'

const room = (id: string, selectedStyles: string[] = []) => ({ id, selectedStyles })
const variation = (roomId: string, style: string, status: 'pending' | 'completed' | 'failed') => ({
	roomId,
	style,
	status,
})
const batch = (roomId: string, style: string, ...statuses: Array<'pending' | 'completed' | 'failed'>) =>
	statuses.map((status) => variation(roomId, style, status))

describe('back navigation', () => {
	test('moves exactly one step back where the spec allows it', () => {
		expect(previousStep('room-confirmation')).toBe('upload')
		expect(previousStep('style-selection')).toBe('room-confirmation')
		expect(previousStep('results')).toBe('style-selection')
		expect(previousStep('selection')).toBe('results')
		expect(previousStep('download')).toBe('selection')
	})

	test('has no Back from the first step or while processing', () => {
		expect(previousStep('upload')).toBeNull()
		expect(previousStep('processing')).toBeNull()
	})

	test('forward follows the order of the seven steps', () => {
		expect(WORKFLOW_STEPS.map(nextStep)).toEqual([
			'room-confirmation',
			'style-selection',
			'processing',
			'results',
			'selection',
			'download',
			null,
		])
	})

	test('numbers and percent for the header', () => {
		expect(stepNumber('upload')).toBe(1)
		expect(stepNumber('download')).toBe(7)
		expect(stepPercent('upload')).toBe(14)
		expect(stepPercent('style-selection')).toBe(43)
		expect(stepPercent('download')).toBe(100)
	})
})

describe('resume step from server state', () => {
	test('no rooms → upload', () => {
		expect(resumeStep([], [])).toBe('upload')
	})

	test('rooms without styles → style selection, or their confirmation while one has no type', () => {
		expect(resumeStep([room('a'), room('b')], [])).toBe('style-selection')
		expect(resumeStep([room('a'), { ...room('b'), roomTypeBy: 'nobody' }], [])).toBe('room-confirmation')
	})

	test('pending variations → processing', () => {
		const rooms = [room('a', ['modern'])]
		expect(resumeStep(rooms, batch('a', 'modern', 'completed', 'pending', 'pending'))).toBe('processing')
	})

	test('styles requested but placeholders not all there yet → processing', () => {
		expect(
			resumeStep([room('a', ['modern', 'luxury'])], batch('a', 'modern', 'completed', 'completed', 'completed')),
		).toBe('processing')
		expect(resumeStep([room('a', ['modern'])], [])).toBe('processing')
	})

	test('all done → results, failed variations count as settled', () => {
		const rooms = [room('a', ['modern']), room('b', ['luxury'])]
		const variations = [
			...batch('a', 'modern', 'completed', 'completed', 'failed'),
			...batch('b', 'luxury', 'completed', 'completed', 'completed'),
		]
		expect(resumeStep(rooms, variations)).toBe('results')
	})

	test('a room whose style list lags behind its rows still counts them', () => {
		expect(resumeStep([room('a')], batch('a', 'modern', 'completed', 'completed', 'completed'))).toBe('results')
		expect(resumeStep([room('a')], batch('a', 'modern', 'pending'))).toBe('processing')
	})

	test('rooms where only some have styles resume on what was requested', () => {
		const rooms = [room('a', ['modern']), room('b')]
		expect(resumeStep(rooms, batch('a', 'modern', 'completed', 'completed', 'completed'))).toBe('results')
	})
})

describe('variation progress', () => {
	test('expects rooms × styles × 3', () => {
		const rooms = [room('a', ['modern', 'luxury']), room('b', ['modern'])]
		expect(variationProgress(rooms, []).expected).toBe(9)
	})

	test('a remodel adds one to its batch', () => {
		const rows = batch('a', 'modern', 'completed', 'completed', 'completed', 'pending')
		const progress = variationProgress([room('a', ['modern'])], rows)
		expect(progress).toEqual({ expected: 4, completed: 3, failed: 0, pending: 1, settled: false })
	})

	test('nothing requested is never settled', () => {
		expect(variationProgress([room('a')], []).settled).toBe(false)
	})
})

describe('the step a ?step= address shows', () => {
	const styled = [room('r1', ['modern'])]
	const rendered = batch('r1', 'modern', 'completed', 'completed', 'completed')

	test('uploading, confirming and the gallery are always open', () => {
		expect(addressedStep('upload', styled, rendered)).toBe('upload')
		expect(addressedStep('room-confirmation', [], [])).toBe('room-confirmation')
		expect(addressedStep('results', [], [])).toBe('results')
	})

	test('styles need a room, and later steps a style asked for', () => {
		expect(addressedStep('style-selection', [], [])).toBe('upload')
		expect(addressedStep('style-selection', [room('r1')], [])).toBe('style-selection')
		expect(addressedStep('selection', [room('r1')], [])).toBe('style-selection')
		expect(addressedStep('processing', styled, rendered)).toBe('processing')
		expect(addressedStep('selection', styled, rendered)).toBe('selection')
		expect(addressedStep('download', styled, rendered)).toBe('download')
	})

	test('no step, or an unknown one, resumes from the rows', () => {
		expect(addressedStep(null, styled, rendered)).toBe('results')
		expect(addressedStep('checkout', styled, batch('r1', 'modern', 'pending'))).toBe('processing')
	})
})
