import { joinClips } from '../electron/core/sequences/join'
console.log(await joinClips([{ file: '/tmp/emb/b1.mp4', name: 'b1' }, { file: '/tmp/emb/b2.mp4', name: 'b2' }, { file: '/tmp/emb/b1.mp4', name: 'b1' }], '/tmp/emb/j.mp4', { 'com.reelbox.sequence': '{"x":1}' }))
try { await joinClips([{ file: '/tmp/emb/b1.mp4', name: 'b1' }, { file: '/tmp/emb/c.mp4', name: 'c' }], '/tmp/emb/j2.mp4') } catch (e) { console.log(e.message) }
