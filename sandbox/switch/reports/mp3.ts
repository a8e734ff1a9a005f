/** A small, valid MP3 (an ID3v2 tag, then silent MPEG-1 Layer III frames) that differs per recording. */
const FRAME_BYTES = 417; // 128 kbit/s at 44.1 kHz

export function mp3Of(label: string, frames = 8): Buffer {
	const id3Text = Buffer.from(`\u0003${label}`, 'latin1');
	// One TIT2 (title) frame carrying the label, so each file is different and identifiable.
	const tit2 = Buffer.concat([Buffer.from('TIT2', 'latin1'), size32(id3Text.length), Buffer.from([0, 0]), id3Text]);
	const header = Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([4, 0, 0]), synchsafe(tit2.length)]);
	const frame = Buffer.alloc(FRAME_BYTES);
	frame.set([0xff, 0xfb, 0x90, 0x64]);
	return Buffer.concat([header, tit2, ...Array.from({ length: frames }, () => frame)]);
}

function size32(n: number): Buffer {
	const b = Buffer.alloc(4);
	b.writeUInt32BE(n);
	return b;
}

function synchsafe(n: number): Buffer {
	return Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);
}
