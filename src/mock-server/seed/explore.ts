/**
 * What the explorer's related lists (api/schemas/related-lists.ts) look for beyond the other parts, so
 * every list answers for at least one seeded object: a server's rights onto other servers (RDP, DCOM,
 * PowerShell remoting, constrained delegation), a group's DCOM and remoting rights, a principal of one
 * domain administering a computer and controlling a GPO of the other, control of a container, and the
 * AIA CA's place in the PKI hierarchy.
 *
 * Only edges are added, each between objects chosen by name and role, so no node, name or other edge
 * moves; the targets are computers that already have local group data, so completeness keeps its figure.
 */
import type { SeedContext } from './context';
import { domainViews } from './context';

export function addExplorerRights(ctx: SeedContext): void {
  const [corp, lab] = domainViews(ctx);
  if (!corp || !lab) return;
  const localData = new Set(
    ctx.edges.filter((e) => ['AdminTo', 'CanRDP', 'CanPSRemote', 'ExecuteDCOM'].includes(e.kind)).map((e) => e.target),
  );
  const withData = (list: typeof corp.servers) => list.filter((c) => localData.has(c.objectid));
  const [from, ...targets] = withData(corp.servers);
  if (from) {
    const [a, b] = targets;
    if (a) ctx.addEdge(from, a, 'CanRDP');
    if (b) ctx.addEdge(from, b, 'ExecuteDCOM');
    if (a) ctx.addEdge(from, a, 'CanPSRemote');
    if (b) ctx.addEdge(from, b, 'AllowedToDelegate');
  }
  const operators = corp.group('SERVER ADMINS');
  const [s1, s2] = withData(corp.servers).slice(-2);
  if (s1) ctx.addEdge(operators, s1, 'ExecuteDCOM');
  if (s2) ctx.addEdge(operators, s2, 'CanPSRemote');

  // A CORP user administers a LAB server and may edit a LAB GPO.
  const lead = corp.people[3];
  const labServer = withData(lab.servers)[0];
  if (lead && labServer) ctx.addEdge(lead, labServer, 'AdminTo');
  const labGpo = ctx.nodes.find((n) => n.primaryKind === 'GPO' && n.domainSid === lab.domain.objectid);
  if (lead && labGpo) ctx.addEdge(lead, labGpo, 'GenericWrite');

  // Domain Admins control the first container of each domain.
  for (const v of [corp, lab]) {
    const container = ctx.nodes.find((n) => n.primaryKind === 'Container' && n.domainSid === v.domain.objectid);
    if (container) ctx.addEdge(v.group('DOMAIN ADMINS'), container, 'GenericAll');
  }

  // The AIA CA's certificate is signed by the root CA.
  const aia = ctx.nodes.find((n) => n.primaryKind === 'AIACA');
  const root = ctx.nodes.find((n) => n.primaryKind === 'RootCA');
  if (aia && root) ctx.addEdge(aia, root, 'IssuedSignedBy');
}
