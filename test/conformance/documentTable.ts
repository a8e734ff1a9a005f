/**
 * Every function of the three interface documents, transcribed FROM THE DOCUMENTS (not from the
 * catalog): path, required and optional attributes, and the rules they state. Sources:
 * switch-calls-reporting.md (Endpoints, New Call advanced attributes, Limits, Conventions),
 * switch-management.md (Endpoints, record tables, Rules), messaging-gateway.md (MT tables, MO
 * callback response, Usage report request, Endpoints). `Key` is left out everywhere: it is the
 * credential's, sent by the transport.
 *
 * Rule names are the documents' words, shortened:
 *   numeric           "numeric", "(numeric)", "Numeric ...", "number", or convention 5 "Customer (numeric customer ID)"
 *   extension3to5     "numeric, 3 to 5 digits" (New Call, Toggle Monitoring)
 *   extension10to49   "10 to 49, or 3 to 5 digits" (management record tables)
 *   nanp              "NPA NXX XXXX" ("leading 1 optional" on New Call)
 *   dtmf              "accepted: digits 0-9, *, #"
 *   noHyphens         "no hyphens" (fax numbers, Create Customer PhoneNumber)
 *   body136           "1 to 136 characters including spaces and carriage returns"
 *   digits3to7 / digits3to6 / digits3to10 / digitsUpTo50 / digitsUpTo10   the management tables' digit counts
 *   areaCode          "Area code" (DefaultNPA)
 *   email / emails    "Address" (of email) / "One address or comma-separated addresses"
 *   domainName        "must match a domain-name pattern" (SSCGroup)
 *   addressOrSubnet   "For Address: xxx.xxx.xxx.xxx; for Subnet: xxx.xxx.xxx.xxx/yy"
 *   countryCode       "country code such as CA, UK"
 *   positionFrom2     "position 1 is reserved for the reserved block list"
 *   singleLine        "A single plain string equal to one of the options" (Digit Validation reply)
 *   fileNameWithExtension, mediaType   MT MMS ContentName "(a name with extension)", ContentType "as in an HTTP Content-Type header"
 */

export type DocumentRule =
	| 'numeric'
	| 'extension3to5'
	| 'extension10to49'
	| 'nanp'
	| 'dtmf'
	| 'noHyphens'
	| 'body136'
	| 'digits3to7'
	| 'digits3to6'
	| 'digits3to10'
	| 'digitsUpTo50'
	| 'digitsUpTo10'
	| 'areaCode'
	| 'email'
	| 'emails'
	| 'domainName'
	| 'addressOrSubnet'
	| 'countryCode'
	| 'positionFrom2'
	| 'singleLine'
	| 'fileNameWithExtension'
	| 'mediaType';

export interface DocumentFunction {
	document: 'switch-calls-reporting.md' | 'switch-management.md' | 'messaging-gateway.md';
	name: string;
	/** As the document writes it: `/api/<function>/`, the gateway's `/sms/` ..., or a callback reply. */
	path: string;
	required: string[];
	optional: string[];
	/** Required only when another attribute has one of the values. */
	conditional?: Record<string, { when: string; in: string[] }>;
	/** Attribute rules the document states. */
	rules?: Record<string, DocumentRule>;
	/** Rules on several attributes, written as `kind: attributes` (see crossRuleText in the test). */
	crossRules?: string[];
	/** Rules checked where the answer is sent, not before (Reply: only an SMS reply carries its Body). */
	checkedWhenSent?: string[];
	/** What the document leaves "not shown", and what we send instead. */
	notShown?: string;
}

const CALLS = 'switch-calls-reporting.md' as const;
const MGMT = 'switch-management.md' as const;
const MSG = 'messaging-gateway.md' as const;

/** Convention 5: "Customer (numeric customer ID)". */
const customerRule = { Customer: 'numeric' } as const;

// ---------------------------------------------------------------------------------------------
// switch-calls-reporting.md, Endpoints

