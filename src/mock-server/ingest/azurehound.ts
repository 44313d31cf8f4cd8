/**
 * AzureHound's JSON (versions 5 and 6): `{ "meta": { "type": "azure", "version", "count" }, "data": [ { "kind",
 * "data" }, ... ] }`, `meta` before or after `data`. Each item becomes what upstream's ingest makes of its kind:
 * tenants, users, groups, apps, service principals, devices, roles, subscriptions, resource and management groups,
 * key vaults, virtual machines and the other Azure resources as nodes by upper-case object id (`AZUser`, `AZBase`),
 * their properties named as upstream names them; and the relationships the item states: containment (AZContains),
 * membership (AZMemberOf), ownership (AZOwns), the app a service principal runs as (AZRunsAs), Entra role
 * assignments (AZHasRole, or AZAppAdmin / AZCloudAppAdmin when scoped to one object), Azure role assignments by role
 * definition (AZOwner, AZUserAccessAdministrator, AZContributor, AZVMContributor, AZKeyVaultContributor, ...), key
 * vault access policies, role activation approvers (AZRoleApprover), managed identities and Microsoft Graph app
 * roles (AZMG...). Anything referred to but not
 * collected becomes a node with the kind the reference gives and no name. Kinds upstream does not read are skipped.
 *
 * The file is read as a stream (json-stream.ts): an item is converted as soon as it is read.
 */
import { IngestError, type IngestBatch, type IngestEdge, type IngestNode } from './batch';
import { CollectedJsonReader, lowerKeys } from './json-stream';

/** AzureHound format versions read. */
export const AZUREHOUND_VERSIONS = [5, 6] as const;

type Obj = Record<string, unknown>;

const ENTITY = 'AZBase';
const MS_GRAPH_APP_ID = '00000003-0000-0000-c000-000000000000';
const APPLICATION_ADMINISTRATOR = '9b895d92-2cd3-44c7-9d02-a6ac2d5ea5c3';
const CLOUD_APPLICATION_ADMINISTRATOR = '158c047a-c907-4556-b7ef-446551a6b5f7';
const PRIVILEGED_ROLE_ADMINISTRATOR = 'e8611ab8-c189-46e8-94e1-60213ab1f814';

/** Azure role definitions upstream turns into relationships, by id. */
const OWNER = '8e3af657-a8ff-443c-a75c-2fe8c4bcb635';
const USER_ACCESS_ADMIN = '18d7d88d-d35e-4fb5-a5c3-7773c20a72d9';
const CONTRIBUTOR = 'b24988ac-6180-42a0-ab88-20f7382dd24c';
const VM_CONTRIBUTOR = '9980e02c-c2be-4d73-94e8-173b1dc7cf3c';
const WEBSITE_CONTRIBUTOR = 'de139f84-1756-47ae-9be6-808fbbe84772';
const AUTOMATION_CONTRIBUTOR = 'f353d9bd-d4a6-484e-a77a-8050b599b867';
const LOGIC_APP_CONTRIBUTOR = '87a39d53-fc1b-424a-814c-f7e04687dc9e';
const AKS_CONTRIBUTOR = 'ed7f3fbd-7b88-4dd4-9017-9adb7ce333f8';
const KIND_BY_ROLE_DEFINITION: Record<string, string> = {
  [OWNER]: 'AZOwner',
  [USER_ACCESS_ADMIN]: 'AZUserAccessAdministrator',
  [CONTRIBUTOR]: 'AZContributor',
  [VM_CONTRIBUTOR]: 'AZVMContributor',
  [WEBSITE_CONTRIBUTOR]: 'AZWebsiteContributor',
  [AUTOMATION_CONTRIBUTOR]: 'AZAutomationContributor',
  [LOGIC_APP_CONTRIBUTOR]: 'AZLogicAppContributor',
  [AKS_CONTRIBUTOR]: 'AZAKSContributor',
};

