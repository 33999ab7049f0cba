import { spawn } from 'node:child_process'
const url = process.argv[2]
for (let i = 0; i < 5; i++) {
  const child = spawn(process.execPath, ['cli/bin.js', 'worker'], { env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' } })
  let out = '', err = ''
  child.stderr.on('data', d => err += d)
  const t0 = Date.now()
  await new Promise(r => child.stdout.on('data', d => { out += d; if (out.includes('running')) r() }))
  child.kill('SIGINT')
  const code = await Promise.race([new Promise(r => child.on('exit', r)), new Promise(r => setTimeout(() => r('HUNG'), 10000))])
  console.log(i, code, Date.now() - t0, err.slice(0, 300))
  if (code === 'HUNG') { console.log('pid', child.pid); break }
}