const callsFunctions: DocumentFunction[] = [
	{
		document: CALLS, name: 'Add Header', path: '/api/addheader/',
		required: ['header-name', 'value'], optional: ['srcnumber', 'dstnumber'],
		crossRules: ['atLeastOne: srcnumber, dstnumber'],
	},
	{ document: CALLS, name: 'Hold Call', path: '/api/holdcall/', required: ['Channel'], optional: ['Customer'], rules: customerRule },
	{
		document: CALLS, name: 'Manage Caller ID Routes', path: '/api/managecid/',
		required: ['Type', 'CID'], optional: ['Customer'], conditional: { Extension: { when: 'Type', in: ['addedit'] } }, rules: customerRule,
	},
	{
		document: CALLS, name: 'New Call', path: '/api/newcall/',
		required: ['Extension', 'Destination'],
		optional: ['Customer', 'CIDName', 'CIDNum', 'Timeout', 'WaitForStart', 'CustomDVData', 'CustomDVDigits'],
		rules: { Extension: 'extension3to5', Destination: 'numeric', CIDNum: 'nanp', ...customerRule },
	},
	{
		document: CALLS, name: 'Outbound Fax', path: '/api/fax/',
		required: ['To', 'From', 'File'], optional: ['Customer'],
		rules: { To: 'noHyphens', From: 'noHyphens', ...customerRule },
	},
	{
		document: CALLS, name: 'Schedule Queue Callback', path: '/api/scheduledqueuecallback/',
		required: ['queueID', 'Number'], optional: ['Customer', 'CIDName'], rules: customerRule,
	},
	{
		document: CALLS, name: 'Transfer Call', path: '/api/transfercall/',
		required: ['Channel', 'Destination'], optional: ['Customer'], rules: { Destination: 'numeric', ...customerRule },
	},
	{
		document: CALLS, name: 'Transmit DTMF', path: '/api/dtmf/',
		required: ['Tone', 'Channel'], optional: ['Customer'], rules: { Tone: 'dtmf', ...customerRule },
	},
	{
		document: CALLS, name: 'Toggle Monitoring', path: '/api/monitor/',
		required: ['Extension', 'Enabled'], optional: ['Customer'], rules: { Extension: 'extension3to5', ...customerRule },
	},
	{
		document: CALLS, name: 'Agent Stats', path: '/api/agentstats/',
		required: [], optional: ['Customer', 'Extension', 'Date', 'DateStart', 'DateEnd'], rules: customerRule,
		// "DateStart and DateEnd (each requires the other)"; Limits: "either Date, or DateStart with DateEnd together".
		crossRules: ['together: DateStart, DateEnd', 'notBoth: Date / DateStart, DateEnd'],
	},
	{ document: CALLS, name: 'Call Recording', path: '/api/recording/', required: ['CallID'], optional: ['Customer'], rules: customerRule },
	{ document: CALLS, name: 'Caller ID Request', path: '/api/calleridrequest/', required: ['Extension'], optional: ['Customer'], rules: customerRule },
	{ document: CALLS, name: 'CDR Export', path: '/api/cdrexport/', required: ['DateStart', 'DateEnd'], optional: ['Customer'], rules: customerRule },
	{ document: CALLS, name: 'CDR Leg Details', path: '/api/cdrlegdetailsapi/', required: ['CallID'], optional: ['Customer'], rules: customerRule },
	{ document: CALLS, name: 'Digit Validation Log', path: '/api/dvlog/', required: ['From', 'To'], optional: ['DID'] },
	{ document: CALLS, name: 'List Active Calls', path: '/api/listactivecalls/', required: [], optional: ['Customer'], rules: customerRule },
	{ document: CALLS, name: 'Live Queue Stats', path: '/api/livequeuestat/', required: [], optional: ['Customer', 'queueID'], rules: customerRule },
	{ document: CALLS, name: 'Live Stats', path: '/api/livestats/', required: [], optional: ['Customer', 'queueID'], rules: customerRule },
	{
		document: CALLS, name: 'Multichannel Message Export', path: '/api/mcmexport/',
		required: ['DateStart', 'DateEnd'], optional: ['Customer', 'queueID', 'sessionID'], rules: customerRule,
	},
	{
		// "Calls from the switch to an external application": the reply to a Digit Validation request.
		document: CALLS, name: 'Digit Validation (reply)', path: 'digit validation reply',
		required: ['Option'], optional: [], rules: { Option: 'singleLine' },
	},
];

// ---------------------------------------------------------------------------------------------
// switch-management.md, record tables (what "O: every other field" and "any ... field" mean)

const didOptional = ['Description', 'RateCenter', 'Notes', 'Active', 'ApplyToll', 'StripCID', 'DIDLimit', 'SMSProvider', 'SMSTollID', 'SMSOnly'];

