/**
 * Active Directory Certificate Services in the forest root (CORP), as
 * SharpHound collects them and upstream's post-processing links them: a root
 * CA, an issuing Enterprise CA hosted on SRV-CA01 and published in the AIA
 * container, the NTAuth store, certificate templates (some published, one
 * not), an issuance policy linked to a group, enrollment and management
 * rights, and the findings post-processing adds: GoldenCert from the CA host,
 * ESC1 (a template whose enrollee supplies the subject, open to Domain Users),
 * ESC3 (an enrollment-agent template; an any-purpose template open to
 * contractors is an ESC2 case too), ESC4 (write access to a template) and
 * ESC13 (a template whose issuance policy is linked to a group).
 *
 * The configuration partition's distinguished names are upper-case, as
 * SharpHound writes them.
 */
import { type GraphNode } from './graph';
import { dn } from './naming';
import { domainViews, newNode, type SeedContext } from './context';
import { Rng } from './random';

const EKU = {
  clientAuth: '1.3.6.1.5.5.7.3.2',
  serverAuth: '1.3.6.1.5.5.7.3.1',
  smartcardLogon: '1.3.6.1.4.1.311.20.2.2',
  emailProtection: '1.3.6.1.5.5.7.3.4',
  efs: '1.3.6.1.4.1.311.10.3.4',
  certificateRequestAgent: '1.3.6.1.4.1.311.20.2.1',
} as const;
const AUTHENTICATION_EKUS = new Set<string>([EKU.clientAuth, EKU.smartcardLogon, '1.3.6.1.5.2.3.4', '2.5.29.37.0']);

interface TemplateSpec {
  name: string;
  displayname: string;
  schemaversion: 1 | 2;
  ekus: string[];
  enrolleesuppliessubject?: boolean;
  requiresmanagerapproval?: boolean;
  nosecurityextension?: boolean;
  published: boolean;
  /** Group labels (in CORP) given Enroll. */
  enroll: string[];
}

const TEMPLATES: TemplateSpec[] = [
  {
    name: 'USER',
    displayname: 'User',
    schemaversion: 1,
    ekus: [EKU.efs, EKU.emailProtection, EKU.clientAuth],
    published: true,
    enroll: ['DOMAIN USERS'],
  },
  {
    name: 'MACHINE',
    displayname: 'Computer',
    schemaversion: 1,
    ekus: [EKU.clientAuth, EKU.serverAuth],
    published: true,
    enroll: ['DOMAIN COMPUTERS'],
  },
  {
    name: 'DOMAINCONTROLLER',
    displayname: 'Domain Controller',
    schemaversion: 1,
    ekus: [EKU.clientAuth, EKU.serverAuth],
    published: true,
    enroll: ['DOMAIN CONTROLLERS'],
  },
  {
    name: 'WEBSERVER',
    displayname: 'Web Server',
    schemaversion: 1,
    ekus: [EKU.serverAuth],
    enrolleesuppliessubject: true,
    published: true,
    enroll: ['SERVER ADMINS'],
  },
  {
    name: 'SUBCA',
    displayname: 'Subordinate Certification Authority',
    schemaversion: 1,
    ekus: [],
    enrolleesuppliessubject: true,
    published: true,
    enroll: [],
  },
  {
    name: 'CORPVPN',
    displayname: 'Corp VPN',
    schemaversion: 2,
    ekus: [EKU.clientAuth],
    enrolleesuppliessubject: true,
    published: true,
    enroll: ['DOMAIN USERS'],
  },
  {
    name: 'LEGACYCLIENT',
    displayname: 'Legacy Client',
    schemaversion: 1,
    ekus: ['2.5.29.37.0'],
    published: true,
    enroll: ['CONTRACTORS'],
  },
  {
    name: 'ENROLLMENTAGENT',
    displayname: 'Enrollment Agent',
    schemaversion: 1,
    ekus: [EKU.certificateRequestAgent],
    published: true,
    enroll: ['IT HELPDESK'],
  },
  {
    name: 'WORKSTATIONAUTH',
    displayname: 'Workstation Authentication',
    schemaversion: 2,
    ekus: [EKU.clientAuth],
    nosecurityextension: true,
    published: true,
    enroll: ['DOMAIN COMPUTERS'],
  },
  {
    name: 'SMARTCARDLOGON',
    displayname: 'Smartcard Logon',
    schemaversion: 2,
    ekus: [EKU.clientAuth, EKU.smartcardLogon],
    published: true,
    enroll: ['IT HELPDESK'],
  },
  {
    name: 'KERBEROSAUTHENTICATION',
    displayname: 'Kerberos Authentication',
    schemaversion: 2,
    ekus: [EKU.clientAuth, EKU.serverAuth, EKU.smartcardLogon],
    requiresmanagerapproval: true,
    published: false,
    enroll: ['DOMAIN CONTROLLERS'],
  },
];

