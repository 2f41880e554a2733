import { execFile, spawn } from 'node:child_process'
import { constants } from 'node:fs'
import { access, copyFile, mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

/**
 * A real network share on this machine: Debian's sshd on a loopback port, with a config, host
 * key and client key of its own in a temp folder (key-only, SFTP by `internal-sftp`), and one
 * folder of it mounted twice with sshfs. The two mounts are two machines: each has its own SFTP
 * session and keeps names and attributes for a second (`attr_timeout`, `entry_timeout` in the
 * kernel, `dcache_timeout` in sshfs), as SMB and NFS clients do, and neither hears of the other's
 * writes. No vitest here: benchmarks use it too (the caller closes it).
 */
export interface SshfsShare {
  /** The folder sshd serves: the server's own disk. */
  served: string
  /** That folder mounted twice: machine A's view and machine B's. */
  a: string
  b: string
  /** Unmounts both, stops sshd and removes the folders. */
  close(): Promise<void>
}

const run = promisify(execFile)

/** A program on PATH or in the system's sbin folders (sshd is in /usr/sbin, often not on a user's PATH). */
async function which(name: string): Promise<string | undefined> {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/sbin', '/usr/local/sbin']
  for (const dir of dirs.filter(Boolean)) {
    const file = path.join(dir, name)
    if (await access(file, constants.X_OK).then(() => true, () => false)) return file
  }
  return undefined
}

/** Why no share can be made here (a missing program or FUSE), or undefined when it can. */
export async function sshfsShareUnavailable(): Promise<string | undefined> {
  if (process.platform !== 'linux') return 'the sshfs share needs Linux'
  const missing: string[] = []
  for (const [program, pkg] of [['sshd', 'openssh-server'], ['ssh', 'openssh-client'], ['ssh-keygen', 'openssh-client'], ['sshfs', 'sshfs'], ['fusermount3', 'fuse3']] as const) {
    if (!(await which(program))) missing.push(`${program} (Debian ${pkg})`)
  }
  if (missing.length) return `no ${missing.join(', ')}`
  const fuse = await open('/dev/fuse', 'r+').catch((error: Error) => error)
  if (fuse instanceof Error) return `FUSE cannot be used here (/dev/fuse: ${fuse.message})`
  await fuse.close()
  return undefined
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })

/** Starts sshd and mounts its folder twice; throws saying why when the tools are there and it still cannot. */
export async function startSshfsShare(): Promise<SshfsShare> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbox-sshfs-'))
  const [served, a, b, keys] = ['served', 'a', 'b', 'keys'].map((name) => path.join(dir, name)) as [string, string, string, string]
  for (const folder of [served, a, b, keys]) await mkdir(folder, { mode: 0o700 })
  const mounted: string[] = []
  let sshd: ReturnType<typeof spawn> | undefined
  const close = async (): Promise<void> => {
    for (const point of mounted.splice(0)) await run('fusermount3', ['-u', point]).catch(() => run('fusermount3', ['-uz', point]).catch(() => undefined))
    if (sshd?.exitCode === null) {
      const exited = new Promise((resolve) => sshd!.once('exit', resolve))
      sshd.kill('SIGTERM')
      await exited
    }
    await rm(dir, { recursive: true, force: true })
  }
  try {
    const hostKey = path.join(keys, 'host_ed25519')
    const clientKey = path.join(keys, 'client_ed25519')
    for (const key of [hostKey, clientKey]) await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'reelbox-test', '-f', key])
    await copyFile(`${clientKey}.pub`, path.join(keys, 'authorized_keys'))
    // As root, sshd wants its privilege separation folder (Debian's service makes it at boot).
    if (process.getuid?.() === 0) await mkdir('/run/sshd', { recursive: true, mode: 0o755 })
    const user = os.userInfo().username
    const port = await freePort()
    const config = path.join(keys, 'sshd_config')
    await writeFile(
      config,
      [
        'ListenAddress 127.0.0.1',
        `Port ${port}`,
        `HostKey ${hostKey}`,
        `PidFile ${path.join(keys, 'sshd.pid')}`,
        `AuthorizedKeysFile ${path.join(keys, 'authorized_keys')}`,
        `AllowUsers ${user}`,
        'PubkeyAuthentication yes',
        'PasswordAuthentication no',
        'KbdInteractiveAuthentication no',
        'PermitRootLogin prohibit-password',
        'UsePAM no',
        'UseDNS no',
        // The keys are in a temp folder the test made, not in a home folder sshd would inspect.
        'StrictModes no',
        'Subsystem sftp internal-sftp',
        '',
      ].join('\n'),
    )
    sshd = spawn((await which('sshd'))!, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] })
    await listening(sshd, port)
    for (const point of [a, b]) {
      const options = [
        `IdentityFile=${clientKey}`, 'IdentitiesOnly=yes', 'BatchMode=yes', 'StrictHostKeyChecking=no', 'UserKnownHostsFile=/dev/null', 'LogLevel=ERROR', `port=${port}`,
        'attr_timeout=1', 'entry_timeout=1', 'dir_cache=yes', 'dcache_timeout=1',
      ]
      await run('sshfs', ['-F', '/dev/null', `${user}@127.0.0.1:${served}`, point, '-o', options.join(',')], { timeout: 30_000 })
      mounted.push(point)
    }
    return { served, a, b, close }
  } catch (error) {
    await close()
    throw error
  }
}

/** Resolves once sshd says it listens on the port; rejects with what it said when it exits first. */
function listening(sshd: ReturnType<typeof spawn>, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let said = ''
    const timer = setTimeout(() => reject(new Error(`sshd did not listen on port ${port} within 10 s: ${said.trim()}`)), 10_000)
    sshd.stderr!.setEncoding('utf8')
    sshd.stderr!.on('data', (chunk: string) => {
      said += chunk
      if (said.includes(`port ${port}`)) {
        clearTimeout(timer)
        resolve()
      }
    })
    sshd.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`sshd exited (${code}): ${said.trim()}`))
    })
  })
}
