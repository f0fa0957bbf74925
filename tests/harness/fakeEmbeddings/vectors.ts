/** The fake server's vectors, shared with the browser bench's embedding server. */
export { fakeVector } from "../../../scripts/lib/hashedVectors";
export { cosine } from "../../../src/core/retrieval/vectors/quantization";
