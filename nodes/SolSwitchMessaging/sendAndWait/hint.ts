/**
 * The 136-character rule in the editor: n8n's frontend evaluates this hint's condition while the node
 * is open (never at run time, where run.ts checks the same rule). The condition rebuilds the longest
 * instruction (pin included) from the parameters exactly as replyWords.ts writes it; a unit test compares
 * the two. A message given as an expression is checked only when it runs.
 */
import type { NodeHint } from 'n8n-workflow';
import { BODY_MAX } from '../../shared/catalog/rules';
import { DEFAULT_APPROVE, DEFAULT_DECLINE, PIN_LENGTH } from '../../shared/messaging/sendAndWait/replyWords';

const PIN = '0'.repeat(PIN_LENGTH);

/** The condition's JavaScript (also evaluated by the unit test with a `$parameter` object). */
export const TOO_LONG_CONDITION = [
	'$parameter["operation"] === "sendAndWait"',
	'!String($parameter["message"] ?? "").startsWith("=")',
	// Options > Split Long Text on: the node sends several SMS instead (run.ts checks each part).
	'["split", "numbered"].indexOf(($parameter["options"] ?? {}).splitLongText) < 0',
	`Array.from(String($parameter["message"] ?? "") + "\\n" + ($parameter["responseType"] === "freeText" ? "Start your reply with ${PIN}" : ` +
		`"Reply " + String((($parameter["approvalOptions"] ?? {}).values ?? {}).approveLabel ?? "${DEFAULT_APPROVE}").trim() + " ${PIN}" + ` +
		`((($parameter["approvalOptions"] ?? {}).values ?? {}).approvalType === "single" ? " to approve" : ` +
		`" or " + String((($parameter["approvalOptions"] ?? {}).values ?? {}).disapproveLabel ?? "${DEFAULT_DECLINE}").trim() + " ${PIN}"))).length > ${BODY_MAX}`,
].join(' && ');

export const messageTooLongHint: NodeHint = {
	message: `The message with its reply instruction (for example "Reply YES ${PIN} or NO ${PIN}") is longer than ${BODY_MAX} characters: the node will refuse to send it (or send it as several SMS: Options > Split Long Text)`,
	type: 'warning',
	location: 'ndv',
	whenToDisplay: 'always',
	displayCondition: `={{ ${TOO_LONG_CONDITION} }}`,
};