/** Microsoft Graph app roles granted to a service principal, by app role id. */
const KIND_BY_APP_ROLE: Record<string, string> = {
  '1bfefb4e-e0b5-418b-a88f-73c46d2cc8e9': 'AZMGApplication_ReadWrite_All',
  '06b708a9-e830-4db3-a914-8e69da51d44f': 'AZMGAppRoleAssignment_ReadWrite_All',
  '19dbc75e-c2e2-444c-a770-ec69d8559fc7': 'AZMGDirectory_ReadWrite_All',
  '62a82d76-70ea-41e2-9197-370581804d09': 'AZMGGroup_ReadWrite_All',
  'dbaae8cf-10b5-4b86-a4a1-f871c94c6695': 'AZMGGroupMember_ReadWrite_All',
  '9e3f62cf-ca93-4989-b6ce-bf83c28f9fe8': 'AZMGRoleManagement_ReadWrite_Directory',
  '89c8469c-83ad-45f7-8ff2-6e3d4285709e': 'AZMGServicePrincipalEndpoint_ReadWrite_All',
};

/** Directory object types (`@odata.type`) an owner or member may have. */
const DIRECTORY_OBJECT_KINDS: Record<string, string> = {
  '#microsoft.graph.user': 'AZUser',
  '#microsoft.graph.group': 'AZGroup',
  '#microsoft.graph.serviceprincipal': 'AZServicePrincipal',
  '#microsoft.graph.device': 'AZDevice',
};

/**
 * Items that list Azure role assignments of one role on one resource: the resource's id field, the list and entry
 * fields, the resource's kind, the relationship, and whether an assignment on the resource's resource group counts.
 */
interface ResourceRoleKind {
  resource: string;
  list: string;
  entry: string;
  target: string;
  edge: string;
  resourceGroupScope?: boolean;
}
const vm = (list: string, entry: string, edge: string, resourceGroupScope = true): ResourceRoleKind => ({
  resource: 'virtualmachineid',
  list,
  entry,
  target: 'AZVM',
  edge,
  resourceGroupScope,
});
const RESOURCE_ROLE_KINDS: Record<string, ResourceRoleKind> = {
  AZSubscriptionOwner: { resource: 'subscriptionid', list: 'owners', entry: 'owner', target: 'AZSubscription', edge: 'AZOwner' },
  AZSubscriptionUserAccessAdmin: {
    resource: 'subscriptionid',
    list: 'useraccessadmins',
    entry: 'useraccessadmin',
    target: 'AZSubscription',
    edge: 'AZUserAccessAdministrator',
  },
  AZResourceGroupOwner: {
    resource: 'resourcegroupid',
    list: 'owners',
    entry: 'owner',
    target: 'AZResourceGroup',
    edge: 'AZOwner',
  },
  AZResourceGroupUserAccessAdmin: {
    resource: 'resourcegroupid',
    list: 'useraccessadmins',
    entry: 'useraccessadmin',
    target: 'AZResourceGroup',
    edge: 'AZUserAccessAdministrator',
  },
  AZManagementGroupOwner: {
    resource: 'managementgroupid',
    list: 'owners',
    entry: 'owner',
    target: 'AZManagementGroup',
    edge: 'AZOwner',
  },
  AZManagementGroupUserAccessAdmin: {
    resource: 'managementgroupid',
    list: 'useraccessadmins',
    entry: 'useraccessadmin',
    target: 'AZManagementGroup',
    edge: 'AZUserAccessAdministrator',
  },
  AZKeyVaultOwner: { resource: 'keyvaultid', list: 'owners', entry: 'owner', target: 'AZKeyVault', edge: 'AZOwner' },
  AZKeyVaultUserAccessAdmin: {
    resource: 'keyvaultid',
    list: 'useraccessadmins',
    entry: 'useraccessadmin',
    target: 'AZKeyVault',
    edge: 'AZUserAccessAdministrator',
  },
  AZKeyVaultContributor: {
    resource: 'keyvaultid',
    list: 'contributors',
    entry: 'contributor',
    target: 'AZKeyVault',
    edge: 'AZContributor',
  },
  AZKeyVaultKVContributor: {
    resource: 'keyvaultid',
    list: 'kvcontributors',
    entry: 'kvcontributor',
    target: 'AZKeyVault',
    edge: 'AZKeyVaultContributor',
  },
  AZVMOwner: vm('owners', 'owner', 'AZOwner'),
  AZVMUserAccessAdmin: vm('useraccessadmins', 'useraccessadmin', 'AZUserAccessAdministrator'),
  AZVMContributor: vm('contributors', 'contributor', 'AZContributor'),
  AZVMVMContributor: vm('vmcontributors', 'vmcontributor', 'AZVMContributor'),
  AZVMAvereContributor: vm('averecontributors', 'averecontributor', 'AZAvereContributor', false),
  AZVMAdminLogin: vm('adminlogins', 'adminlogin', 'AZVMAdminLogin'),
};

