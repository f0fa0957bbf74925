/**
 * How many more terms of the vocabulary a typo corrector takes in before it answers a query: all
 * it lacks, unless time slices are already on it, in which case it corrects from what it has
 * (see `QueryCorrectors.prepare`).
 */
export type QueryCatchUp = () => number;
