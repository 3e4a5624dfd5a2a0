// Filled by the accounts feature (migration 0002).
export type AccountTables = Record<never, never>;
