// docs/product.md §2 help page: suggestions are matched case-insensitively against the questions and the
// answers, at most 5. Pure so the rule is unit-tested.

export type FaqEntry = { question: string; answer: string };

export const maximumHelpSuggestions = 5;

/**
 * Indexes of the entries matching `query` (question matches first, then answer-only matches,
 * each in page order); an empty or blank query matches nothing.
 */
export function searchHelp(entries: readonly FaqEntry[], query: string, limit = maximumHelpSuggestions): number[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [];
  const inQuestion: number[] = [];
  const inAnswer: number[] = [];
  entries.forEach((entry, index) => {
    if (entry.question.toLocaleLowerCase().includes(needle)) inQuestion.push(index);
    else if (entry.answer.toLocaleLowerCase().includes(needle)) inAnswer.push(index);
  });
  return [...inQuestion, ...inAnswer].slice(0, limit);
}
