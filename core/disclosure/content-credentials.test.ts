import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { CBORBox } from '@trustnxt/c2pa-ts/jumbf'
import { ActionType, RelationshipType, ThumbnailAssertion } from '@trustnxt/c2pa-ts/manifest'
import { beforeAll, describe, expect, test } from 'vitest'
import { config } from '#core/platform/config.ts'
import { sharp } from '#core/platform/sharp.ts'
import { readCredentials } from '#tests/disclosure.ts'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { AI_EDITED_SOURCE_TYPE } from './alteration.ts'
import { withContentCredentials } from './content-credentials.ts'
import { contentCredentialsSigner } from './signing-identity.ts'

const run = promisify(execFile)

const info = {
	alteration: 'Furniture added, Modern style',
	digitalSourceType: AI_EDITED_SOURCE_TYPE,
	originalsUrl: 'https://rendo.test/o/abc#v-1',
}

let original: Buffer
let altered: Buffer
beforeAll(async () => {
	original = await makeRoomPhoto({ width: 1600, height: 1200, seed: 1 })
	altered = await makeRoomPhoto({ width: 1600, height: 1200, seed: 2 })
})

describe('Content Credentials on an altered image', () => {
	test('say Rendo opened the original and edited it with a trained model, signed', async () => {
		const credentials = (await readCredentials(await withContentCredentials(altered, original, info)))!
		const { manifest, validation, codes } = credentials

		expect(validation.isValid).toBe(true)
		expect(codes).toContain('claimSignature.validated')
		expect(codes).toContain('assertion.dataHash.match')
		expect(manifest.claim!.claimGeneratorName).toBe('Rendo')

		const [actions] = manifest.assertions!.getActionAssertions()
		expect(actions.label).toBe('c2pa.actions.v2')
		expect(actions.actions.map((a) => a.action)).toEqual([ActionType.C2paOpened, ActionType.C2paEdited])
		expect(actions.actions[1].digitalSourceType).toBe(AI_EDITED_SOURCE_TYPE)
		// The library does not read a v2 action's description back, so read what was written.
		const written = (actions.sourceBox!.contentBoxes[0] as CBORBox).content as { actions: { description?: string }[] }
		expect(written.actions[1].description).toBe('Furniture added, Modern style')

		const [ingredient] = manifest.assertions!.getIngredientsByRelationship(RelationshipType.ParentOf)
		expect(ingredient.informationalURI).toBe(info.originalsUrl)
		expect(ingredient.format).toBe('image/jpeg')
		expect(ingredient.instanceID).toMatch(/^sha256:[0-9a-f]{64}$/)
		// c2pa.opened points at this very ingredient.
		expect(actions.actions[0].parameters!.ingredients![0].uri).toBe(`self#jumbf=c2pa.assertions/${ingredient.label}`)

		// The ingredient's thumbnail is the original, small: its colours, not the altered image's.
		const thumbnail = manifest.assertions!.assertions.find((a) => a instanceof ThumbnailAssertion)!
		expect(ingredient.thumbnail!.uri).toBe(`self#jumbf=c2pa.assertions/${thumbnail.label}`)
		const thumb = Buffer.from((thumbnail as ThumbnailAssertion).content!)
		expect((await sharp(thumb).metadata()).width).toBeLessThanOrEqual(1024)
		const meanOf = async (image: Buffer) =>
			(await sharp(image).resize(64, 48).stats()).channels.map((c) => Math.round(c.mean))
		const [fromThumb, fromOriginal, fromAltered] = await Promise.all([thumb, original, altered].map(meanOf))
		const distance = (a: number[], b: number[]) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]), 0)
		expect(distance(fromThumb, fromOriginal)).toBeLessThan(distance(fromThumb, fromAltered))
	})

	test('fail validation once a byte of the image changes', async () => {
		const signed = await withContentCredentials(altered, original, info)
		const tampered = Buffer.from(signed)
		tampered[tampered.length - 100] ^= 0xff
		const { validation, codes } = (await readCredentials(tampered))!
		expect(validation.isValid).toBe(false)
		expect(codes).toContain('assertion.dataHash.mismatch')
	})

	test('leave a JPEG that decodes to the same picture', async () => {
		const signed = await withContentCredentials(altered, original, info)
		const before = await sharp(altered).raw().toBuffer({ resolveWithObject: true })
		const after = await sharp(signed).raw().toBuffer({ resolveWithObject: true })
		expect(after.info).toMatchObject({ width: 1600, height: 1200 })
		expect(after.data.equals(before.data)).toBe(true)
	})

	test('keep XMP written before them readable, and covered by the signature', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-c2pa-'))
		const file = path.join(dir, 'staged.jpg')
		fs.writeFileSync(file, altered)
		await run('exiftool', [
			'-overwrite_original',
			`-XMP-iptcExt:DigitalSourceType=${AI_EDITED_SOURCE_TYPE}`,
			'-XMP-dc:Description=Furniture added, Modern style',
			file,
		])
		const signed = await withContentCredentials(fs.readFileSync(file), original, info)
		fs.writeFileSync(file, signed)
		const { stdout } = await run('exiftool', ['-j', '-XMP-iptcExt:DigitalSourceType', '-XMP-dc:Description', file])
		expect(JSON.parse(stdout)[0]).toMatchObject({
			DigitalSourceType: AI_EDITED_SOURCE_TYPE,
			Description: 'Furniture added, Modern style',
		})
		expect((await readCredentials(signed))!.validation.isValid).toBe(true)

		// XMP rewritten afterwards is a change to the signed file: the hash no longer matches.
		await run('exiftool', ['-overwrite_original', '-XMP-dc:Description=Something else', file])
		expect((await readCredentials(fs.readFileSync(file)))!.validation.isValid).toBe(false)
		fs.rmSync(dir, { recursive: true, force: true })
	})
})

describe('the signing identity', () => {
	test('is made once, kept private in the data folder, and signs every image', async () => {
		const file = path.join(config().dataDir, 'content-credentials.json')
		const first = await withContentCredentials(altered, original, info)
		expect(fs.statSync(file).mode & 0o777).toBe(0o600)
		const second = await withContentCredentials(altered, original, info)
		const certificateOf = async (jpeg: Buffer) =>
			(await readCredentials(jpeg))!.manifest.signature!.signatureData.certificate!.serialNumber
		expect(await certificateOf(first)).toBe(await certificateOf(second))
		expect(await certificateOf(first)).toBe((await contentCredentialsSigner()).certificate.serialNumber)
		expect(JSON.parse(fs.readFileSync(file, 'utf8')).certificate).toContain('BEGIN CERTIFICATE')
	})

	test('is a certificate a local authority issued, as C2PA asks of a signer, not a self-signed one', async () => {
		const { certificate } = await contentCredentialsSigner()
		expect(certificate.issuer).not.toBe(certificate.subject)
		const { codes } = (await readCredentials(await withContentCredentials(altered, original, info)))!
		expect(codes).not.toContain('signingCredential.invalid')
	})

	test('signs as COSE asks, r and s side by side: what c2pa-rs readers accept, not DER', async () => {
		const { manifest } = (await readCredentials(await withContentCredentials(altered, original, info)))!
		// P-256: 32 bytes each; DER would be 70 to 72 and c2pa-rs says signingCredential.invalid.
		expect(manifest.signature!.signatureData.signature).toHaveLength(64)
	})
})