/** Azure resources read alike (name, tenant, resource group, managed identities) and the kind of their role assignments. */
const RESOURCES: Record<string, { roles: string; roleDefinitions: string[] }> = {
  AZVMScaleSet: { roles: 'AZVMScaleSetRoleAssignment', roleDefinitions: [VM_CONTRIBUTOR] },
  AZFunctionApp: { roles: 'AZFunctionAppRoleAssignment', roleDefinitions: [WEBSITE_CONTRIBUTOR] },
  AZWebApp: { roles: 'AZWebAppRoleAssignment', roleDefinitions: [WEBSITE_CONTRIBUTOR] },
  AZLogicApp: { roles: 'AZLogicAppRoleAssignment', roleDefinitions: [LOGIC_APP_CONTRIBUTOR] },
  AZAutomationAccount: { roles: 'AZAutomationAccountRoleAssignment', roleDefinitions: [AUTOMATION_CONTRIBUTOR] },
  AZContainerRegistry: { roles: 'AZContainerRegistryRoleAssignment', roleDefinitions: [] },
  AZManagedCluster: { roles: 'AZManagedClusterRoleAssignment', roleDefinitions: [AKS_CONTRIBUTOR] },
};
const RESOURCE_BY_ROLES = new Map(Object.entries(RESOURCES).map(([kind, r]) => [r.roles, kind] as const));

/** How the id fields are spelled in the file, for a reason naming a missing one. */
const ID_FIELDS: Record<string, string> = {
  id: 'id',
  tenantid: 'tenantId',
  appid: 'appId',
  groupid: 'groupId',
  serviceprincipalid: 'servicePrincipalId',
  deviceid: 'deviceId',
  principalid: 'principalId',
  resourceid: 'resourceId',
  objectid: 'objectId',
  roledefinitionid: 'roleDefinitionId',
  subscriptionid: 'subscriptionId',
  resourcegroupid: 'resourceGroupId',
  managementgroupid: 'managementGroupId',
  keyvaultid: 'keyVaultId',
  virtualmachineid: 'virtualMachineId',
};

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const up = (v: unknown): string => str(v).trim().toUpperCase();
const obj = (v: unknown): Obj => lowerKeys(v) ?? {};
/** A role definition id, whether given bare or as its resource path, lower-cased. */
const roleDefinitionOf = (v: unknown): string => str(v).trim().split('/').pop()!.toLowerCase();

/** A resource-group scope: `/subscriptions/<id>/resourceGroups/<name>`. */
const RESOURCE_GROUP_SCOPE = /^\/subscriptions\/[^/]+\/resourcegroups\/[^/]+$/i;

function withinScope(resource: string, scope: string, resourceGroupScope: boolean): boolean {
  const r = resource.toLowerCase();
  const s = scope.toLowerCase();
  if (r === s) return true;
  return resourceGroupScope && RESOURCE_GROUP_SCOPE.test(scope) && r.startsWith(`${s}/`);
}

/** Properties the item gives (absent and null ones left out). */
function defined(props: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(props)) if (v !== undefined && v !== null) out[k] = v;
  return out;
}

/** `displayName@tenantName` upper-cased, as upstream names most directory objects. */
const nameAt = (name: unknown, at: unknown): string => `${str(name)}@${str(at)}`.toUpperCase();

/** Converts one file's items into a batch. */
class AzureHoundConverter {
  readonly nodes = new Map<string, IngestNode>();
  readonly edges: IngestEdge[] = [];
  /** Kinds references gave to object ids the file does not collect (placeholders if nothing else has them). */
  private readonly referenced = new Map<string, string>();
  private readonly now: string;
  private where = '';

  constructor(now: Date) {
    this.now = now.toISOString();
  }