const customerAddRequired = ['CustomerNumber', 'FirstName', 'LastName', 'Company', 'RouteGroupID', 'MaxSIPAccounts'];
const customerOther = [
	'StreetNumber', 'StreetName', 'Unit', 'City', 'Province', 'Country', 'PostalCode', 'Phone', 'Fax',
	'MaxTrunks', 'TollPlanID', 'ServiceTollPlan', 'EmailRecordingFiles', 'Timezone', 'Language', 'PrimaryRoutingID',
	'MCQEnabled', 'AIFeatures', 'CallSummary', 'MFAEnable', 'MFAPhoneCID', 'MFAPhoneDID', 'MFASMSDID',
	'SSCServerID', 'SSCGroup', 'SSCMaxUsers', 'SSCMaxPresence', 'SSCMaxCollab',
	'SSCDevices', 'SSCMeetings', 'SSCPhoto', 'SSCPassword', 'SSCLogs',
];
const customerRules: Record<string, DocumentRule> = {
	SSCGroup: 'domainName', SSCMaxUsers: 'numeric', SSCMaxPresence: 'numeric', SSCMaxCollab: 'numeric',
};
// "SSCGroup ... required when SSCServerID is set" (SSCServerID "0 = disabled"). On add: an edit sends
// only what changes ("omitted fields keep their current values"), so the record may hold the group.
const customerCross = ['needsWhenSet: SSCGroup if SSCServerID not 0'];

const extensionAddRequired = ['ExtensionNumber', 'Name', 'CIDNum'];
const extensionOther = [
	'CIDName', 'E911_CIDNum', 'CIDInternalOverride', 'DisplayCallerId', 'DefaultNPA', 'SIPAccountsID', 'Active',
	'Fwd', 'FwdExternal', 'FwdBusy', 'FwdNA', 'FwdOffline', 'FwdBusy_Internal', 'FwdNA_Internal', 'FwdOffline_Internal',
	'FwdAfterSeconds', 'FwdAfterSeconds_Internal', 'Record', 'DoNotRecord', 'ExtEmail', 'CallWaiting', 'RoamingCode',
	'LDPasscode', 'CanMonitor', 'MonitorType', 'DistinctiveRingDirect', 'Wraptime', 'AlwaysUseCID', 'RouteGroupID',
	'InDirectory', 'BounceTo', 'GlobalSDID', 'ParkingGroup', 'XMPP', 'PausedPresence', 'BlockInternalCalls', 'PrivateCID',
	'Language', 'JoinMessageID', 'EmailTranscriptFlag', 'TranscriptionStrategy', 'MultimediaEnabled', 'FillLimit',
	'PhoneLoad', 'MaxLoad', 'RuleListID', 'ClosedInternalRoutingID',
];
const extensionRules: Record<string, DocumentRule> = {
	...customerRule,
	ExtensionNumber: 'extension10to49', CIDNum: 'nanp', E911_CIDNum: 'nanp', CIDInternalOverride: 'digits3to10',
	DefaultNPA: 'areaCode', ExtEmail: 'email', RoamingCode: 'digitsUpTo50', LDPasscode: 'digitsUpTo10',
};

const sipRequired = ['CustID', 'Description', 'Username', 'Type'];
const sipConditional = {
	Password: { when: 'Type', in: ['static', 'dynamic'] },
	Host: { when: 'Type', in: ['static'] },
	RegisterUsername: { when: 'Type', in: ['register'] },
	RegisterPassword: { when: 'Type', in: ['register'] },
	RegisterName: { when: 'Type', in: ['register'] },
	RegisterDomain: { when: 'Type', in: ['register'] },
};
const sipOther = [
	'NAT', 'DTMFMode', 'Port', 'DeleteBlock', 'FaxCodec', 'VoiceCodec', 'VoiceCodec1', 'VoiceCodec2', 'VoiceCodec3',
	'VoiceCodec4', 'Debug', 'G722Codec', 'G729Codec', 'SIPPostAPI', 'AllowInternational', 'SIPNotifyAPI',
	'DynamicFeatures', 'StayInAudioPath', 'Active', 'TransportType', 'NotifyEmail', 'ACLAllow', 'ACLDeny',
];
// CustID: a customer ID (convention 5, numeric).
const sipRules: Record<string, DocumentRule> = { CustID: 'numeric', NotifyEmail: 'email' };

