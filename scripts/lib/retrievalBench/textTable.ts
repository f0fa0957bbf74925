/** A plain-text table, columns padded to their widest cell; numbers (and `-`) right-aligned. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
	const widths = header.map((title, column) =>
		Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
	);
	const numeric = /^[-+]?[\d.,]+[a-z%×]*$|^-$|^n\/a$/i;
	const line = (cells: readonly string[]) =>
		cells
			.map((cell, column) =>
				column > 0 && numeric.test(cell) ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
			)
			.join("  ")
			.trimEnd();
	return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

/** A number for a table cell: fixed decimals, `-` for a figure that was not measured. */
export function cell(value: number | null | undefined, decimals: number): string {
	return value === null || value === undefined || Number.isNaN(value) ? "-" : value.toFixed(decimals);
}