  convert(raw: unknown, index: number): void {
    const item = lowerKeys(raw);
    if (!item) throw new IngestError(`data[${index}] is not an object`);
    const kind = str(item.kind).trim();
    if (!kind) throw new IngestError(`data[${index}] has no "kind"`);
    this.where = `data[${index}] (${kind})`;
    const data = lowerKeys(item.data);
    if (!data) throw new IngestError(`${this.where}: "data" must be an object`);
    const roles = RESOURCE_ROLE_KINDS[kind];
    if (roles) return this.resourceRoles(data, roles);
    if (kind in RESOURCES) return this.resource(data, kind);
    const rolesOf = RESOURCE_BY_ROLES.get(kind);
    if (rolesOf) return this.resourceRoleAssignments(data, rolesOf);
    switch (kind) {
      case 'AZTenant':
        return this.tenant(data);
      case 'AZUser':
        return this.user(data);
      case 'AZGroup':
        return this.group(data);
      case 'AZGroupMember':
        return this.directoryObjects(data, 'groupid', 'members', 'member', 'AZGroup', 'AZMemberOf');
      case 'AZGroupOwner':
        return this.directoryObjects(data, 'groupid', 'owners', 'owner', 'AZGroup', 'AZOwns');
      case 'AZAppOwner':
        return this.directoryObjects(data, 'appid', 'owners', 'owner', 'AZApp', 'AZOwns');
      case 'AZServicePrincipalOwner':
        return this.directoryObjects(data, 'serviceprincipalid', 'owners', 'owner', 'AZServicePrincipal', 'AZOwns');
      case 'AZDeviceOwner':
        return this.directoryObjects(data, 'deviceid', 'owners', 'owner', 'AZDevice', 'AZOwns');
      case 'AZApp':
        return this.app(data);
      case 'AZServicePrincipal':
        return this.servicePrincipal(data);
      case 'AZDevice':
        return this.device(data);
      case 'AZRole':
        return this.role(data);
      case 'AZRoleAssignment':
        return this.roleAssignments(data);
      case 'AZRoleManagementPolicyAssignment':
        return this.rolePolicy(data);
      case 'AZAppRoleAssignment':
        return this.appRoleAssignment(data);
      case 'AZSubscription':
        return this.subscription(data);
      case 'AZResourceGroup':
        return this.resourceGroup(data);
      case 'AZManagementGroup':
        return this.managementGroup(data);
      case 'AZManagementGroupDescendant':
        return this.managementGroupDescendant(data);
      case 'AZKeyVault':
        return this.keyVault(data);
      case 'AZKeyVaultAccessPolicy':
        return this.keyVaultAccessPolicy(data);
      case 'AZVM':
        return this.virtualMachine(data);
      default:
      // Not a kind upstream reads: skipped.
    }
  }

  /** The upper-case id in `field`, failing the file when it is missing. */
  private required(data: Obj, field: string): string {
    const id = up(data[field]);
    if (!id) throw new IngestError(`${this.where}: it has no "${ID_FIELDS[field] ?? field}"`);
    return id;
  }

  /** A node the item collects (`collected`: stamped with `lastcollected`), its properties merged over what is known. */
  private node(objectid: string, kind: string, props: Obj, collected = true): void {
    const full = { ...defined(props), objectid, ...(collected ? { lastcollected: this.now } : {}) };
    const existing = this.nodes.get(objectid);
    if (existing) {
      Object.assign(existing.props, full);
      if (!existing.kinds.includes(kind)) existing.kinds.unshift(kind);
    } else this.nodes.set(objectid, { objectid, kinds: [kind, ENTITY], props: full });
  }

  /** A node another item describes in part (an app a service principal names): fills only what is not known. */
  private partialNode(objectid: string, kind: string, props: Obj): void {
    if (!objectid) return;
    const existing = this.nodes.get(objectid);
    if (existing) {
      for (const [k, v] of Object.entries(defined(props))) if (!(k in existing.props)) existing.props[k] = v;
      if (!existing.kinds.includes(kind)) existing.kinds.unshift(kind);
    } else this.nodes.set(objectid, { objectid, kinds: [kind, ENTITY], props: { ...defined(props), objectid } });
  }

  private edge(source: string, sourceKind: string, target: string, targetKind: string, kind: string, props: Obj = {}) {
    if (!source || !target) return;
    if (!this.referenced.has(source)) this.referenced.set(source, sourceKind);
    if (!this.referenced.has(target)) this.referenced.set(target, targetKind);
    this.edges.push({ source: { objectid: source }, target: { objectid: target }, kind, props });
  }

