/** Another language's file for an English one: the same keys, any words. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> }
