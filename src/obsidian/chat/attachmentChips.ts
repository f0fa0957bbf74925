import { Notice, setIcon, type App, type Component } from "obsidian";
import type { AttachmentRef, RefusedAttachment } from "../../core/agent/session/userAttachments";
import { mentionsIn } from "../../core/agent/session/sessionContext";
import { attachmentMediaType, maxAttachmentBytes } from "../../core/model/attachmentFiles";
import { megabytes } from "../../core/agent/tools/attachmentRead";
import type { VaultView } from "../../core/vault/vaultView";
import { fileName } from "../../core/vault/paths";
import { t } from "../../i18n";
import { draggedVaultFile } from "../privateApi";

/** Names the strings keep out of their sentence case: file formats. */
const PDF = "PDF";
const IMAGE_TYPES = "PNG, JPEG, GIF, WebP";

/** A chip: a file the user added (dropped, pasted), or one a `[[file.pdf]]` of the text names. */
interface Chip {
	readonly ref: AttachmentRef;
	/** The mention as written, for a chip of the text: removing the chip removes it from the text. */
	readonly mention?: string;
}

/**
 * The files attached to the next message, as removable chips above the text area: dropped from
 * the vault's file explorer (by path) or from the system (with their bytes), pasted, or named by
 * a `[[file.pdf]]` in the text. Each is checked as it comes (a private vault file, one too large or
 * of another type is refused with a notice); the session checks them again when it reads them.
 */
export class AttachmentChips {
	private readonly el: HTMLElement;
	private added: Chip[] = [];
	private mentioned: Chip[] = [];
	/** Mentions already refused with a notice: the text is read again at every keystroke. */
	private readonly refusedMentions = new Set<string>();

	constructor(
		private readonly app: App,
		parent: HTMLElement,
		/** Where a file may be dropped: the whole composer. */
		dropZone: HTMLElement,
		owner: Component,
		private readonly input: HTMLTextAreaElement,
		private readonly view: () => VaultView,
	) {
		this.el = parent.createDiv({ cls: "assistant-chat-attachments" });
		this.el.hide();
		owner.registerDomEvent(input, "input", () => this.readMentions());
		owner.registerDomEvent(dropZone, "dragover", (event) => {
			if (this.wouldTake(event)) event.preventDefault();
		});
		owner.registerDomEvent(dropZone, "drop", (event) => {
			if (!this.wouldTake(event)) return;
			event.preventDefault();
			void this.dropped(event.dataTransfer);
		});
		owner.registerDomEvent(input, "paste", (event) => {
			const files = Array.from(event.clipboardData?.files ?? []);
			if (files.length === 0) return;
			event.preventDefault();
			void this.addFiles(files);
		});
	}

	/** The files for the message being sent; the chips are cleared. */
	take(): AttachmentRef[] {
		const refs = [...this.added, ...this.mentioned].map((chip) => chip.ref);
		this.added = [];
		this.mentioned = [];
		this.refusedMentions.clear();
		this.draw();
		return refs;
	}

	/** A drag this area takes: a file of the vault, or files of the system. */
	private wouldTake(event: DragEvent): boolean {
		return draggedVaultFile(this.app) !== null || (event.dataTransfer?.types.includes("Files") ?? false);
	}

	private async dropped(data: DataTransfer | null): Promise<void> {
		const vaultPath = draggedVaultFile(this.app);
		if (vaultPath !== null) this.addVaultFile(vaultPath);
		else await this.addFiles(Array.from(data?.files ?? []));
	}

	private addVaultFile(path: string): void {
		if (this.added.some((chip) => chip.ref.kind === "vault" && chip.ref.path === path)) return;
		if (this.refusal(path) !== null) return;
		this.added.push({ ref: { kind: "vault", path } });
		this.draw();
	}

	private async addFiles(files: readonly File[]): Promise<void> {
		for (const file of files) {
			const mediaType = attachmentMediaType(file.name);
			if (mediaType === null) refused({ name: file.name, reason: "not-an-attachment" });
			else if (file.size > maxAttachmentBytes(mediaType))
				refused({ name: file.name, reason: "too-large", limitBytes: maxAttachmentBytes(mediaType) });
			else {
				const bytes = new Uint8Array(await file.arrayBuffer());
				this.added.push({ ref: { kind: "file", name: file.name, mediaType: file.type, bytes } });
			}
		}
		this.draw();
	}

