import { prepareFuzzySearch } from "./fuzzySearch";
import { SuggestModal } from "./suggestModal";

export interface FuzzyMatch<T> {
	item: T;
	match: { score: number; matches: [number, number][] };
}

/**
 * Obsidian's `FuzzySuggestModal`: the items whose text fuzzily matches what is typed (all of
 * them for an empty query), best first; choosing one calls `onChooseItem`.
 */
export abstract class FuzzySuggestModal<T> extends SuggestModal<FuzzyMatch<T>> {
	abstract getItems(): T[];
	abstract getItemText(item: T): string;
	abstract onChooseItem(item: T, evt: MouseEvent | KeyboardEvent): void;

	getSuggestions(query: string): FuzzyMatch<T>[] {
		const search = prepareFuzzySearch(query);
		return this.getItems()
			.flatMap((item) => {
				const match = query.trim() === "" ? { score: 0, matches: [] } : search(this.getItemText(item));
				return match === null ? [] : [{ item, match }];
			})
			.sort((a, b) => b.match.score - a.match.score);
	}

	renderSuggestion(value: FuzzyMatch<T>, el: HTMLElement): void {
		el.setText(this.getItemText(value.item));
	}

	onChooseSuggestion(value: FuzzyMatch<T>, evt: MouseEvent | KeyboardEvent): void {
		this.onChooseItem(value.item, evt);
	}
}
