import { describe, expect, it } from 'vitest';
import { postProcess } from './post-process';
import { DOMAIN_SID, adcsFixture, pairs } from './test-graph';

/** A fixture whose user `1101` may enroll on the template and the CA. */
function withEnroller(...args: Parameters<typeof adcsFixture>) {
  const f = adcsFixture(...args);
  const user = f.g.node('User', '1101');
  f.g.edge(user, 'Enroll', f.template).edge(user, 'Enroll', f.ca);
  return { ...f, user };
}

describe('ADCSESC1', () => {
  it('goes from an enroller of template and CA to the domain', () => {
    const { g, user } = withEnroller();
    expect(pairs(postProcess(g.build()), 'ADCSESC1')).toEqual([`${user}>${DOMAIN_SID}`]);
  });

  it('reaches the outermost group through nested membership', () => {
    const f = adcsFixture();
    const user = f.g.node('User', '1101');
    const team = f.g.node('Group', '1201');
    const all = f.g.node('Group', '1202');
    f.g.edge(user, 'MemberOf', team).edge(team, 'MemberOf', all);
    f.g.edge(team, 'Enroll', f.template).edge(all, 'Enroll', f.ca);
    expect(pairs(postProcess(f.g.build()), 'ADCSESC1')).toEqual([`${team}>${DOMAIN_SID}`]);
  });

  it('needs the enrollee to supply the subject', () => {
    const { g } = withEnroller({ enrolleesuppliessubject: false });
    expect(pairs(postProcess(g.build()), 'ADCSESC1')).toEqual([]);
  });

  it('needs enrollment on the CA', () => {
    const f = adcsFixture();
    const user = f.g.node('User', '1101');
    f.g.edge(user, 'Enroll', f.template);
    expect(pairs(postProcess(f.g.build()), 'ADCSESC1')).toEqual([]);
  });

  it('needs an enabled host for the CA', () => {
    const { g, host } = withEnroller();
    g.nodes.find((n) => n.objectid === host)!.props.enabled = false;
    expect(pairs(postProcess(g.build()), 'ADCSESC1')).toEqual([]);
  });
});

describe('ADCSESC4', () => {
  it('goes to a CA enroller that controls the template', () => {
    const f = adcsFixture({ enrolleesuppliessubject: false });
    const user = f.g.node('User', '1101');
    f.g.edge(user, 'WriteDacl', f.template).edge(user, 'Enroll', f.ca);
    expect(pairs(postProcess(f.g.build()), 'ADCSESC4')).toEqual([`${user}>${DOMAIN_SID}`]);
  });

  it('needs enrollment with GenericWrite', () => {
    const f = adcsFixture({ enrolleesuppliessubject: false });
    const user = f.g.node('User', '1101');
    f.g.edge(user, 'GenericWrite', f.template).edge(user, 'Enroll', f.ca);
    expect(pairs(postProcess(f.g.build()), 'ADCSESC4')).toEqual([]);
    f.g.edge(user, 'Enroll', f.template);
    expect(pairs(postProcess(f.g.build()), 'ADCSESC4')).toEqual([`${user}>${DOMAIN_SID}`]);
  });

  it('takes the name flag with enrollment on a template needing no approval', () => {
    const f = adcsFixture({ enrolleesuppliessubject: false });
    const user = f.g.node('User', '1101');
    f.g.edge(user, 'WritePKINameFlag', f.template).edge(user, 'Enroll', f.template).edge(user, 'Enroll', f.ca);
    expect(pairs(postProcess(f.g.build()), 'ADCSESC4')).toEqual([`${user}>${DOMAIN_SID}`]);
  });
});