	/** The text's `[[links]]` to images and PDFs of the vault, as chips. */
	private readMentions(): void {
		const chips: Chip[] = [];
		for (const mention of mentionsIn(this.input.value)) {
			const linkpath = mention.split("|", 1)[0].split("#", 1)[0].trim();
			const target = this.app.metadataCache.getFirstLinkpathDest(linkpath, "")?.path;
			if (target === undefined || attachmentMediaType(target) === null) continue;
			if (chips.some((chip) => chip.ref.kind === "vault" && chip.ref.path === target)) continue;
			if (this.refusedMentions.has(mention)) continue;
			if (this.mentioned.every((chip) => chip.mention !== mention) && this.refusal(target) !== null) {
				this.refusedMentions.add(mention);
				continue;
			}
			chips.push({ ref: { kind: "vault", path: target }, mention });
		}
		const changed =
			chips.length !== this.mentioned.length ||
			chips.some((chip, index) => chip.mention !== this.mentioned[index].mention);
		this.mentioned = chips;
		if (changed) this.draw();
	}

	/** Why a vault file cannot be attached, told to the user; `null` when it can. */
	private refusal(path: string): RefusedAttachment | null {
		const view = this.view();
		const stat = view.stat(path);
		const mediaType = attachmentMediaType(path);
		const problem: RefusedAttachment | null =
			stat === null
				? { name: path, reason: view.hiddenReason(path) === null ? "missing" : "private" }
				: mediaType === null
					? { name: path, reason: "not-an-attachment" }
					: stat.size > maxAttachmentBytes(mediaType)
						? { name: path, reason: "too-large", limitBytes: maxAttachmentBytes(mediaType) }
						: null;
		if (problem !== null) refused(problem);
		return problem;
	}

	private remove(chip: Chip): void {
		if (chip.mention !== undefined) {
			this.input.value = this.input.value.split(`[[${chip.mention}]]`).join(fileName(chip.mention));
			this.mentioned = this.mentioned.filter((kept) => kept !== chip);
		} else this.added = this.added.filter((kept) => kept !== chip);
		this.draw();
	}

	private draw(): void {
		this.el.empty();
		for (const chip of [...this.added, ...this.mentioned]) {
			const name = shownName(chip.ref);
			const el = this.el.createDiv({
				cls: "assistant-chat-attachment",
				attr: { title: t("chat.attach.chip-tooltip", { name: chip.ref.kind === "vault" ? chip.ref.path : name }) },
			});
			setIcon(
				el.createSpan({ cls: "assistant-chat-attachment-icon" }),
				attachmentMediaType(name) === "application/pdf" ? "file-text" : "image",
			);
			el.createSpan({ cls: "assistant-chat-attachment-name", text: name });
			const remove = el.createEl("button", {
				cls: "assistant-chat-attachment-remove clickable-icon",
				attr: { "aria-label": t("chat.attach.remove", { name }) },
			});
			setIcon(remove, "x");
			remove.addEventListener("click", () => this.remove(chip));
		}
		this.el.toggle(this.el.childElementCount > 0);
	}
}

/** Under the user's message in the chat, the name of each file sent with it. */
export function drawSentAttachments(message: HTMLElement, refs: readonly AttachmentRef[]): void {
	if (refs.length === 0) return;
	const list = message.createDiv({ cls: "assistant-chat-attachments" });
	for (const ref of refs) list.createSpan({ cls: "assistant-chat-attachment", text: shownName(ref) });
}

/** An attachment's name as a chip shows it: a vault file's name without its folder. */
function shownName(ref: AttachmentRef): string {
	return ref.kind === "vault" ? fileName(ref.path) : ref.name;
}

/** Tells the user a file was not attached, and why. */
export function refused(refusal: RefusedAttachment): void {
	new Notice(refusedAttachmentMessage(refusal));
}

function refusedAttachmentMessage(refusal: RefusedAttachment): string {
	const vars = { name: refusal.name, pdf: PDF, types: IMAGE_TYPES, limit: megabytes(refusal.limitBytes ?? 0) };
	return t(`chat.attach.refused.${refusal.reason}`, vars);
}
