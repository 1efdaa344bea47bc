export type StoreDialect = 'sqlite' | 'postgres';
