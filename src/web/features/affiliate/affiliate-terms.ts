/**
 * The ambassador commission quoted on /affiliate. A business term, not in docs/product.md: kept in one
 * place so the operator can change it without touching the copy (ADR 010).
 */
export const commissionPercent = 10;
