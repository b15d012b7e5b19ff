import { TypeORMError } from "../error"

export interface PageRequest {
    page?: number
    perPage?: number
}

/** Translates 1-based page numbers into the skip/take pair find options use. */
export function pageToSkipTake({ page = 1, perPage = 20 }: PageRequest, maxPerPage = 100): { skip: number; take: number } {
    if (!Number.isInteger(page) || page < 1) {
        throw new TypeORMError(`Page must be a positive integer, got ${page}`)
    }
    if (!Number.isInteger(perPage) || perPage < 1) {
        throw new TypeORMError(`perPage must be a positive integer, got ${perPage}`)
    }
    const take = Math.min(perPage, maxPerPage)
    return { skip: (page - 1) * take, take }
}
