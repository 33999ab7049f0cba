import { createPrivateKey, type KeyObject, randomBytes, sign, webcrypto } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import * as x509 from '@peculiar/x509'
import { CoseAlgorithmIdentifier, type Signer } from '@trustnxt/c2pa-ts/cose'
import { config } from '#core/platform/config.ts'
import { keepFirst, readKept } from '#core/platform/secrets.ts'

/**
 * The key and certificate Rendo signs Content Credentials with, made on first use and kept in the
 * data folder (like core/platform/secrets.ts), so every image this installation delivers carries
 * the same signer.
 *
 * C2PA does not accept a self-signed certificate for signing a manifest (C2PA spec 2.1, "X.509
 * Certificates": the signer is an end-entity certificate issued by a CA; c2pa-ts's validator says
 * signingCredential.invalid otherwise). So a one-off local authority issues the signing
 * certificate and its key is thrown away at once: nothing else can ever be issued in its name.
 * Neither is on the C2PA trust list, so a verifier shows the signer as unknown: the credentials
 * still prove what Rendo did and that the file has not changed since, but not who Rendo is.
 */
interface StoredIdentity {
	/** PKCS#8, PEM: the signing key (ES256, P-256). */
	privateKey: string
	/** PEM: the end-entity certificate manifests carry. */
	certificate: string
	/** PEM: the local authority that issued it, kept so a verifier can be told to trust it. */
	issuer: string
}

const FILE = 'content-credentials.json'
const ES256 = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' }
/** No trusted time-stamp is possible offline, so validators judge the certificate by today's date. */
const VALIDITY_YEARS = 10

const signers = new Map<string, Promise<Signer>>()

/** The signer for this installation's data folder, read once per process. */
export function contentCredentialsSigner(dataDir = config().dataDir): Promise<Signer> {
	let signer = signers.get(dataDir)
	if (!signer) {
		signer = loadOrCreate(dataDir).then(toSigner)
		signers.set(dataDir, signer)
		signer.catch(() => signers.delete(dataDir))
	}
	return signer
}

const toSigner = (stored: StoredIdentity) =>
	new Es256Signer(createPrivateKey(stored.privateKey), new x509.X509Certificate(stored.certificate))

/**
 * Signs claims with ES256 as COSE wants the signature: r and s side by side (IEEE P1363, RFC 9053
 * §2.1). c2pa-ts 0.9's own LocalSigner writes ECDSA signatures DER-encoded, which its validator
 * accepts but c2pa-rs (Adobe's and the CAI's reader) rejects as signingCredential.invalid; fixed
 * upstream after 0.9.4, the last release on the registry here.
 */
class Es256Signer implements Signer {
	algorithm = CoseAlgorithmIdentifier.ES256
	chainCertificates: x509.X509Certificate[] = []

	constructor(
		private readonly key: KeyObject,
		public certificate: x509.X509Certificate,
	) {}

	async sign(payload: Uint8Array) {
		return new Uint8Array(sign('sha256', payload, { key: this.key, dsaEncoding: 'ieee-p1363' }))
	}
}

async function loadOrCreate(dataDir: string): Promise<StoredIdentity> {
	const file = path.join(dataDir, FILE)
	if (fs.existsSync(file)) return readKept<StoredIdentity>(file)
	return keepFirst(file, await newIdentity())
}

/** A positive serial number of 128 random bits (RFC 5280 §4.1.2.2). */
const serialNumber = () => {
	const bytes = randomBytes(16)
	bytes[0] &= 0x7f
	return bytes.toString('hex')
}

async function newIdentity(): Promise<StoredIdentity> {
	x509.cryptoProvider.set(webcrypto as unknown as Crypto)
	const notBefore = new Date(Date.now() - 60_000)
	const notAfter = new Date(notBefore)
	notAfter.setFullYear(notAfter.getFullYear() + VALIDITY_YEARS)

	const authorityKeys = await webcrypto.subtle.generateKey(ES256, false, ['sign', 'verify'])
	const authority = await x509.X509CertificateGenerator.createSelfSigned({
		serialNumber: serialNumber(),
		name: 'CN=Rendo content credentials authority, O=Rendo',
		notBefore,
		notAfter,
		keys: authorityKeys,
		signingAlgorithm: ES256,
		extensions: [
			new x509.BasicConstraintsExtension(true, 0, true),
			new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
			await x509.SubjectKeyIdentifierExtension.create(authorityKeys.publicKey),
		],
	})

	// What C2PA asks of a claim signer's certificate (spec 2.1, "X.509 Certificates"): not a CA, key usage
	// digitalSignature marked critical, and an extended key usage of emailProtection or
	// documentSigning, never anyExtendedKeyUsage.
	const keys = await webcrypto.subtle.generateKey(ES256, true, ['sign', 'verify'])
	const certificate = await x509.X509CertificateGenerator.create({
		serialNumber: serialNumber(),
		subject: 'CN=Rendo content credentials, O=Rendo',
		issuer: authority.subject,
		notBefore,
		notAfter,
		publicKey: keys.publicKey,
		signingKey: authorityKeys.privateKey,
		signingAlgorithm: ES256,
		extensions: [
			new x509.BasicConstraintsExtension(false, undefined, true),
			new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
			new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.emailProtection]),
			await x509.AuthorityKeyIdentifierExtension.create(authority, false),
			await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
		],
	})

	const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64')
	return {
		privateKey: `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)!.join('\n')}\n-----END PRIVATE KEY-----\n`,
		certificate: certificate.toString('pem'),
		issuer: authority.toString('pem'),
	}
}