export function addCertificateServices(ctx: SeedContext): void {
  const rng = new Rng(0xadc5_0001);
  const views = domainViews(ctx);
  const [corp, lab] = views;
  if (!corp || !lab) return;
  const forest = corp.domain;
  const pks = `CN=PUBLIC KEY SERVICES,CN=SERVICES,CN=CONFIGURATION,${dn(forest.name).toUpperCase()}`;
  const guid = () => rng.uuid().toUpperCase();
  const thumbprint = () => Array.from({ length: 40 }, () => '0123456789ABCDEF'[rng.int(0, 15)]).join('');
  const whencreated = Number(forest.props.whencreated) + 86_400 * 30;
  const add = (kind: string, label: string, container: string, props: Record<string, unknown>): GraphNode => {
    const node = newNode(forest, kind, guid(), `${label}@${forest.name}`, {
      distinguishedname: `CN=${label},${container}`,
      whencreated,
      ...props,
    });
    ctx.nodes.push(node);
    return node;
  };

  const rootThumb = thumbprint();
  const issuingThumb = thumbprint();
  const certProps = (certname: string, own: string, chain: string[], pathLength: number) => ({
    certname,
    certthumbprint: own,
    certchain: chain,
    hasbasicconstraints: true,
    basicconstraintpathlength: pathLength,
  });
  const rootCA = add('RootCA', 'ACME-ROOT-CA', `CN=CERTIFICATION AUTHORITIES,${pks}`, {
    description: 'Offline root certification authority',
    ...certProps('ACME-ROOT-CA', rootThumb, [rootThumb], 1),
  });
  const aiaCA = add('AIACA', 'ACME-ISSUING-CA', `CN=AIA,${pks}`, {
    crosscertificatepair: [],
    hascrosscertificatepair: false,
    ...certProps('ACME-ISSUING-CA', issuingThumb, [issuingThumb, rootThumb], 0),
  });
  const caHost = corp.servers.find((c) => c.name.startsWith('SRV-CA'))!;
  const enterpriseCA = add('EnterpriseCA', 'ACME-ISSUING-CA', `CN=ENROLLMENT SERVICES,${pks}`, {
    caname: 'ACME-ISSUING-CA',
    dnshostname: caHost.name.toLowerCase(),
    flags: 'SUPPORTS_NT_AUTHENTICATION, CA_SERVERTYPE_ADVANCED',
    casecuritycollected: true,
    enrollmentagentrestrictionscollected: true,
    hasenrollmentagentrestrictions: false,
    isuserspecifiessanenabledcollected: true,
    isuserspecifiessanenabled: true,
    roleseparationenabledcollected: true,
    roleseparationenabled: false,
    hasvulnerableendpoint: true,
    httpenrollmentendpoints: [`http://${caHost.name.toLowerCase()}/certsrv/`],
    httpsenrollmentendpoints: [],
    unresolvedpublishedtemplates: [],
    ...certProps('ACME-ISSUING-CA', issuingThumb, [issuingThumb, rootThumb], 0),
  });
  const ntAuthStore = add('NTAuthStore', 'NTAUTHCERTIFICATES', pks, {
    description: 'Certification authorities trusted to issue logon certificates',
    certthumbprints: [issuingThumb],
  });
  const policyOid = `1.3.6.1.4.1.311.21.8.${rng.int(1_000_000, 9_999_999)}.${rng.int(1_000_000, 9_999_999)}.1.402`;
  const issuancePolicy = add('IssuancePolicy', 'HIGH ASSURANCE', `CN=OID,${pks}`, {
    displayname: 'High Assurance',
    certtemplateoid: policyOid,
    grouplink: corp.group('SERVER ADMINS').objectid,
  });

  // The chain: host → Enterprise CA → root; NTAuth; the root and the store serve every domain of the forest.
  ctx.addEdge(caHost, enterpriseCA, 'HostsCAService');
  ctx.addEdge(enterpriseCA, rootCA, 'IssuedSignedBy');
  ctx.addEdge(enterpriseCA, aiaCA, 'EnterpriseCAFor');
  ctx.addEdge(enterpriseCA, ntAuthStore, 'TrustedForNTAuth');
  for (const v of views) {
    ctx.addEdge(rootCA, v.domain, 'RootCAFor');
    ctx.addEdge(ntAuthStore, v.domain, 'NTAuthStoreFor');
    ctx.addEdge(caHost, v.domain, 'GoldenCert');
    ctx.addEdge(v.group('DOMAIN USERS'), enterpriseCA, 'Enroll');
    ctx.addEdge(v.group('DOMAIN COMPUTERS'), enterpriseCA, 'Enroll');
  }
  ctx.addEdge(issuancePolicy, corp.group('SERVER ADMINS'), 'OIDGroupLink');

  const enterpriseAdmins = corp.group('ENTERPRISE ADMINS');
  const administrators = corp.group('ADMINISTRATORS');
  for (const target of [rootCA, aiaCA, enterpriseCA, ntAuthStore, issuancePolicy])
    ctx.addEdge(enterpriseAdmins, target, 'GenericAll');
  ctx.addEdge(administrators, enterpriseCA, 'ManageCA');
  ctx.addEdge(administrators, enterpriseCA, 'ManageCertificates');
  ctx.addEdge(corp.group('SECURITY TEAM'), enterpriseCA, 'ManageCertificates');
  ctx.addEdge(corp.group('SECURITY TEAM'), issuancePolicy, 'GenericWrite');

  const templates = new Map<string, GraphNode>();
  for (const spec of TEMPLATES) {
    const effectiveekus = spec.ekus;
    const template = add('CertTemplate', spec.name, `CN=CERTIFICATE TEMPLATES,${pks}`, {
      displayname: spec.displayname,
      oid: `1.3.6.1.4.1.311.21.8.${rng.int(1_000_000, 9_999_999)}.${rng.int(100, 999)}`,
      schemaversion: spec.schemaversion,
      validityperiod: spec.name === 'SUBCA' ? '5 years' : '1 year',
      renewalperiod: '6 weeks',
      enrollmentflag: spec.requiresmanagerapproval
        ? 'PEND_ALL_REQUESTS, INCLUDE_SYMMETRIC_ALGORITHMS'
        : 'INCLUDE_SYMMETRIC_ALGORITHMS, AUTO_ENROLLMENT',
      certificatenameflag: spec.enrolleesuppliessubject
        ? 'ENROLLEE_SUPPLIES_SUBJECT'
        : 'SUBJECT_ALT_REQUIRE_UPN, SUBJECT_REQUIRE_DIRECTORY_PATH',
      enrolleesuppliessubject: spec.enrolleesuppliessubject === true,
      subjectaltrequireupn: spec.enrolleesuppliessubject !== true,
      requiresmanagerapproval: spec.requiresmanagerapproval === true,
      nosecurityextension: spec.nosecurityextension === true,
      authorizedsignatures: 0,
      ekus: spec.ekus,
      certificateapplicationpolicy: spec.schemaversion === 2 ? spec.ekus : [],
      applicationpolicies: [],
      issuancepolicies: spec.name === 'SMARTCARDLOGON' ? [policyOid] : [],
      effectiveekus,
      authenticationenabled: effectiveekus.length === 0 || effectiveekus.some((e) => AUTHENTICATION_EKUS.has(e)),
      schannelauthenticationenabled: effectiveekus.length === 0 || effectiveekus.includes(EKU.clientAuth),
    });
    templates.set(spec.name, template);
    if (spec.published) ctx.addEdge(template, enterpriseCA, 'PublishedTo');
    for (const label of spec.enroll) ctx.addEdge(corp.group(label), template, 'Enroll');
    ctx.addEdge(corp.group('DOMAIN ADMINS'), template, 'Enroll');
    ctx.addEdge(enterpriseAdmins, template, 'GenericAll');
  }
  ctx.addEdge(templates.get('SMARTCARDLOGON')!, issuancePolicy, 'ExtendedByPolicy');
  ctx.addEdge(corp.group('SERVER ADMINS'), templates.get('WEBSERVER')!, 'WriteDacl');

  // The findings post-processing adds, to every domain whose chain the CA completes.
  for (const v of views) {
    ctx.addEdge(corp.group('DOMAIN USERS'), v.domain, 'ADCSESC1');
    ctx.addEdge(corp.group('IT HELPDESK'), v.domain, 'ADCSESC3');
    ctx.addEdge(corp.group('SERVER ADMINS'), v.domain, 'ADCSESC4');
  }
  ctx.addEdge(corp.group('IT HELPDESK'), corp.group('SERVER ADMINS'), 'ADCSESC13');
  // The groups holding the ESC3, ESC4 and ESC13 findings enroll on the CA, as each of those findings needs.
  for (const label of ['IT HELPDESK', 'SERVER ADMINS']) ctx.addEdge(corp.group(label), enterpriseCA, 'Enroll');
}
