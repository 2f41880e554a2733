import { readFile, realpath } from 'node:fs/promises'
import path from 'node:path'

/**
 * Whether a folder is on a network share, from the system's mount table. A share's client hears
 * of this machine's own writes, never of another machine's: fs.watch says nothing when a
 * colleague's video lands on the SMB share, the NFS export or the sshfs mount, so the library
 * polls such a folder instead (library/follow.ts). Linux only, through /proc/self/mountinfo;
 * elsewhere the answer is "not known", and the library follows as on a local disk.
 */
export interface Mount {
  /** Where it is mounted, unescaped. */
  point: string
  /** The file system type: `ext4`, `nfs4`, `cifs`, `fuse.sshfs`. */
  fstype: string
  /** What is mounted there (`server:/export`, `//server/share`, `user@host:/dir`). */
  source: string
}

/** Kernel file systems whose files other machines change. FUSE file systems (`fuse.*`) are all taken as such below. */
const SHARED_TYPES = new Set([
  'nfs', 'nfs4', 'cifs', 'smb3', 'smbfs', '9p', 'afs', 'ceph', 'glusterfs', 'lustre', 'gpfs', 'beegfs', 'ocfs2', 'gfs2',
  'orangefs', 'coda', 'ncpfs', 'davfs', 'virtiofs', 'vboxsf', 'vmhgfs', 'fuse',
])

/**
 * A file system whose files can change without this machine's kernel knowing. A FUSE file system
 * (sshfs, rclone, s3fs, a desktop's gvfs SMB mounts) serves what its process is told, and tells the
 * kernel of no change made behind it; `fuseblk` is a local disk (NTFS, exFAT) through FUSE.
 */
export const isSharedFsType = (fstype: string): boolean => SHARED_TYPES.has(fstype) || fstype.startsWith('fuse.')

/** The kernel's escapes in mountinfo fields (`\040` a space, `\011` a tab, `\012` a newline, `\134` a backslash). */
const unescape = (field: string): string => field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)))

/**
 * The lines of /proc/self/mountinfo (proc(5)):
 * `36 35 98:0 /root /point rw,noatime [optional fields…] - fstype source super-options`.
 * A line that does not have that shape is left out.
 */
export function parseMountInfo(text: string): Mount[] {
  const mounts: Mount[] = []
  for (const line of text.split('\n')) {
    const fields = line.split(' ')
    const dash = fields.indexOf('-', 6)
    if (dash < 0 || fields.length < dash + 3) continue
    mounts.push({ point: unescape(fields[4]!), fstype: unescape(fields[dash + 1]!), source: unescape(fields[dash + 2]!) })
  }
  return mounts
}

/** The mount `file` (absolute, symlinks resolved) is on: the deepest mount point above it, the later where one is mounted over another. */
export function mountOf(file: string, mounts: readonly Mount[]): Mount | undefined {
  let found: Mount | undefined
  for (const mount of mounts) {
    const inside = mount.point === '/' || file === mount.point || file.startsWith(`${mount.point}/`)
    if (inside && (!found || mount.point.length >= found.point.length)) found = mount
  }
  return found
}

/** The share `folder` is on (or would be: its nearest existing parent), or undefined on a local disk or where the table cannot be read. */
export async function sharedMountOf(folder: string, table = '/proc/self/mountinfo'): Promise<Mount | undefined> {
  const text = await readFile(table, 'utf8').catch(() => undefined)
  if (text === undefined) return undefined
  const mount = mountOf(await existingReal(path.resolve(folder)), parseMountInfo(text))
  return mount && isSharedFsType(mount.fstype) ? mount : undefined
}

async function existingReal(folder: string): Promise<string> {
  for (let at = folder; ; at = path.dirname(at)) {
    const real = await realpath(at).catch(() => undefined)
    if (real !== undefined) return path.join(real, path.relative(at, folder))
    if (path.dirname(at) === at) return folder
  }
}
