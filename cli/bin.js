#!/usr/bin/env node
// The CLI is TypeScript like the rest of the house; tsx loads it without a build step.
import { register } from 'tsx/esm/api'

register()
await import('./main.ts')
