/** The rate limiter's key of a panel session: its calls and its GraphQL documents' units count there. */
export const painelBudgetKey = (sessaoId: string): string => `painel:${sessaoId}`;
