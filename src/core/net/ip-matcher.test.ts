import { describe, it, expect } from 'vitest';
import { callerNetwork, formatIp, IpRuleSet, isValidIpOrCidr, parseIp, parseIpRule } from './ip-matcher';

describe('parseIp', () => {
  it.each([
    ['0.0.0.0', 4, 0n],
    ['127.0.0.1', 4, 0x7f000001n],
    ['255.255.255.255', 4, 0xffffffffn],
    ['::', 6, 0n],
    ['::1', 6, 1n],
    ['1::', 6, 1n << 112n],
    ['2001:db8::8a2e:370:7334', 6, 0x20010db8000000000000_8a2e03707334n],
    ['2001:0DB8:0000:0000:0000:8A2E:0370:7334', 6, 0x20010db8000000000000_8a2e03707334n],
    ['1:2:3:4:5:6:7::', 6, 0x0001000200030004000500060007_0000n],
    ['::2:3:4:5:6:7:8', 6, 0x0000000200030004000500060007_0008n],
    ['64:ff9b::192.0.2.33', 6, 0x0064ff9b0000000000000000_c0000221n],
    ['::ffff:127.0.0.1', 4, 0x7f000001n],
    ['::FFFF:7f00:1', 4, 0x7f000001n],
    ['0:0:0:0:0:ffff:10.1.2.3', 4, 0x0a010203n],
  ])('parses %s', (text, family, value) => {
    expect(parseIp(text)).toEqual({ family, value });
  });

  it.each([
    '',
    ' 1.2.3.4',
    '1.2.3',
    '1.2.3.4.5',
    '256.1.1.1',
    '1.2.3.-4',
    '01.2.3.4',
    '1.2.3.4/32',
    'a.b.c.d',
    ':',
    ':::',
    '1:::2',
    '1::2::3',
    ':1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7::8',
    '12345::',
    'gggg::',
    '1.2.3.4::',
    '::1.2.3',
    '::256.0.0.1',
    'fe80::1%eth0',
  ])('rejects %j', (text) => {
    expect(parseIp(text)).toBeNull();
  });
});

describe('formatIp', () => {
  it.each([
    ['10.0.0.255', '10.0.0.255'],
    ['::', '::'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['1:0:0:2:0:0:0:3', '1:0:0:2::3'],
    ['::ffff:1.2.3.4', '1.2.3.4'],
  ])('formats %s as %s', (text, expected) => {
    const ip = parseIp(text);
    expect(ip).not.toBeNull();
    expect(formatIp(ip!)).toBe(expected);
  });
});

describe('callerNetwork', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['not-an-ip', 'not-an-ip'],
  ])('counts %s as %s', (text, network) => {
    expect(callerNetwork(text)).toBe(network);
  });
});

describe('parseIpRule', () => {
  it.each([
    ['1.2.3.4', 'EXACT', '1.2.3.4', 32],
    [' 1.2.3.4 ', 'EXACT', '1.2.3.4', 32],
    ['10.1.2.3/8', 'CIDR', '10.0.0.0/8', 8],
    ['1.2.3.4/32', 'CIDR', '1.2.3.4/32', 32],
    ['9.9.9.9/0', 'CIDR', '0.0.0.0/0', 0],
    ['2001:DB8::1', 'EXACT', '2001:db8::1', 128],
    ['2001:db8:abcd::1/48', 'CIDR', '2001:db8:abcd::/48', 48],
    ['::1/128', 'CIDR', '::1/128', 128],
    ['::/0', 'CIDR', '::/0', 0],
    ['::ffff:1.2.3.4', 'EXACT', '1.2.3.4', 32],
    ['::ffff:192.168.1.7/120', 'CIDR', '192.168.1.0/24', 24],
    ['::ffff:0:0/96', 'CIDR', '0.0.0.0/0', 0],
    ['::ffff:0:0/95', 'CIDR', '::fffe:0:0/95', 95],
  ])('parses %j as %s %s', (text, kind, normalized, prefixLength) => {
    expect(parseIpRule(text)).toMatchObject({ kind, text: normalized, prefixLength });
  });

  it('gives the inclusive range of a CIDR', () => {
    expect(parseIpRule('192.168.1.77/24')).toMatchObject({
      family: 4,
      first: 0xc0a80100n,
      last: 0xc0a801ffn,
    });
  });

  it.each([
    '',
    '1.2.3',
    '256.1.1.1',
    '1.2.3.4/33',
    '1.2.3.4/-1',
    '1.2.3.4/',
    '1.2.3.4/08',
    '1.2.3.4/ 8',
    '1.2.3.4/8/8',
    '/8',
    '::1/129',
    'gggg::',
    'fe80::1%eth0/64',
  ])('rejects %j', (text) => {
    expect(parseIpRule(text)).toBeNull();
    expect(isValidIpOrCidr(text)).toBe(false);
  });
});

