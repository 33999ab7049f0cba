import { createHash, randomUUID } from 'node:crypto'
import { JPEG } from '@trustnxt/c2pa-ts/asset'
import type { CBORBox, IBox } from '@trustnxt/c2pa-ts/jumbf'
import {
	ActionAssertion,
	ActionType,
	AssertionLabels,
	type Claim,
	DataHashAssertion,
	type DigitalSourceType,
	IngredientAssertion,
	ManifestStore,
	RelationshipType,
	ThumbnailAssertion,
	ThumbnailType,
} from '@trustnxt/c2pa-ts/manifest'
import { sharp } from '#core/platform/sharp.ts'
import { contentCredentialsSigner } from './signing-identity.ts'

export interface ContentCredentialsInfo {
	/** What was done, in words: alterationOf(style).words. */
	alteration: string
	/** IPTC digital source type URI: AI_EDITED_SOURCE_TYPE, or ALGORITHMIC_EDIT_SOURCE_TYPE for the local preview's edit. */
	digitalSourceType: string
	/** The image's place on the property's originals page, where the unaltered photo is. */
	originalsUrl: string
}

/** c2pa-rs's default long edge for thumbnails, so verifiers show ours as they show any other. */
const THUMBNAIL_EDGE = 1024

/**
 * The altered JPEG with signed C2PA Content Credentials embedded (JUMBF in APP11 segments; every
 * other byte of the file as it was): Rendo opened the original photo (the manifest's parentOf
 * ingredient, with a thumbnail and the originals page's address) and edited it by the process the
 * digital source type names, in the words given. Run it last: any change to the file afterwards
 * (XMP included) breaks the manifest's hash of the image, so XMP goes in first and is covered by
 * the signature.
 */
export async function withContentCredentials(
	altered: Buffer,
	original: Buffer,
	info: ContentCredentialsInfo,
): Promise<Buffer> {
	const signer = await contentCredentialsSigner()
	const asset = new JPEG(altered)
	const store = new ManifestStore()
	const manifest = store.createManifest({
		assetFormat: 'image/jpeg',
		instanceID: `xmp:iid:${randomUUID()}`,
		defaultHashAlgorithm: 'SHA-256',
		signer,
	})
	const claim = manifest.claim!
	claim.claimGeneratorName = 'Rendo'
	// The library fills in its own version, which would read as Rendo's.
	claim.claimGeneratorVersion = undefined

	const thumbnail = ThumbnailAssertion.create('jpeg', await thumbnailOf(original), ThumbnailType.Ingredient)
	manifest.addAssertion(thumbnail)

	const ingredient = IngredientAssertion.createV3(RelationshipType.ParentOf)
	ingredient.title = 'Original photo'
	ingredient.format = `image/${(await sharp(original).metadata()).format ?? 'jpeg'}`
	// The original's own bytes name it, so anyone holding a copy can tell it is this one.
	ingredient.instanceID = `sha256:${createHash('sha256').update(original).digest('hex')}`
	ingredient.informationalURI = info.originalsUrl
	ingredient.thumbnail = manifest.createAssertionReference(thumbnail)
	manifest.addAssertion(ingredient)

	// A standard manifest starts with c2pa.opened (or c2pa.created for a new picture), which
	// names its parentOf ingredient; the edit follows with its digital source type.
	const actions = new DescribedActions()
	actions.actions.push(
		{ action: ActionType.C2paOpened, parameters: { ingredients: [manifest.createAssertionReference(ingredient)] } },
		{
			action: ActionType.C2paEdited,
			digitalSourceType: info.digitalSourceType as DigitalSourceType,
			description: info.alteration,
			softwareAgent: { name: 'Rendo' },
		},
	)
	manifest.addAssertion(actions)

	const hash = DataHashAssertion.create('SHA-256')
	manifest.addAssertion(hash)
	await asset.ensureManifestSpace(store.measureSize())
	await hash.updateWithAsset(asset)
	await manifest.sign(signer)
	await asset.writeManifestJUMBF(store.getBytes())
	return Buffer.from(await asset.getDataRange())
}

async function thumbnailOf(photo: Buffer) {
	const jpeg = await sharp(photo)
		.rotate()
		.resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: 'inside', withoutEnlargement: true })
		.jpeg({ quality: 75, mozjpeg: true })
		.toBuffer()
	return new Uint8Array(jpeg)
}

/**
 * c2pa.actions.v2 whose actions carry their description. C2PA 2.x puts it in each action's map
 * ("description"), which c2pa-ts 0.9 neither writes nor reads for v2; it writes the rest.
 */
class DescribedActions extends ActionAssertion {
	label = AssertionLabels.actionsV2

	generateJUMBFBoxForContent(claim: Claim): IBox {
		const box = super.generateJUMBFBoxForContent(claim) as CBORBox
		const written = box.content as { actions: { description?: string }[] }
		this.actions.forEach(({ description }, i) => {
			if (description) written.actions[i].description = description
		})
		return box
	}
}
