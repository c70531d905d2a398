import { uuidv7 } from 'uuidv7';

/** Resource ids are UUIDv7: sortable by creation, unguessable enough for public use. */
export const newId = (): string => uuidv7();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);
