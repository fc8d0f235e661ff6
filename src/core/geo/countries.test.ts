import { describe, it, expect } from 'vitest';
import { COUNTRIES, countryByAlpha2, isCallingCode, isCountryAlpha2 } from './countries';

describe('COUNTRIES', () => {
  it('holds the 249 officially assigned ISO 3166-1 codes', () => {
    expect(COUNTRIES).toHaveLength(249);
  });

  it.each(['alpha2', 'alpha3', 'numeric'] as const)('has unique %s codes', (column) => {
    const codes = COUNTRIES.map((country) => country[column]);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('is sorted by alpha-2 code', () => {
    const codes = COUNTRIES.map((country) => country.alpha2);
    expect(codes).toEqual([...codes].sort());
  });

  it('has well-formed columns in every row', () => {
    for (const country of COUNTRIES) {
      expect(country.alpha2).toMatch(/^[A-Z]{2}$/);
      expect(country.alpha3).toMatch(/^[A-Z]{3}$/);
      expect(country.numeric).toMatch(/^\d{3}$/);
      expect(country.callingCode).toMatch(/^[1-9]\d{0,3}$/);
      expect(country.enName).not.toBe('');
      expect(country.localName.trim()).toBe(country.localName);
      expect(country.localName).not.toBe('');
      expect(['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA']).toContain(country.area);
    }
  });

  it.each([
    ['CN', 'CHN', '156', 'China', '中国', '86', 'AS'],
    ['US', 'USA', '840', 'United States', 'United States', '1', 'NA'],
    ['BR', 'BRA', '076', 'Brazil', 'Brasil', '55', 'SA'],
    ['PT', 'PRT', '620', 'Portugal', 'Portugal', '351', 'EU'],
    ['GB', 'GBR', '826', 'United Kingdom', 'United Kingdom', '44', 'EU'],
    ['DE', 'DEU', '276', 'Germany', 'Deutschland', '49', 'EU'],
    ['JP', 'JPN', '392', 'Japan', '日本', '81', 'AS'],
    ['KR', 'KOR', '410', 'Korea, Republic of', '대한민국', '82', 'AS'],
    ['AQ', 'ATA', '010', 'Antarctica', 'Antarctica', '672', 'AN'],
    ['AF', 'AFG', '004', 'Afghanistan', 'افغانستان', '93', 'AS'],
    ['PR', 'PRI', '630', 'Puerto Rico', 'Puerto Rico', '1', 'NA'],
    ['RU', 'RUS', '643', 'Russian Federation', 'Россия', '7', 'EU'],
    ['KZ', 'KAZ', '398', 'Kazakhstan', 'Қазақстан', '7', 'AS'],
    ['HK', 'HKG', '344', 'Hong Kong', '香港', '852', 'AS'],
    ['AU', 'AUS', '036', 'Australia', 'Australia', '61', 'OC'],
  ])('has %s', (alpha2, alpha3, numeric, enName, localName, callingCode, area) => {
    expect(countryByAlpha2(alpha2)).toEqual({ alpha2, alpha3, numeric, enName, localName, callingCode, area });
  });

  it.each(['XK', 'EU', 'UK', 'AN', 'YU', 'ZZ'])('does not have %s (not an assigned ISO 3166-1 code)', (code) => {
    expect(countryByAlpha2(code)).toBeUndefined();
  });
});

describe('countryByAlpha2', () => {
  it('ignores case', () => {
    expect(countryByAlpha2('cn')?.alpha3).toBe('CHN');
    expect(countryByAlpha2('De')?.alpha3).toBe('DEU');
  });

  it.each(['', 'C', 'CHN', ' CN', '156', 'ß', 'ﬀ'])('finds nothing for %j', (code) => {
    expect(countryByAlpha2(code)).toBeUndefined();
  });
});

describe('isCountryAlpha2', () => {
  it.each(['CN', 'US', 'AQ', 'ZW'])('accepts %s', (code) => {
    expect(isCountryAlpha2(code)).toBe(true);
  });

  it.each(['cn', 'XK', 'CHN', '', ' CN'])('rejects %j', (code) => {
    expect(isCountryAlpha2(code)).toBe(false);
  });
});

describe('isCallingCode', () => {
  it.each(['86', '+86', '1', '+1', '44', '7', '852', '672'])('accepts %s', (code) => {
    expect(isCallingCode(code)).toBe(true);
  });

  it.each(['', '+', '0', '086', '++86', ' 86', '86 ', '999', '1787', 'CN'])('rejects %j', (code) => {
    expect(isCallingCode(code)).toBe(false);
  });
});
