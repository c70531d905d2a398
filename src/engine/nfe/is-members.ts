/** A JSON object of the body as read: its members by their (camelCase) names. */
export type Members = Record<string, unknown>;

/** Whether a member of the body is a JSON object (not an array, not null). */
export const isMembers = (x: unknown): x is Members => typeof x === 'object' && x !== null && !Array.isArray(x);
