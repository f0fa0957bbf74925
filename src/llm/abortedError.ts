import { ModelError } from "../core/model/modelClient";

/** The one way every model client reports that the caller stopped it. */
export function abortedError(): ModelError {
	return new ModelError("aborted", "The request was stopped.");
}
