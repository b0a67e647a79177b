import { describe, expect, it } from 'vitest';
import { pageWindow } from './pager';

describe('the page numbers a pager shows', () => {
  it('every page up to seven', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('beyond seven: first, last, two either side of the current one, gaps as null', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, null, 20]);
    // As Ant Design: page 2 hides behind a gap once the window starts at 3.
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 6, null, 20]);
    expect(pageWindow(5, 20)).toEqual([1, null, 3, 4, 5, 6, 7, null, 20]);
    expect(pageWindow(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pageWindow(20, 20)).toEqual([1, null, 15, 16, 17, 18, 19, 20]);
    expect(pageWindow(500, 500)).toEqual([1, null, 495, 496, 497, 498, 499, 500]);
  });
});