  private contains(container: unknown, containerKind: string, objectid: string, kind: string): void {
    this.edge(up(container), containerKind, objectid, kind, 'AZContains');
  }

  private tenant(data: Obj): void {
    const objectid = this.required(data, 'tenantid');
    this.node(objectid, 'AZTenant', {
      name: up(data.displayname),
      displayname: data.displayname,
      tenantid: objectid,
      ...(data.collected === true ? { collected: true } : {}),
    });
  }

  private user(data: Obj): void {
    const objectid = this.required(data, 'id');
    this.node(objectid, 'AZUser', {
      name: up(data.userprincipalname),
      enabled: data.accountenabled,
      whencreated: data.createddatetime,
      displayname: data.displayname,
      title: data.jobtitle,
      pwdlastset: data.lastpasswordchangedatetime,
      email: data.mail,
      onpremid: data.onpremisessecurityidentifier,
      onpremsyncenabled: data.onpremisessyncenabled,
      userprincipalname: data.userprincipalname,
      usertype: data.usertype,
      tenantid: up(data.tenantid),
    });
    this.contains(data.tenantid, 'AZTenant', objectid, 'AZUser');
  }

  private group(data: Obj): void {
    const objectid = this.required(data, 'id');
    this.node(objectid, 'AZGroup', {
      name: nameAt(data.displayname, data.tenantname),
      whencreated: data.createddatetime,
      description: data.description,
      displayname: data.displayname,
      isassignabletorole: data.isassignabletorole,
      onpremid: data.onpremisessecurityidentifier,
      onpremsyncenabled: data.onpremisessyncenabled,
      securityenabled: data.securityenabled,
      securityidentifier: data.securityidentifier,
      tenantid: up(data.tenantid),
    });
    this.contains(data.tenantid, 'AZTenant', objectid, 'AZGroup');
  }

  /** Members or owners (directory objects of a known type) of one object: a relationship from each to it. */
  private directoryObjects(data: Obj, idField: string, listField: string, entryField: string, kind: string, edge: string) {
    const target = this.required(data, idField);
    for (const raw of list(data[listField])) {
      const entry = obj(obj(raw)[entryField]);
      const id = up(entry.id);
      const type = DIRECTORY_OBJECT_KINDS[str(entry['@odata.type']).toLowerCase()];
      if (id && type) this.edge(id, type, target, kind, edge);
    }
  }

  private app(data: Obj): void {
    const objectid = this.required(data, 'appid');
    this.node(objectid, 'AZApp', {
      name: nameAt(data.displayname, data.publisherdomain),
      description: data.description,
      displayname: data.displayname,
      whencreated: data.createddatetime,
      appid: data.appid,
      publisherdomain: data.publisherdomain,
      signinaudience: data.signinaudience,
      tenantid: up(data.tenantid),
    });
    this.contains(data.tenantid, 'AZTenant', objectid, 'AZApp');
  }

  private servicePrincipal(data: Obj): void {
    const objectid = this.required(data, 'id');
    this.node(objectid, 'AZServicePrincipal', {
      name: nameAt(data.displayname, data.tenantname),
      enabled: data.accountenabled,
      displayname: data.displayname,
      description: data.description,
      appownerorganizationid: data.appownerorganizationid,
      appdescription: data.appdescription,
      appdisplayname: data.appdisplayname,
      loginurl: data.loginurl,
      serviceprincipaltype: data.serviceprincipaltype,
      tenantid: up(data.tenantid),
    });
    const app = up(data.appid);
    this.partialNode(app, 'AZApp', { displayname: data.appdisplayname, tenantid: up(data.appownerorganizationid) });
    this.edge(app, 'AZApp', objectid, 'AZServicePrincipal', 'AZRunsAs');
    this.contains(data.tenantid, 'AZTenant', objectid, 'AZServicePrincipal');
  }

  private device(data: Obj): void {
    const objectid = this.required(data, 'id');
    this.node(objectid, 'AZDevice', {
      name: nameAt(data.displayname, data.tenantname),
      displayname: data.displayname,
      operatingsystem: data.operatingsystem,
      deviceid: data.deviceid,
      operatingsystemversion: data.operatingsystemversion,
      // Upstream's property name.
      trustype: data.trusttype,
      tenantid: up(data.tenantid),
    });
    this.contains(data.tenantid, 'AZTenant', objectid, 'AZDevice');
  }

