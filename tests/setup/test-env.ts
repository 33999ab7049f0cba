import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'

// Each test file gets its own data folder (files, outbox), removed afterwards.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendo-test-data-'))
process.env.DATA_DIR = dataDir
// The AWS SDK warns that 2027 releases want Node 22: true, and noise in tests.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))
process.env.CEO_EMAIL = 'ceo@rendo.test'
