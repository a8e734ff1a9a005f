// `npm start` gives every example the sandbox's credentials; an example that also needs one of the
// user's (the AI examples' chat model) is imported as a draft naming it (scripts/start/examples.ts).
import { credentialsToPick, exampleFiles, readExample } from '../../../scripts/start/examples';

const SANDBOX = { solSwitchApi: 'a', solSwitchMessagingApi: 'b', solSwitchCallbacksApi: 'c' };

test.each(['ai-sms-assistant', 'ai-agent-sms-approval'])('the AI example %s needs only the chat model credential the sandbox cannot stand for', (slug) => {
	expect(credentialsToPick(readExample(`examples/${slug}.json`), SANDBOX)).toEqual([{ type: 'openAiApi', nodes: ['Chat Model'] }]);
	expect(credentialsToPick(readExample(`examples/${slug}.json`), { ...SANDBOX, openAiApi: 'd' })).toEqual([]);
});

test('the recording follow-up needs the OpenAI credential on the transcription and on the chat model, nothing else', () => {
	expect(credentialsToPick(readExample('examples/recording-follow-up.json'), SANDBOX)).toEqual([{ type: 'openAiApi', nodes: ['Transcribe Recording', 'Chat Model'] }]);
	expect(credentialsToPick(readExample('examples/recording-follow-up.json'), { ...SANDBOX, openAiApi: 'd' })).toEqual([]);
});

test('the side effect once example needs the user\'s PostgreSQL on its claim and its done mark, nothing else', () => {
	expect(credentialsToPick(readExample('examples/sms-side-effect-once.json'), SANDBOX)).toEqual([{ type: 'postgres', nodes: ['Claim This Message', 'Mark Done'] }]);
});

test('the MCP example needs only the bearer token credential its clients send (the user chooses the token)', () => {
	expect(credentialsToPick(readExample('examples/phone-tools-mcp.json'), SANDBOX)).toEqual([{ type: 'httpBearerAuth', nodes: ['Phone Tools'] }]);
	expect(credentialsToPick(readExample('examples/phone-tools-mcp.json'), { ...SANDBOX, httpBearerAuth: 'd' })).toEqual([]);
});

test('the examples without AI, PostgreSQL or MCP need nothing beyond the sandbox credentials', () => {
	const others = exampleFiles().filter((f) => !/ai-|recording-follow-up|side-effect-once|-mcp/.test(f));
	expect(others.length).toBeGreaterThan(3);
	for (const file of others) expect({ file, toPick: credentialsToPick(readExample(file), SANDBOX) }).toEqual({ file, toPick: [] });
});

test('lists each missing type once with every node using it, and skips disabled nodes', () => {
	const workflow = {
		name: 'w',
		connections: {},
		nodes: [
			{ name: 'A', type: 'x', credentials: { openAiApi: { id: '1' } } },
			{ name: 'B', type: 'x', credentials: { openAiApi: { id: '1' }, solSwitchApi: { id: '2' } } },
			{ name: 'C', type: 'x', disabled: true, credentials: { anthropicApi: { id: '3' } } },
		],
	};
	expect(credentialsToPick(workflow, SANDBOX)).toEqual([{ type: 'openAiApi', nodes: ['A', 'B'] }]);
});
