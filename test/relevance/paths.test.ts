import { describe, expect, test } from '@jest/globals';
import { matchesPathPrerequisite } from '../../src/relevance/index.js';

describe('path prerequisites match on path boundaries (#23)', () => {
  test.each([
    ['/srv/app', '/srv/application', false],
    ['/srv/app', '/srv/app/src', true],
    ['/srv/app', '/srv/app', true],
    ['/srv/app/', '/srv/app', true],
    ['/srv//app/', '/srv/app/x', true],
    ['/srv/app/../other', '/srv/other/x', true],
    ['/srv/app/./', '/srv/app', true],
    ['/', '/srv', true],
    ['/', '/', true],
    ['/srv/app/src', '/srv/app', false],
    ['', '/srv/app', false],
    ['srv/app', '/srv/app', false],
  ])('%p for cwd %p: %s', (prerequisite, cwd, expected) => {
    expect(matchesPathPrerequisite(cwd, prerequisite)).toBe(expected);
  });

  test('case folds only on case-insensitive volumes', () => {
    expect(matchesPathPrerequisite('/srv/app/x', '/SRV/App')).toBe(false);
    expect(matchesPathPrerequisite('/srv/app/x', '/SRV/App', { sep: '/', caseInsensitive: true })).toBe(true);
  });

  test.each([
    ['C:\\work\\app', 'C:\\work\\app\\src', true],
    ['C:\\work\\app', 'C:\\work\\application', false],
    ['C:/work/app/', 'C:\\work\\app', true],
    ['C:\\', 'C:\\anything', true],
    ['C:\\', 'D:\\anything', false],
  ])('Windows: %p for cwd %p: %s', (prerequisite, cwd, expected) => {
    expect(matchesPathPrerequisite(cwd, prerequisite, { sep: '\\', caseInsensitive: true })).toBe(expected);
  });
});