describe('IpRuleSet', () => {
  const cases: Array<[rules: string, ip: string, matches: boolean]> = [
    ['1.2.3.4', '1.2.3.4', true],
    ['1.2.3.4', '1.2.3.5', false],
    ['1.2.3.4', '::ffff:1.2.3.4', true],
    ['::ffff:1.2.3.4', '1.2.3.4', true],
    ['10.0.0.0/8', '10.0.0.0', true],
    ['10.0.0.0/8', '10.255.255.255', true],
    ['10.0.0.0/8', '9.255.255.255', false],
    ['10.0.0.0/8', '11.0.0.0', false],
    ['10.0.0.0/8', '::ffff:10.20.30.40', true],
    ['192.168.1.0/24', '192.168.1.255', true],
    ['192.168.1.0/24', '192.168.2.0', false],
    ['203.0.113.7/32', '203.0.113.7', true],
    ['203.0.113.7/32', '203.0.113.8', false],
    ['0.0.0.0/0', '0.0.0.0', true],
    ['0.0.0.0/0', '255.255.255.255', true],
    ['0.0.0.0/0', '::1', false],
    ['::/0', '::', true],
    ['::/0', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', true],
    ['::/0', '1.2.3.4', false],
    ['::1', '0:0:0:0:0:0:0:1', true],
    ['::1', '0.0.0.1', false],
    ['2001:db8::/32', '2001:db8::', true],
    ['2001:db8::/32', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', true],
    ['2001:db8::/32', '2001:db7:ffff:ffff:ffff:ffff:ffff:ffff', false],
    ['2001:db8::/32', '2001:db9::', false],
    ['2001:db8::1/128', '2001:db8::1', true],
    ['2001:db8::1/128', '2001:db8::2', false],
    ['1.2.3.4, 10.0.0.0/8, 2001:db8::/32', '10.1.1.1', true],
    ['1.2.3.4, 10.0.0.0/8, 2001:db8::/32', '2001:db8::5', true],
    ['1.2.3.4, 10.0.0.0/8, 2001:db8::/32', '1.2.3.3', false],
    ['10.0.0.0/9, 10.128.0.0/9', '10.200.0.1', true],
    ['10.0.0.0/8, 10.1.0.0/16', '10.2.0.1', true],
    ['1.1.1.1, 3.3.3.3, 5.5.5.5, 7.7.7.7', '5.5.5.5', true],
    ['1.1.1.1, 3.3.3.3, 5.5.5.5, 7.7.7.7', '4.4.4.4', false],
    ['1.1.1.1, 3.3.3.3, 5.5.5.5, 7.7.7.7', '8.8.8.8', false],
    ['1.2.3.4', 'not an ip', false],
    ['1.2.3.4', '', false],
  ];

  it.each(cases)('rules %j vs %s → %s', (rules, ip, expected) => {
    const { set, invalid } = IpRuleSet.fromList(rules);
    expect(invalid).toEqual([]);
    expect(set.matches(ip)).toBe(expected);
  });

  it('trims entries, skips blank ones and normalizes rules', () => {
    const { set, invalid } = IpRuleSet.fromList(' 1.2.3.4 ,\n10.9.8.7/8,, 2001:DB8::/32 ,');
    expect(invalid).toEqual([]);
    expect(set.rules.map((rule) => rule.text)).toEqual(['1.2.3.4', '10.0.0.0/8', '2001:db8::/32']);
  });

  it('reports invalid entries by their trimmed text and keeps the valid ones', () => {
    const { set, invalid } = IpRuleSet.fromList('1.2.3.4, 1.2.3, 256.1.1.1 ,1.2.3.4/33,::1/129,gggg::');
    expect(invalid).toEqual(['1.2.3', '256.1.1.1', '1.2.3.4/33', '::1/129', 'gggg::']);
    expect(set.rules.map((rule) => rule.text)).toEqual(['1.2.3.4']);
  });

  it.each(['', '   ', ' , ,'])('treats %j as empty', (list) => {
    const { set, invalid } = IpRuleSet.fromList(list);
    expect(invalid).toEqual([]);
    expect(set.isEmpty).toBe(true);
    expect(set.matches('1.2.3.4')).toBe(false);
  });
});
