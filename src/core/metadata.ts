/**
 * The shape of Obsidian's `CachedMetadata`, restated so that the domain needs no `obsidian`
 * import. Obsidian's own type is assignable to it, which the adapter checks at compile time.
 */

export interface Loc {
	readonly line: number;
	readonly col: number;
	readonly offset: number;
}

export interface Pos {
	readonly start: Loc;
	readonly end: Loc;
}

export interface HeadingCache {
	readonly heading: string;
	readonly level: number;
	readonly position: Pos;
}

export interface LinkCache {
	readonly link: string;
	readonly original: string;
	readonly displayText?: string;
	readonly position: Pos;
}

export interface FrontmatterLinkCache {
	readonly key: string;
	readonly link: string;
	readonly original: string;
	readonly displayText?: string;
}

export interface TagCache {
	readonly tag: string;
	readonly position: Pos;
}

export interface SectionCache {
	readonly type: string;
	readonly id?: string;
	readonly position: Pos;
}

export interface BlockCache {
	readonly id: string;
	readonly position: Pos;
}

export interface ListItemCache {
	readonly parent: number;
	readonly task?: string;
	readonly id?: string;
	readonly position: Pos;
}

export type FrontMatter = Readonly<Record<string, unknown>>;

export interface NoteMetadata {
	readonly frontmatter?: FrontMatter;
	readonly frontmatterPosition?: Pos;
	readonly frontmatterLinks?: readonly FrontmatterLinkCache[];
	readonly headings?: readonly HeadingCache[];
	readonly links?: readonly LinkCache[];
	readonly embeds?: readonly LinkCache[];
	readonly tags?: readonly TagCache[];
	readonly sections?: readonly SectionCache[];
	readonly blocks?: Readonly<Record<string, BlockCache>>;
	readonly listItems?: readonly ListItemCache[];
}