describe('ADCSESC6', () => {
  const san = { isuserspecifiessanenabledcollected: true, isuserspecifiessanenabled: true };

  it('6a: a template without the security extension on a CA taking requested names', () => {
    const { g, user } = withEnroller({ nosecurityextension: true }, san);
    expect(pairs(postProcess(g.build()), 'ADCSESC6a')).toEqual([`${user}>${DOMAIN_SID}`]);
  });

  it('6a: not when the CA does not take requested names', () => {
    const { g } = withEnroller({ nosecurityextension: true });
    expect(pairs(postProcess(g.build()), 'ADCSESC6a')).toEqual([]);
  });

  it('6b: needs a domain controller mapping by UPN', () => {
    const weak = withEnroller({}, san, { certificatemappingmethodsraw: 4 });
    expect(pairs(postProcess(weak.g.build()), 'ADCSESC6b')).toEqual([`${weak.user}>${DOMAIN_SID}`]);
    const strong = withEnroller({}, san, { certificatemappingmethodsraw: 0x18 });
    expect(pairs(postProcess(strong.g.build()), 'ADCSESC6b')).toEqual([]);
  });

  it('leaves out users when the template requires a DNS name', () => {
    const { g } = withEnroller({ nosecurityextension: true, subjectaltrequiredns: true }, san);
    expect(pairs(postProcess(g.build()), 'ADCSESC6a')).toEqual([]);
  });
});

describe('ADCSESC9 and ADCSESC10', () => {
  const esc9 = { nosecurityextension: true, enrolleesuppliessubject: false, subjectaltrequireupn: true };

  function withAttacker(template: Record<string, unknown>, dc: Record<string, unknown>) {
    const f = withEnroller(template, {}, dc);
    const attacker = f.g.node('User', '1102');
    f.g.edge(attacker, 'GenericWrite', f.user);
    return { ...f, attacker };
  }

  it('9a: whoever can write to an enrolling user, with weak certificate binding', () => {
    const { g, attacker } = withAttacker(esc9, { strongcertificatebindingenforcementraw: 1 });
    expect(pairs(postProcess(g.build()), 'ADCSESC9a')).toEqual([`${attacker}>${DOMAIN_SID}`]);
  });

  it('9a: not with full enforcement', () => {
    const { g } = withAttacker(esc9, { strongcertificatebindingenforcementraw: 2 });
    expect(pairs(postProcess(g.build()), 'ADCSESC9a')).toEqual([]);
  });

  it('9b: only for computer victims of a template requiring a DNS name', () => {
    const template = { ...esc9, subjectaltrequireupn: false, subjectaltrequiredns: true };
    const f = adcsFixture(template, {}, { strongcertificatebindingenforcementraw: 0 });
    const victim = f.g.node('Computer', '1010');
    const user = f.g.node('User', '1101');
    const attacker = f.g.node('User', '1102');
    f.g.edge(victim, 'Enroll', f.template).edge(victim, 'Enroll', f.ca).edge(user, 'Enroll', f.template);
    f.g.edge(user, 'Enroll', f.ca).edge(attacker, 'GenericAll', victim).edge(f.host, 'GenericWrite', user);
    expect(pairs(postProcess(f.g.build()), 'ADCSESC9b')).toEqual([`${attacker}>${DOMAIN_SID}`]);
  });

  it('10a: with the security extension, where a domain controller maps by UPN', () => {
    const template = { enrolleesuppliessubject: false, subjectaltrequireupn: true };
    const { g, attacker } = withAttacker(template, { certificatemappingmethodsraw: 4 });
    expect(pairs(postProcess(g.build()), 'ADCSESC10a')).toEqual([`${attacker}>${DOMAIN_SID}`]);
    const none = withAttacker(template, { certificatemappingmethodsraw: -1 });
    expect(pairs(postProcess(none.g.build()), 'ADCSESC10a')).toEqual([]);
  });
});

describe('ADCSESC13', () => {
  it('goes from the enroller to the group linked to the issuance policy', () => {
    const { g, user, template } = withEnroller({ certificatepolicy: ['1.2.3'] });
    const policy = g.node('IssuancePolicy', 'P', { certtemplateoid: '1.2.3' });
    const group = g.node('Group', '1300');
    g.edge(policy, 'OIDGroupLink', group);
    const out = postProcess(g.build());
    expect(pairs(out, 'ExtendedByPolicy')).toEqual([`${template}>${policy}`]);
    expect(pairs(out, 'ADCSESC13')).toEqual([`${user}>${group}`]);
  });

  it('needs a linked group', () => {
    const { g } = withEnroller({ certificatepolicy: ['1.2.3'] });
    g.node('IssuancePolicy', 'P', { certtemplateoid: '1.2.3' });
    expect(pairs(postProcess(g.build()), 'ADCSESC13')).toEqual([]);
  });
});