const trunkRequired = ['Name', 'Description', 'TrunkType'];
const trunkOther = [
	'SIPAccountsID', 'UseDIDTable', 'UseRouteGroup', 'UseLocalRouting', 'AccessibleSID', 'Record', 'ApplyToll', 'UseE164',
	'CanConf', 'UnlimitedOutbound', 'AutoLearnRoutes', 'AutoLearnValidated', 'RouteGroupID', 'AddPrefix', 'StripDigit',
	'CallLimit', 'AutoLearnAPIKey', 'AutoLearnWeight',
];

const voicemailAddRequired = ['ExtensionNumber', 'Name', 'Password'];
const voicemailOther = [
	'GivenID', 'Email', 'EmailOnlyFlag', 'EmailTranscriptFlag', 'TranscriptionStrategy', 'ExitIRID', 'DayLimit',
	'SayCallerID', 'SayDateTime', 'DistributionList', 'resetflag', 'NotifyExtensions',
];
const voicemailRules: Record<string, DocumentRule> = {
	...customerRule, ExtensionNumber: 'extension10to49', Password: 'digits3to7', GivenID: 'digits3to6', Email: 'emails',
};

const firewallOptional = ['Position', 'Address', 'Country', 'Web', 'SysAdmin', 'Provisioning', 'SIP'];
const firewallRules: Record<string, DocumentRule> = { Position: 'positionFrom2', Address: 'addressOrSubnet', Country: 'countryCode' };
const firewallCross = [
	'ruleWhen: Address must be xxx.xxx.xxx.xxx when AddressType is Address',
	'ruleWhen: Address must be xxx.xxx.xxx.xxx/yy when AddressType is Subnet',
];

/** A suite's view, add, edit and delete rows. */
function suite(
	prefix: string,
	rows: { view: string[]; add: DocumentFunction['required']; addOptional: string[]; edit: string[]; editCrossRules?: string[]; delete?: string[]; idRule?: DocumentRule },
	extra: Pick<DocumentFunction, 'rules' | 'crossRules' | 'conditional'> = {},
	deleteNote?: string,
): DocumentFunction[] {
	const idRules = rows.idRule ? { ID: rows.idRule } : {};
	const rules = { ...extra.rules };
	const fn = (name: string, required: string[], optional: string[], more: Partial<DocumentFunction> = {}): DocumentFunction => {
		const names = new Set([...required, ...optional, ...Object.keys(more.conditional ?? {})]);
		const own = Object.fromEntries(Object.entries({ ...rules, ...idRules }).filter(([k]) => names.has(k)));
		return { document: MGMT, name: `${prefix} ${name}`, path: `/api/${prefix}/${name}/`, required, optional, rules: own, ...more };
	};
	return [
		fn('view', [], rows.view),
		fn('add', rows.add, rows.addOptional, { conditional: extra.conditional, crossRules: extra.crossRules }),
		fn('edit', ['ID'], rows.edit, { crossRules: rows.editCrossRules ?? extra.crossRules }),
		fn('delete', ['ID'], rows.delete ?? [], deleteNote ? { notShown: deleteNote } : {}),
	];
}

