/** The INVITE a SIP Packet POST carries, and its PacketHash (MD5 of the full INVITE). */
import { createHash } from 'node:crypto';

export function inviteFor(from: string, to: string, fromIp: string, callId: string): string {
	return [
		`INVITE sip:${to}@switch.sandbox SIP/2.0`,
		`Via: SIP/2.0/UDP ${fromIp}:5060;branch=z9hG4bK-${callId}`,
		'Max-Forwards: 70',
		`From: "${from}" <sip:${from}@${fromIp}>;tag=${callId.slice(0, 8)}`,
		`To: <sip:${to}@switch.sandbox>`,
		`Call-ID: ${callId}@${fromIp}`,
		'CSeq: 1 INVITE',
		`Contact: <sip:${from}@${fromIp}:5060>`,
		'Content-Type: application/sdp',
		'Content-Length: 0',
		'',
		'',
	].join('\r\n');
}

export function packetHash(rawPacket: string): string {
	return createHash('md5').update(rawPacket, 'utf8').digest('hex');
}
