/**
 * How many more terms of the vocabulary a lookup that follows it (a typo corrector, the CJK
 * character expander) takes in before it answers a query: all it lacks, unless time slices are
 * already on it, in which case it answers from what it has (see `RetrievalIndex.prepareTypoCorrection`).
 */
export type QueryCatchUp = () => number;