  /** Entra roles are per tenant: `ROLEID@TENANTID`. */
  private role(data: Obj): void {
    const id = this.required(data, 'id');
    const tenant = this.required(data, 'tenantid');
    const objectid = `${id}@${tenant}`;
    this.node(objectid, 'AZRole', {
      name: nameAt(data.displayname, data.tenantname),
      description: data.description,
      displayname: data.displayname,
      enabled: data.isenabled,
      isbuiltin: data.isbuiltin,
      templateid: data.templateid,
      tenantid: tenant,
    });
    this.contains(tenant, 'AZTenant', objectid, 'AZRole');
  }

  /**
   * Entra role assignments: AZHasRole from the principal to the tenant's role (with the scope), except that the
   * application administrator roles scoped to one object become AZAppAdmin / AZCloudAppAdmin to that object.
   */
  private roleAssignments(data: Obj): void {
    const tenant = this.required(data, 'tenantid');
    for (const raw of list(data.roleassignments)) {
      const a = obj(raw);
      const definition = str(a.roledefinitionid).trim();
      const principal = up(a.principalid);
      if (!definition || !principal) continue;
      const directoryScope = str(a.directoryscopeid).trim();
      const tenantWide = directoryScope === '/' || directoryScope === '';
      const scope = tenantWide ? tenant : directoryScope.slice(1).toUpperCase();
      const admin =
        definition === APPLICATION_ADMINISTRATOR
          ? 'AZAppAdmin'
          : definition === CLOUD_APPLICATION_ADMINISTRATOR
            ? 'AZCloudAppAdmin'
            : null;
      if (admin && !tenantWide) this.edge(principal, ENTITY, scope, ENTITY, admin);
      else this.edge(principal, ENTITY, `${definition.toUpperCase()}@${tenant}`, 'AZRole', 'AZHasRole', { scope });
    }
  }

  /**
   * A role's activation policy: its properties on the tenant's role, and when activation needs approval, AZRoleApprover
   * from each approving user and group (from the tenant's Privileged Role Administrator role when none is named).
   */
  private rolePolicy(data: Obj): void {
    const definition = this.required(data, 'roledefinitionid');
    const tenant = this.required(data, 'tenantid');
    const objectid = `${definition}@${tenant}`;
    const flag = (field: string) => data[field] === true;
    const ids = (field: string) => list(data[field]).map(up).filter(Boolean);
    const users = ids('enduserassignmentuserapprovers');
    const groups = ids('enduserassignmentgroupapprovers');
    this.node(
      objectid,
      'AZRole',
      {
        roledefinitionid: definition,
        tenantid: tenant,
        enduserassignmentrequiresapproval: flag('enduserassignmentrequiresapproval'),
        enduserassignmentrequirescapauthenticationcontext: flag('enduserassignmentrequirescapauthenticationcontext'),
        enduserassignmentuserapprovers: users,
        enduserassignmentgroupapprovers: groups,
        enduserassignmentrequiresmfa: flag('enduserassignmentrequiresmfa'),
        enduserassignmentrequiresjustification: flag('enduserassignmentrequiresjustification'),
        enduserassignmentrequiresticketinformation: flag('enduserassignmentrequiresticketinformation'),
      },
      false,
    );
    if (!flag('enduserassignmentrequiresapproval')) return;
    for (const user of users) this.edge(user, 'AZUser', objectid, 'AZRole', 'AZRoleApprover');
    for (const group of groups) this.edge(group, 'AZGroup', objectid, 'AZRole', 'AZRoleApprover');
    if (users.length === 0 && groups.length === 0) {
      const admins = `${PRIVILEGED_ROLE_ADMINISTRATOR.toUpperCase()}@${tenant}`;
      this.edge(admins, 'AZRole', objectid, 'AZRole', 'AZRoleApprover');
    }
  }

