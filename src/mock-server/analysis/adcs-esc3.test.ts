import { describe, expect, it } from 'vitest';
import { postProcess } from './post-process';
import { DOMAIN_SID, OPEN_TEMPLATE, adcsFixture, pairs } from './test-graph';

const AGENT_EKU = '1.3.6.1.4.1.311.20.2.1';

/** A fixture with an agent template (schema 2, Certificate Request Agent) next to the target template. */
function withAgent(target: Record<string, unknown>, ca: Record<string, unknown> = {}) {
  const f = adcsFixture({ enrolleesuppliessubject: false, ...target }, ca);
  const agent = f.g.node('CertTemplate', 'AGENT-GUID', { ...OPEN_TEMPLATE, effectiveekus: [AGENT_EKU] });
  f.g.edge(agent, 'PublishedTo', f.ca);
  const user = f.g.node('User', '1101');
  f.g.edge(user, 'Enroll', agent).edge(user, 'Enroll', f.template).edge(user, 'Enroll', f.ca);
  return { ...f, agent, user };
}

const SCHEMA_2_TARGET = { authorizedsignatures: 1, applicationpolicies: [AGENT_EKU] };

describe('EnrollOnBehalfOf', () => {
  it('links an agent template to a schema-2 template asking for an agent signature', () => {
    const { g, agent, template } = withAgent(SCHEMA_2_TARGET);
    expect(pairs(postProcess(g.build()), 'EnrollOnBehalfOf')).toEqual([`${agent}>${template}`]);
  });

  it('not to a schema-2 template asking for no signature', () => {
    const { g } = withAgent({});
    expect(pairs(postProcess(g.build()), 'EnrollOnBehalfOf')).toEqual([]);
  });
});

describe('ADCSESC3', () => {
  it('goes from an enroller of both templates and the CA to the domain', () => {
    const { g, user } = withAgent(SCHEMA_2_TARGET);
    expect(pairs(postProcess(g.build()), 'ADCSESC3')).toEqual([`${user}>${DOMAIN_SID}`]);
  });

  it('needs a delegated enrollment agent when the CA restricts agents', () => {
    const restricted = { enrollmentagentrestrictionscollected: true, hasenrollmentagentrestrictions: true };
    const { g, user, template } = withAgent(SCHEMA_2_TARGET, restricted);
    expect(pairs(postProcess(g.build()), 'ADCSESC3')).toEqual([]);
    g.edge(user, 'DelegatedEnrollmentAgent', template);
    expect(pairs(postProcess(g.build()), 'ADCSESC3')).toEqual([`${user}>${DOMAIN_SID}`]);
  });
});
