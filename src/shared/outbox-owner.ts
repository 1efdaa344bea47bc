/**
 * The contract between the client's outbox and the server about whose write a queued request is
 * (issue 21, defect 7). The outbox sends each entry with its owner's user id in this header; the
 * server refuses the request unless the session belongs to that user: 401 with no session, 409
 * `session_user_changed` under someone else's. So a write queued by one person is never applied to
 * another person's account, whatever the device believed about who was signed in.
 *
 * No zod here: the service worker imports these names and carries no zod.
 */
export const OUTBOX_OWNER_HEADER = 'X-Outbox-Owner';
/** The error code of the 409 for a write whose owner is not the session's user. */
export const SESSION_USER_CHANGED_CODE = 'session_user_changed';
/** A positive integer user id, as the header carries it. */
export const OUTBOX_OWNER_PATTERN = /^[1-9]\d{0,14}$/;
