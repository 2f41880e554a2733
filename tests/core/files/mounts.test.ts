import { mkdir, realpath, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isSharedFsType, mountOf, parseMountInfo, sharedMountOf } from '../../../electron/core/files/mounts'
import { useTempDir } from '../../support/temp'

/**
 * A library on a network share is polled, since no machine hears of another's writes there
 * (files/mounts.ts): the share is found in the mount table as Linux writes it.
 */
const table = (root: string): string =>
  [
    '22 27 0:21 / /proc rw,relatime - proc proc rw',
    '27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard',
    `40 27 0:40 / ${root}/studio rw,relatime shared:12 - nfs4 nas:/export/studio rw,vers=4.2,actimeo=1`,
    `41 40 0:41 / ${root}/studio/local\\040disk rw,relatime - ext4 /dev/sdb1 rw`,
    `42 27 0:42 / ${root}/Mei\\040Chen\\011films rw,nosuid,nodev - cifs //nas/Mei\\040Chen rw,vers=3.1.1`,
    `43 27 0:43 / ${root}/remote rw,nosuid,nodev,relatime - fuse.sshfs mei@nas:/srv/films rw,user_id=0,group_id=0`,
    `44 27 0:44 / ${root}/usb rw,relatime - fuseblk /dev/sdc1 rw,user_id=0`,
    `45 27 0:45 / ${root}/remote rw,relatime master:3 - tmpfs tmpfs rw`,
    'not a mount line',
    '',
  ].join('\n')

describe('the mount table', () => {
  it('reads each line’s mount point (escapes undone), type and source, past optional fields, and leaves out lines of another shape', () => {
    const mounts = parseMountInfo(table('/t'))
    expect(mounts.map((m) => m.point)).toEqual(['/proc', '/', '/t/studio', '/t/studio/local disk', '/t/Mei Chen\tfilms', '/t/remote', '/t/usb', '/t/remote'])
    expect(mounts[2]).toEqual({ point: '/t/studio', fstype: 'nfs4', source: 'nas:/export/studio' })
    expect(mounts[4]).toEqual({ point: '/t/Mei Chen\tfilms', fstype: 'cifs', source: '//nas/Mei Chen' })
    expect(mounts[5]!.fstype).toBe('fuse.sshfs')
  })

  it('finds the deepest mount above a path, the later of two at one point, and never a sibling with a longer name', () => {
    const mounts = parseMountInfo(table('/t'))
    expect(mountOf('/t/studio/2025-03/clip.json', mounts)?.fstype).toBe('nfs4')
    expect(mountOf('/t/studio/local disk/2025-03', mounts)?.fstype).toBe('ext4')
    expect(mountOf('/t/studio-archive', mounts)?.point).toBe('/')
    expect(mountOf('/t/remote/lib', mounts)?.fstype).toBe('tmpfs')
    expect(mountOf('/home/mei', mounts)?.fstype).toBe('ext4')
  })

  it('takes network and FUSE file systems as shared, and local disks (fuseblk too) as not', () => {
    for (const fstype of ['nfs', 'nfs4', 'cifs', 'smb3', 'smbfs', '9p', 'fuse.sshfs', 'fuse.rclone', 'fuse', 'virtiofs']) expect(isSharedFsType(fstype), fstype).toBe(true)
    for (const fstype of ['ext4', 'xfs', 'btrfs', 'tmpfs', 'overlay', 'fuseblk', 'vfat', 'exfat']) expect(isSharedFsType(fstype), fstype).toBe(false)
  })

  it('finds the share a library folder is on through a symlink and before the folder exists, and none on a local disk or without a table', async () => {
    // The table names real paths (the temp folder may be reached through a symlink, as on macOS).
    const dir = await realpath(await useTempDir('reelbox-mounts-'))
    const file = path.join(dir, 'mountinfo')
    await writeFile(file, table(dir))
    await mkdir(path.join(dir, 'Mei Chen\tfilms'))
    await symlink(path.join(dir, 'Mei Chen\tfilms'), path.join(dir, 'films'))
    expect(await sharedMountOf(path.join(dir, 'films', 'not yet', 'library'), file)).toMatchObject({ fstype: 'cifs', source: '//nas/Mei Chen' })
    expect(await sharedMountOf(path.join(dir, 'studio', 'local disk', 'library'), file)).toBeUndefined()
    expect(await sharedMountOf(path.join(dir, 'elsewhere'), file)).toBeUndefined()
    expect(await sharedMountOf(path.join(dir, 'films'), path.join(dir, 'no-such-table'))).toBeUndefined()
  })
})