  /** Microsoft Graph app roles held by a service principal: AZMG... to Microsoft Graph's service principal. */
  private appRoleAssignment(data: Obj): void {
    if (str(data.appid).toLowerCase() !== MS_GRAPH_APP_ID || str(data.principaltype) !== 'ServicePrincipal') return;
    const principal = this.required(data, 'principalid');
    const resource = this.required(data, 'resourceid');
    const tenantid = up(data.tenantid);
    this.partialNode(principal, 'AZServicePrincipal', { displayname: up(data.principaldisplayname), tenantid });
    this.partialNode(resource, 'AZServicePrincipal', { displayname: up(data.resourcedisplayname), tenantid });
    const kind = KIND_BY_APP_ROLE[str(data.approleid).toLowerCase()];
    if (kind) this.edge(principal, 'AZServicePrincipal', resource, 'AZServicePrincipal', kind);
  }

  private subscription(data: Obj): void {
    const objectid = this.required(data, 'id');
    this.node(objectid, 'AZSubscription', {
      name: up(data.displayname),
      displayname: data.displayname,
      tenantid: up(data.tenantid),
    });
    this.contains(data.tenantid, 'AZTenant', objectid, 'AZSubscription');
  }

  private resourceGroup(data: Obj): void {
    const objectid = this.required(data, 'id');
    this.node(objectid, 'AZResourceGroup', { name: up(data.name), tenantid: up(data.tenantid) });
    this.contains(data.subscriptionid, 'AZSubscription', objectid, 'AZResourceGroup');
  }

  private managementGroup(data: Obj): void {
    const objectid = this.required(data, 'id');
    this.node(objectid, 'AZManagementGroup', {
      name: nameAt(obj(data.properties).displayname, data.tenantname),
      tenantid: up(data.tenantid),
    });
    this.contains(data.tenantid, 'AZTenant', objectid, 'AZManagementGroup');
  }

  private managementGroupDescendant(data: Obj): void {
    const objectid = this.required(data, 'id');
    this.contains(obj(obj(data.properties).parent).id, 'AZManagementGroup', objectid, ENTITY);
  }

  private keyVault(data: Obj): void {
    const objectid = this.required(data, 'id');
    this.node(objectid, 'AZKeyVault', {
      name: up(data.name),
      enablerbacauthorization: obj(data.properties).enablerbacauthorization,
      tenantid: up(data.tenantid),
    });
    this.contains(data.resourcegroup, 'AZResourceGroup', objectid, 'AZKeyVault');
  }

  /** An access policy granting `Get` on certificates, keys or secrets: AZGetCertificates, AZGetKeys, AZGetSecrets. */
  private keyVaultAccessPolicy(data: Obj): void {
    const vault = this.required(data, 'keyvaultid');
    const principal = up(data.objectid);
    const permissions = obj(data.permissions);
    for (const [field, kind] of [
      ['certificates', 'AZGetCertificates'],
      ['keys', 'AZGetKeys'],
      ['secrets', 'AZGetSecrets'],
    ] as const) {
      if (list(permissions[field]).includes('Get')) this.edge(principal, ENTITY, vault, 'AZKeyVault', kind);
    }
  }

  /** The service principals a resource runs as: its system-assigned identity and the user-assigned ones. */
  private managedIdentities(data: Obj, objectid: string, kind: string): void {
    const identity = obj(data.identity);
    this.edge(objectid, kind, up(identity.principalid), 'AZServicePrincipal', 'AZManagedIdentity');
    const assigned = lowerKeys(identity.userassignedidentities) ?? {};
    for (const raw of Object.values(assigned)) {
      const u = obj(raw);
      if (str(u.clientid)) this.edge(objectid, kind, up(u.principalid), 'AZServicePrincipal', 'AZManagedIdentity');
    }
  }

  private virtualMachine(data: Obj): void {
    const objectid = this.required(data, 'id');
    const properties = obj(data.properties);
    this.node(objectid, 'AZVM', {
      name: up(data.name),
      operatingsystem: obj(obj(obj(properties.storageprofile).osdisk)).ostype,
      tenantid: up(data.tenantid),
    });
    this.contains(data.resourcegroupid, 'AZResourceGroup', objectid, 'AZVM');
    this.managedIdentities(data, objectid, 'AZVM');
  }

