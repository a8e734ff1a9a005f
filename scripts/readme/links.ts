/**
 * The documentation's link check (test/unit/docs/links.test.ts): every relative link and #heading of
 * the README and docs/ pages, and every documentation URL the editor shows (codex primaryDocumentation
 * and credentialDocumentation, credential documentationUrl), must land on a file of this repository and
 * on a heading of it. URLs of the repository on GitHub (blob/main, raw) are read as paths of this tree,
 * so a link is checked offline, as GitHub will resolve it once pushed.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface Link {
	/** The file the link is written in, relative to the repository root. */
	from: string;
	/** As written. */
	target: string;
}

export interface Resolved {
	/** Repository-relative path of the target file. */
	file: string;
	/** The heading anchor, without '#'. */
	anchor?: string;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped (not '-' or '_'), spaces to '-'. */
export function githubSlug(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');
}

/** The text of a heading as GitHub renders it: links to their text, code and emphasis marks dropped. */
function headingText(raw: string): string {
	return raw.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
}

/** Markdown without fenced code blocks and inline code, where nothing is a link or a heading. */
function prose(markdown: string): string[] {
	const lines: string[] = [];
	let fenced = false;
	for (const line of markdown.split('\n')) {
		if (/^\s*(```|~~~)/.test(line)) {
			fenced = !fenced;
			lines.push('');
			continue;
		}
		lines.push(fenced ? '' : line);
	}
	return lines;
}

/** The anchors of a page's headings, with GitHub's -1, -2 ... for repeated ones. */
export function anchorsOf(markdown: string): Set<string> {
	const seen = new Map<string, number>();
	const anchors = new Set<string>();
	for (const line of prose(markdown)) {
		const m = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
		if (!m) continue;
		const base = githubSlug(headingText(m[1]));
		const n = seen.get(base) ?? 0;
		seen.set(base, n + 1);
		anchors.add(n ? `${base}-${n}` : base);
	}
	return anchors;
}

/** Every inline link and image target of a page (code excluded). */
export function linksOf(markdown: string, from: string): Link[] {
	const links: Link[] = [];
	for (const line of prose(markdown)) {
		const text = line.replace(/`[^`]*`/g, '');
		for (const m of text.matchAll(/!?\[(?:[^\]]|\][^(])*?\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) links.push({ from, target: m[1] });
	}
	return links;
}

export interface Repository {
	root: string;
	/** https://github.com/<owner>/<name>, from package.json's repository. */
	url: string;
	branch: string;
}

export function repository(root: string): Repository {
	const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { repository: { url: string } };
	const url = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
	return { root, url, branch: 'main' };
}

/** The repository's own GitHub URL of a path (what the editor's Docs links and the README use). */
export function githubUrl(repo: Repository, file: string, anchor?: string): string {
	return `${repo.url}/blob/${repo.branch}/${file}${anchor ? `#${anchor}` : ''}`;
}

/**
 * Where a link points in this tree, or undefined for a link to elsewhere (another site, mail). A URL
 * of this repository on GitHub that is not a blob or raw path of the main branch is an error.
 */
export function resolve(repo: Repository, link: Link): Resolved | undefined {
	const [target, anchor] = splitAnchor(link.target);
	const raw = repo.url.replace('https://github.com/', 'https://raw.githubusercontent.com/');
	let file: string;
	if (target.startsWith(`${repo.url}/blob/${repo.branch}/`)) file = target.slice(`${repo.url}/blob/${repo.branch}/`.length);
	else if (target.startsWith(`${raw}/${repo.branch}/`)) file = target.slice(`${raw}/${repo.branch}/`.length);
	else if (target === repo.url || target.startsWith(`${repo.url}#`) || target.startsWith(`${repo.url}/`) || target.startsWith(`${raw}/`))
		throw new Error(`${link.from}: ${link.target} is a URL of this repository but not of a file on ${repo.branch}`);
	else if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
	else if (target === '') file = link.from;
	else file = path.posix.normalize(path.posix.join(path.posix.dirname(link.from), decodeURIComponent(target)));
	return { file, anchor };
}

function splitAnchor(target: string): [string, string | undefined] {
	const i = target.indexOf('#');
	return i < 0 ? [target, undefined] : [target.slice(0, i), target.slice(i + 1)];
}

/** Why a link does not land, or undefined when it does. */
export function brokenReason(repo: Repository, link: Link): string | undefined {
	let resolved: Resolved | undefined;
	try {
		resolved = resolve(repo, link);
	} catch (error) {
		return (error as Error).message;
	}
	if (!resolved) return undefined;
	const full = path.join(repo.root, resolved.file);
	if (resolved.file.startsWith('..') || !fs.existsSync(full)) return `${link.from}: ${link.target}: no file ${resolved.file}`;
	if (resolved.anchor === undefined) return undefined;
	if (!resolved.file.endsWith('.md')) return `${link.from}: ${link.target}: an anchor on a file that is not Markdown`;
	if (!anchorsOf(fs.readFileSync(full, 'utf8')).has(resolved.anchor)) return `${link.from}: ${link.target}: ${resolved.file} has no heading #${resolved.anchor}`;
	return undefined;
}

/** The Markdown pages the check covers: the README, the changelog, docs/ and examples/README.md. */
export function documentationPages(root: string): string[] {
	const walk = (dir: string): string[] =>
		fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
			const rel = path.posix.join(dir, e.name);
			return e.isDirectory() ? walk(rel) : e.name.endsWith('.md') ? [rel] : [];
		});
	return ['README.md', 'CHANGELOG.md', 'examples/README.md', ...walk('docs')].filter((f) => fs.existsSync(path.join(root, f)));
}
