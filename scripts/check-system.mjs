#!/usr/bin/env node
// Names the Debian packages the tests need when they are missing (`.ci/run` installs them).
import { existsSync } from 'node:fs'
import { execFileSync } from 'node:child_process'

const works = (command, args) => {
  try {
    execFileSync(command, args, { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
const has = (command) => works('sh', ['-c', `command -v ${command}`])

const needs = [
  { pkg: 'chromium', ok: existsSync(process.env.REELBOX_CHROMIUM ?? '/usr/bin/chromium'), why: 'end-to-end tests drive the real renderer in Chromium' },
  { pkg: 'dbus', ok: has('dbus-run-session'), why: 'keychain tests run a private session bus' },
  { pkg: 'gnome-keyring', ok: has('gnome-keyring-daemon'), why: 'keychain tests need a real Secret Service' },
  { pkg: 'ffmpeg', ok: has('ffmpeg') && has('ffprobe'), why: 'tests judge the videos Reelbox writes with ffmpeg and ffprobe (never needed by the app)' },
  { pkg: 'libimage-exiftool-perl', ok: has('exiftool'), why: 'tests check that exiftool lists the settings inside a video' },
  { pkg: 'unzip', ok: has('unzip'), why: 'tests open the zip web mode downloads several videos as' },
  { pkg: 'unison', ok: has('unison'), why: 'the studio library tests keep two library folders in step with a real sync engine that needs no network' },
  { pkg: 'openssh-server', ok: existsSync('/usr/sbin/sshd'), why: 'the network share tests serve a folder over SFTP with a loopback sshd' },
  { pkg: 'sshfs', ok: has('sshfs'), why: 'the network share tests mount that folder twice, as two machines' },
  { pkg: 'fuse3', ok: has('fusermount3'), why: 'sshfs mounts through FUSE (the tests are skipped, saying so, where /dev/fuse cannot be used)' },
  { pkg: 'libsecret-1-dev', ok: existsSync('/usr/include/libsecret-1/libsecret/secret.h'), why: 'keytar builds against libsecret' },
  { pkg: 'util-linux', ok: works('unshare', ['-rn', 'true']), why: 'the packaging test runs electron-builder with no network (`unshare -rn`; needs unprivileged user namespaces, or root)' },
]

const missing = needs.filter((need) => !need.ok)
if (missing.length) {
  console.error('Reelbox tests need these Debian packages:')
  for (const need of missing) console.error(`  - ${need.pkg}: ${need.why}`)
  console.error(`\nInstall them with:\n  sudo apt-get update && sudo apt-get install -y ${missing.map((need) => need.pkg).join(' ')}\nthen run \`npm ci\` again (keytar builds at install) and \`npm test\`.`)
  process.exit(1)
}