const managementFunctions: DocumentFunction[] = [
	// Lookups and legacy functions
	{ document: MGMT, name: '911 Info', path: '/api/911info/', required: [], optional: ['AllDID'] },
	{ document: MGMT, name: 'Check Time Rule', path: '/api/checktimerule/', required: ['ID'], optional: ['Customer'], rules: customerRule },
	{ document: MGMT, name: 'DID Report', path: '/api/didreport/', required: [], optional: [] },
	{ document: MGMT, name: 'Find Me Follow Me', path: '/api/findmefollowme/', required: ['ID'], optional: [] },
	{ document: MGMT, name: 'Scheduled Routing', path: '/api/scheduledrouting/', required: ['ID'], optional: [], rules: { ID: 'numeric' } },
	{ document: MGMT, name: 'Add DID', path: '/api/adddid/', required: ['DID'], optional: [] },
	{ document: MGMT, name: 'Remove DID', path: '/api/removedid/', required: ['DID'], optional: [] },
	{
		document: MGMT, name: 'Create Customer', path: '/api/createcustomer/',
		required: ['FirstName', 'LastName', 'CustomerNumber', 'RouteGroupID', 'TollPlanID', 'MaxSIPAccounts', 'MaxTrunks'],
		optional: [
			'Customer', 'Company', 'Timezone', 'ServiceTollPlan', 'AddressStreetNumber', 'AddressStreetName', 'AddressUnit',
			'PostalCode', 'City', 'Province', 'Country', 'PhoneNumber',
		],
		rules: { PhoneNumber: 'noHyphens', ...customerRule },
	},
	{ document: MGMT, name: 'Get Customer Information', path: '/api/getcustomerinformation/', required: [], optional: ['CustomerNumber'] },
	{ document: MGMT, name: 'Toll Rates', path: '/api/tollrates/', required: ['tollPlanID'], optional: ['tollPrefix'], rules: { tollPlanID: 'numeric' } },
	{ document: MGMT, name: 'Toll Reporting', path: '/api/tollreport/', required: ['DateStart', 'DateEnd'], optional: ['Customer', 'CustNum'], rules: customerRule },
	// Suites. DID record: "ID | number"; CustID a customer ID (numeric).
	...suite('did', {
		view: ['ID', 'DID', 'CustID', 'ViewType'], add: ['DID', 'CustID'], addOptional: didOptional,
		edit: ['CustID', ...didOptional], idRule: 'numeric',
	}, { rules: { CustID: 'numeric' } }),
	...suite('customer', {
		view: ['ID', 'CustomerNumber', 'ViewType'], add: customerAddRequired, addOptional: customerOther,
		edit: [...customerAddRequired, ...customerOther], editCrossRules: [],
	}, { rules: customerRules, crossRules: customerCross }),
	...suite('extension', {
		view: ['Customer', 'ID', 'ExtensionNumber', 'ViewType'], add: ['Customer', ...extensionAddRequired], addOptional: extensionOther,
		edit: ['Customer', ...extensionAddRequired, ...extensionOther], delete: ['Customer'],
	}, { rules: extensionRules }),
	...suite('sipaccount', {
		view: ['ID', 'ViewType'], add: sipRequired, addOptional: sipOther,
		edit: [...sipRequired, ...Object.keys(sipConditional), ...sipOther],
	}, { rules: sipRules, conditional: sipConditional }),
	...suite('trunk', { view: ['ID', 'ViewType'], add: trunkRequired, addOptional: trunkOther, edit: [...trunkRequired, ...trunkOther] }),
	...suite('voicemail', {
		view: ['Customer', 'ID', 'ExtensionNumber', 'ViewType'], add: ['Customer', ...voicemailAddRequired], addOptional: voicemailOther,
		edit: ['Customer', ...voicemailAddRequired, ...voicemailOther], delete: ['Customer'],
	}, { rules: voicemailRules }, 'Required attributes: not shown. We send the box ID (as edit) and, optionally, Customer (rule 10).'),
	...suite('firewall', {
		view: ['ID', 'ViewType'], add: ['Name', 'RuleType', 'AddressType'], addOptional: firewallOptional,
		edit: ['Name', 'RuleType', 'AddressType', ...firewallOptional],
	}, {
		rules: firewallRules,
		crossRules: firewallCross,
		// The record table: "Address: For Address ... for Subnet ...", "Country: For Country: country code".
		conditional: { Address: { when: 'AddressType', in: ['Address', 'Subnet'] }, Country: { when: 'AddressType', in: ['Country'] } },
	}),
];

// The firewall's conditional Address and Country are also listed as optional on add: the table keeps one place for each.
for (const fn of managementFunctions) {
	if (fn.conditional) fn.optional = fn.optional.filter((name) => !(name in fn.conditional!));
}

// ---------------------------------------------------------------------------------------------
// messaging-gateway.md

const messagingFunctions: DocumentFunction[] = [
	{
		document: MSG, name: 'MT SMS', path: '/sms/', required: ['From', 'To', 'Body'], optional: ['Receipt'],
		rules: { From: 'numeric', To: 'numeric', Body: 'body136' },
	},
	{
		document: MSG, name: 'MT MMS', path: '/mms/', required: ['From', 'To', 'ContentName', 'ContentType', 'Content'], optional: [],
		rules: { From: 'numeric', To: 'numeric', ContentName: 'fileNameWithExtension', ContentType: 'mediaType' },
	},
	{ document: MSG, name: 'Usage report', path: '/sms/report', required: ['FromDate', 'ToDate', 'Details'], optional: [] },
	{
		// "MO callback response": Status (the node's own), optional Body, "SMS on short codes only".
		document: MSG, name: 'MO callback response', path: 'MO callback response', required: [], optional: ['Body'],
		rules: { Body: 'body136' }, checkedWhenSent: ['Body'],
	},
];

export const DOCUMENT_FUNCTIONS: DocumentFunction[] = [...callsFunctions, ...managementFunctions, ...messagingFunctions];
