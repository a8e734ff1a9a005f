import { createHash } from 'node:crypto';
import { constantTimeEqual, md5Hex } from '../../../nodes/engine/trigger/secrets';
import { parseSipRequest } from '../../../nodes/SolSwitchTrigger/sipMessage';

describe('constantTimeEqual', () => {
	it('is true only for identical strings, whatever their lengths', () => {
		expect(constantTimeEqual('s3cret-key', 's3cret-key')).toBe(true);
		expect(constantTimeEqual('s3cret-kez', 's3cret-key')).toBe(false);
		expect(constantTimeEqual('s3cret', 's3cret-key')).toBe(false);
		expect(constantTimeEqual('', 's3cret-key')).toBe(false);
		expect(constantTimeEqual('S3CRET-KEY', 's3cret-key')).toBe(false);
	});
});

describe('md5Hex', () => {
	it('is the MD5 of the UTF-8 text, in lower-case hex', () => {
		expect(md5Hex('INVITE é')).toBe(createHash('md5').update(Buffer.from('INVITE é', 'utf8')).digest('hex'));
		expect(md5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
	});
});

describe('parseSipRequest', () => {
	const invite = [
		'INVITE sip:5145550100@switch.example SIP/2.0',
		'Via: SIP/2.0/UDP 198.51.100.7:5060;branch=z9hG4bK-1',
		'Via: SIP/2.0/UDP 10.0.0.1:5060;branch=z9hG4bK-0',
		'f: "Caller" <sip:5145550199@198.51.100.7>;tag=abc',
		'To: <sip:5145550100@switch.example>',
		'i: 42@198.51.100.7',
		'CSEQ: 1 INVITE',
		'Contact: <sip:5145550199@198.51.100.7:5060>',
		'Subject: a folded',
		'  subject line',
		'Content-Type: application/sdp',
		'Content-Length: 7',
		'',
		'v=0\r\no=-',
	].join('\r\n');

	it('splits the request line, the headers (compact forms expanded, repeats kept) and the body', () => {
		expect(parseSipRequest(invite)).toEqual({
			method: 'INVITE',
			requestUri: 'sip:5145550100@switch.example',
			sipVersion: 'SIP/2.0',
			headers: {
				Via: ['SIP/2.0/UDP 198.51.100.7:5060;branch=z9hG4bK-1', 'SIP/2.0/UDP 10.0.0.1:5060;branch=z9hG4bK-0'],
				From: '"Caller" <sip:5145550199@198.51.100.7>;tag=abc',
				To: '<sip:5145550100@switch.example>',
				'Call-ID': '42@198.51.100.7',
				CSeq: '1 INVITE',
				Contact: '<sip:5145550199@198.51.100.7:5060>',
				Subject: 'a folded subject line',
				'Content-Type': 'application/sdp',
				'Content-Length': '7',
			},
			body: 'v=0\r\no=-',
		});
	});

	it('reads bare LF line ends too', () => {
		expect(parseSipRequest(invite.replace(/\r\n/g, '\n'))?.headers['Call-ID']).toBe('42@198.51.100.7');
	});

	it('returns undefined for text that is not a SIP request', () => {
		expect(parseSipRequest('hello world')).toBeUndefined();
		expect(parseSipRequest('SIP/2.0 200 OK\r\n\r\n')).toBeUndefined();
		expect(parseSipRequest('')).toBeUndefined();
	});
});
