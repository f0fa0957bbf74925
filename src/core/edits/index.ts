/** Changes to the user's text that the assistant proposes and the user approves, hunk by hunk. */
export type { ApplyOutcome, EditHunk, EditProposal, EditRefusal, EditScope } from "./editProposal";
export { MAX_EDIT_TEXT_CHARS, proposeEdits, type EditRequest, type Proposed } from "./proposeEdits";
export { applyAccepted } from "./applyAccepted";
export { editableNote, type EditableNote } from "./editableNote";
export { applyProposal, type ApplyConfirmation, type ApplyDeps } from "./applyProposal";
export { scopeLines, selectionScope, type NoteSelection } from "./selectionScope";