  private resource(data: Obj, kind: string): void {
    const objectid = this.required(data, 'id');
    let nodeResourceGroup = '';
    if (kind === 'AZManagedCluster') {
      const group = str(obj(data.properties).noderesourcegroup);
      nodeResourceGroup = `/subscriptions/${str(data.subscriptionid)}/resourcegroups/${group}`.toUpperCase();
    }
    this.node(objectid, kind, {
      name: up(data.name),
      tenantid: up(data.tenantid),
      ...(nodeResourceGroup ? { noderesourcegroupid: nodeResourceGroup } : {}),
    });
    this.contains(data.resourcegroupid, 'AZResourceGroup', objectid, kind);
    if (nodeResourceGroup) this.edge(objectid, kind, nodeResourceGroup, 'AZResourceGroup', 'AZNodeResourceGroup');
    if (kind !== 'AZManagedCluster') this.managedIdentities(data, objectid, kind);
  }

  /** Role assignments on one resource, each naming its role definition: Owner, User Access Administrator, ... */
  private resourceRoleAssignments(data: Obj, kind: string): void {
    const target = this.required(data, 'objectid');
    const allowed = new Set([OWNER, USER_ACCESS_ADMIN, CONTRIBUTOR, ...RESOURCES[kind]!.roleDefinitions]);
    for (const raw of list(data.roleassignments)) {
      const a = obj(raw);
      const assignee = obj(obj(a.assignee).properties);
      const definition = roleDefinitionOf(a.roledefinitionid || assignee.roledefinitionid);
      if (!allowed.has(definition)) continue;
      if (!withinScope(str(a.objectid) || target, str(assignee.scope), false)) continue;
      this.edge(up(assignee.principalid), ENTITY, target, kind, KIND_BY_ROLE_DEFINITION[definition]!);
    }
  }

  /** Assignments of one Azure role on one resource (each scoped to it, or to its resource group where that counts). */
  private resourceRoles(data: Obj, kind: ResourceRoleKind): void {
    const resource = str(data[kind.resource]).trim();
    const target = this.required(data, kind.resource);
    for (const raw of list(data[kind.list])) {
      const assignment = obj(obj(raw)[kind.entry]);
      const properties = obj(assignment.properties);
      if (!withinScope(resource, str(properties.scope), kind.resourceGroupScope === true)) continue;
      this.edge(up(properties.principalid), ENTITY, target, kind.target, kind.edge);
    }
  }

  /** The batch: placeholders for what was referred to but not collected. */
  batch(): IngestBatch {
    for (const [objectid, kind] of this.referenced) {
      if (!this.nodes.has(objectid)) {
        this.nodes.set(objectid, { objectid, kinds: kind === ENTITY ? [ENTITY] : [kind, ENTITY], props: { objectid } });
      }
    }
    return { sourceKind: 'Azure', nodes: [...this.nodes.values()], edges: this.edges, deleted: [] };
  }
}

function checkMeta(meta: unknown): void {
  const m = lowerKeys(meta);
  if (!m) throw new IngestError('"meta" must be an object with "type" and "version"');
  if (str(m.type).toLowerCase() !== 'azure') {
    throw new IngestError(`"meta.type" of an AzureHound file is "azure", not ${JSON.stringify(m.type ?? null)}`);
  }
  const version = m.version;
  if (typeof version !== 'number' || !(AZUREHOUND_VERSIONS as readonly number[]).includes(version)) {
    throw new IngestError(
      `"meta.version" ${JSON.stringify(version ?? null)} is not a format read here; AzureHound writes versions ${AZUREHOUND_VERSIONS.join(' and ')}`,
    );
  }
}

/** An AzureHound JSON file as a batch (throws an IngestError naming where the file is wrong). */
export async function parseAzureHound(chunks: AsyncIterable<Uint8Array>, now: Date = new Date()): Promise<IngestBatch> {
  const converter = new AzureHoundConverter(now);
  let metaSeen = false;
  const reader = new CollectedJsonReader({
    onMeta: (meta) => {
      if (metaSeen) throw new IngestError('"meta" is given twice');
      metaSeen = true;
      checkMeta(meta);
    },
    onItem: (item, index) => converter.convert(item, index),
  });
  for await (const chunk of chunks) reader.write(chunk);
  reader.end();
  if (reader.rootKind !== 'object') throw new IngestError('an AzureHound file is a JSON object with "meta" and "data"');
  if (!metaSeen) throw new IngestError('it has no "meta" object, so its format version is unknown');
  if (reader.rootKeys.get('data') !== 'array') throw new IngestError('it has no "data" list');
  return converter.batch();
}
