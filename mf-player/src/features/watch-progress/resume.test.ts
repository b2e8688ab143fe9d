import { resumePosition } from './resume';

describe('resumePosition', () => {
  it('resumes at the saved position', () => {
    expect(resumePosition(42, 96)).toBe(42);
  });
  it('starts from the beginning when nothing is saved or only a few seconds', () => {
    expect(resumePosition(null, 96)).toBe(0);
    expect(resumePosition(undefined, 96)).toBe(0);
    expect(resumePosition(3, 96)).toBe(0);
    expect(resumePosition(Number.NaN, 96)).toBe(0);
  });
  it('starts over when the title was finished or is within the last seconds', () => {
    expect(resumePosition(90, 96)).toBe(0); // 93.75% but within 10 s of the end
    expect(resumePosition(95.5, 100)).toBe(0);
    expect(resumePosition(96, 96)).toBe(0);
    expect(resumePosition(80, 96)).toBe(80);
  });
  it('resumes when the duration is not known yet', () => {
    expect(resumePosition(300, null)).toBe(300);
  });
});
