import { describe, expect, it } from 'vitest';
import { cardsToShow } from './shelf-fit';

describe('cardsToShow', () => {
  it('shows whole rows only', () => {
    expect(cardsToShow({ total: 10, columns: 3 })).toBe(9);
    expect(cardsToShow({ total: 10, columns: 4 })).toBe(8);
    expect(cardsToShow({ total: 10, columns: 5 })).toBe(10);
    expect(cardsToShow({ total: 12, columns: 5 })).toBe(10);
    expect(cardsToShow({ total: 12, columns: 6 })).toBe(12);
  });

  it('stops at the row limit', () => {
    expect(cardsToShow({ total: 10, columns: 3, maxRows: 2 })).toBe(6);
    expect(cardsToShow({ total: 5, columns: 4, maxRows: 1 })).toBe(4);
    expect(cardsToShow({ total: 6, columns: 6, maxRows: 1 })).toBe(6);
  });

  it('shows a list shorter than a row, and the end of a finished list, whole', () => {
    expect(cardsToShow({ total: 2, columns: 6 })).toBe(2);
    expect(cardsToShow({ total: 2, columns: 6, maxRows: 1 })).toBe(2);
    expect(cardsToShow({ total: 14, columns: 6, isComplete: true })).toBe(14);
    expect(cardsToShow({ total: 14, columns: 6, isComplete: false })).toBe(12);
    expect(cardsToShow({ total: 14, columns: 6, maxRows: 2, isComplete: true })).toBe(12);
  });

  it('shows everything in a scroller', () => {
    expect(cardsToShow({ total: 10, columns: undefined, maxRows: 1 })).toBe(10);
  });
});
