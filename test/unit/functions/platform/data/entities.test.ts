import { describe, expect, it, vi } from 'vitest';
import { entities } from '../../../../../functions/platform/data/service.js';
import { table } from '../../../../../functions/platform/data/table.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
});

type Params = {
  TableName?: string;
  IndexName?: string;
  KeyConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
  Item?: Record<string, unknown>;
  Key?: Record<string, unknown>;
  ConditionExpression?: string;
  ScanIndexForward?: boolean;
};

/** The key condition of a query as {index, pk, sk prefix or value}. */
function keyOf(p: Params) {
  const names = p.ExpressionAttributeNames ?? {};
  const values = p.ExpressionAttributeValues ?? {};
  return {
    table: p.TableName,
    index: p.IndexName ?? 'table',
    pkField: names['#pk'],
    pk: values[':pk'],
    skField: names['#sk1'],
    sk: values[':sk1'],
    op: p.KeyConditionExpression?.includes('begins_with') ? 'begins' : '=',
  };
}

const gsiFields = new Set(
  table.globalSecondaryIndexes.flatMap((g) => [g.indexName, g.partitionKey, g.sortKey]),
);

describe('entity keys map onto the generic table keys', () => {
  it('every index of every entity uses pk/sk or one of the table GSIs', () => {
    for (const [name, entity] of Object.entries(entities)) {
      const indexes = (
        entity.schema as {
          indexes: Record<string, { index?: string; pk: { field: string }; sk?: { field: string } }>;
        }
      ).indexes;
      for (const [access, def] of Object.entries(indexes)) {
        if (def.index === undefined) {
          expect([def.pk.field, def.sk?.field], `${name}.${access}`).toEqual(['pk', 'sk']);
        } else {
          expect(gsiFields.has(def.index), `${name}.${access}`).toBe(true);
          expect(def.pk.field, `${name}.${access}`).toBe(`${def.index}pk`);
          expect(def.sk?.field, `${name}.${access}`).toBe(`${def.index}sk`);
        }
      }
    }
  });
});

describe('user', () => {
  it('U1 get by id', () => {
    expect(entities.user.get({ userId: 'Sub-1' }).params()).toEqual({
      TableName: 'portal-table',
      Key: { pk: '$portal#userId_Sub-1', sk: '$user_1' },
    });
  });
  it('U2 by email (lower-cased on write and query)', () => {
    expect(keyOf(entities.user.query.byEmail({ email: 'ana@example.nz' }).params())).toMatchObject({
      index: 'gsi1',
      pk: '$portal#email_ana@example.nz',
    });
    const put = entities.user
      .create({ userId: 'u1', username: 'u1', email: ' Ana@Example.NZ ' })
      .params() as Params;
    expect(put.Item).toMatchObject({
      email: 'ana@example.nz',
      gsi1pk: '$portal#email_ana@example.nz',
      emailPreference: true,
    });
    expect(put.ConditionExpression).toContain('attribute_not_exists(#pk)');
  });
});

describe('organisation', () => {
  it('O2 members of an organisation; O3 membership of a user', () => {
    expect(
      keyOf(entities.organisationMember.query.byOrganisation({ organisationId: 'o1' }).params()),
    ).toMatchObject({
      index: 'table',
      pk: '$portal#organisationId_o1',
      sk: '$organisation#organisationMember_1#userId_',
      op: 'begins',
    });
    expect(keyOf(entities.organisationMember.query.byUser({ userId: 'u1' }).params())).toMatchObject({
      index: 'gsi1',
      pk: '$portal#userId_u1',
    });
  });
  it('O4 organisation with members is one collection query', () => {
    const p = entities.organisation.query.byId({ organisationId: 'o1' }).params() as Params;
    expect(p.Key ?? keyOf(p)).toMatchObject({ pk: '$portal#organisationId_o1' });
  });
  it('I2/I3 invitations from an organisation and to an email', () => {
    expect(
      keyOf(entities.organisationInvitation.query.byOrganisation({ organisationId: 'o1' }).params()),
    ).toMatchObject({
      index: 'gsi1',
      pk: '$portal#organisationId_o1',
    });
    expect(
      keyOf(entities.organisationInvitation.query.byEmail({ email: 'bob@example.nz' }).params()),
    ).toMatchObject({
      index: 'gsi2',
      pk: '$portal#email_bob@example.nz',
    });
  });
  it('M2/M3 merge invitations sent and received', () => {
    expect(keyOf(entities.mergeInvitation.query.byInviter({ organisationId: 'o1' }).params())).toMatchObject({
      index: 'gsi1',
    });
    expect(
      keyOf(entities.mergeInvitation.query.byInvitee({ inviteeOrganisationId: 'o2' }).params()),
    ).toMatchObject({
      index: 'gsi2',
      pk: '$portal#inviteeOrganisationId_o2',
    });
  });
  it('R2 registered-applicant invitations by status; R3 by authority', () => {
    expect(
      keyOf(
        entities.registeredApplicantInvitation.query.byEmail({ email: 'a@b.nz', status: 'Pending' }).params(),
      ),
    ).toMatchObject({
      index: 'gsi1',
      pk: '$portal#email_a@b.nz',
      sk: '$registeredApplicantInvitation_1#status_Pending#sendingDate_',
      op: 'begins',
    });
    // R3: an authority's invitations (the council's list).
    expect(
      keyOf(entities.registeredApplicantInvitation.query.byAuthority({ authorityId: 'wcc' }).params()),
    ).toMatchObject({ index: 'gsi2', pk: '$portal#authorityId_wcc', op: 'begins' });
  });
  it('C1 contacts of an organisation; C3 by last used', () => {
    expect(keyOf(entities.contact.query.byOrganisation({ organisationId: 'o1' }).params())).toMatchObject({
      pk: '$portal#organisationId_o1',
      sk: '$contact_1#contactId_',
    });
    expect(
      keyOf(entities.contact.query.byLastUsed({ organisationId: 'o1' }).params({ order: 'desc' })),
    ).toMatchObject({ index: 'gsi1' });
  });
});

describe('application', () => {
  it('A2 an application and its items share one partition (collection "application")', () => {
    const pk = '$portal#applicationId_a1';
    const items = [
      entities.application
        .put({
          applicationId: 'a1',
          authorityId: 'x',
          jurisdictionId: 'j',
          formId: 'f',
          userId: 'u',
          etag: 'e1',
          startedDate: 's',
          modifiedDate: 'm',
        })
        .params(),
      entities.participant.put({ applicationId: 'a1', participantId: 'p1', modifiedDate: 'm' }).params(),
      entities.applicationDocument
        .put({
          applicationId: 'a1',
          documentName: 'Plan.pdf',
          objectKey: 'documents/a1/Plan.pdf',
          fileName: 'Plan.pdf',
          fileType: 'application/pdf',
          fileSize: 7000,
        })
        .params(),
      entities.documentContainerRelation.put({ applicationId: 'a1', documentContainerId: 'c1' }).params(),
      entities.applicationChild
        .put({ applicationId: 'a1', childApplicationId: 'a2', applicationType: 'Amendment' })
        .params(),
      entities.rfiPoint.put({ applicationId: 'a1', rfiPointId: 'r1' }).params(),
      entities.payment
        .put({
          applicationId: 'a1',
          paymentId: 'pay1',
          authorityId: 'wcc',
          description: 'Building levy',
          reference: 'INV-1',
          baseCents: 10000,
          issuedDate: '2026-11-27',
          options: [],
        })
        .params(),
    ] as Params[];
    for (const p of items) {
      expect(p.Item?.pk).toBe(pk);
      expect(String(p.Item?.sk)).toMatch(/^\$application#/);
    }
    expect(items.map((p) => p.Item?.sk)).toEqual([
      '$application#application_1',
      '$application#participant_1#participantId_p1',
      '$application#applicationDocument_1#documentName_Plan.pdf',
      '$application#documentContainerRelation_1#documentContainerId_c1',
      '$application#applicationChild_1#childApplicationId_a2',
      '$application#rfiPoint_1#rfiPointId_r1',
      '$application#payment_1#paymentId_pay1',
    ]);
    const q = entities.application.query.byId({ applicationId: 'a1' }).params() as Params;
    expect(keyOf(q)).toMatchObject({ pk });
  });

  it("L1/L2 a user's list entries sorted by visibility then modified date; L4 sparse outstanding index", () => {
    const put = entities.applicationAccess
      .put({
        applicationId: 'a1',
        userId: 'u1',
        accessLevel: 'Manage',
        recordType: 'Draft',
        modifiedDate: '2025-03-01T00:00:00.000Z',
        status: 'Draft',
      })
      .params() as Params;
    expect(put.Item).toMatchObject({
      pk: '$portal#applicationId_a1',
      sk: '$application#applicationAccess_1#userId_u1',
      gsi1pk: '$portal#userId_u1',
      gsi1sk: '$applicationAccess_1#visibility_visible#modifiedDate_2025-03-01T00:00:00.000Z',
      gsi2pk: '$portal#userId_u1#recordType_Draft',
      gsi2sk: '$applicationAccess_1#visibility_visible#modifiedDate_2025-03-01T00:00:00.000Z',
    });
    expect(put.Item).not.toHaveProperty('gsi3pk');
    const outstanding = entities.applicationAccess
      .put({
        applicationId: 'a1',
        userId: 'u1',
        accessLevel: 'Manage',
        recordType: 'Consent',
        modifiedDate: 'm',
        status: 'InProgress',
        hasOutstandingActions: true,
      })
      .params() as Params;
    expect(outstanding.Item).toMatchObject({
      gsi3pk: '$portal#userId_u1',
      gsi3sk: '$applicationAccess_1#modifiedDate_m',
    });

    const tab = entities.applicationAccess.query
      .byUserRecordType({ userId: 'u1', recordType: 'Consent', visibility: 'visible' })
      .params({ order: 'desc', limit: 10 }) as Params;
    expect(keyOf(tab)).toMatchObject({
      index: 'gsi2',
      pk: '$portal#userId_u1#recordType_Consent',
      sk: '$applicationAccess_1#visibility_visible#modifiedDate_',
      op: 'begins',
    });
    expect(tab.ScanIndexForward).toBe(false);
    expect(
      keyOf(entities.applicationAccess.query.byUser({ userId: 'u1', visibility: 'hidden' }).params()),
    ).toMatchObject({
      index: 'gsi1',
      sk: '$applicationAccess_1#visibility_hidden#modifiedDate_',
    });
    expect(
      keyOf(entities.applicationAccess.query.byUserOutstanding({ userId: 'u1' }).params()),
    ).toMatchObject({ index: 'gsi3' });
  });

  it('S1–S3 search entries within an authority by prefix', () => {
    expect(
      keyOf(
        entities.applicationSearch.query
          .byValue({ authorityId: 'auth-1', kind: 'address' })
          .begins({ value: '12 main' })
          .params(),
      ),
    ).toMatchObject({
      index: 'table',
      pk: '$portal#authorityId_auth-1#kind_address',
      sk: '$applicationSearch_1#value_12 main',
      op: 'begins',
    });
    expect(
      keyOf(
        entities.applicationSearch.query
          .byValue({ authorityId: 'all', kind: 'applicationNumber', value: 'bld123' })
          .params(),
      ),
    ).toMatchObject({
      pk: '$portal#authorityId_all#kind_applicationNumber',
      sk: '$applicationSearch_1#value_bld123#applicationId_',
    });
  });

  it('P3 participants by email is sparse; P4 guards are conditional creates', () => {
    const noEmail = entities.participant
      .put({ applicationId: 'a1', participantId: 'p1', modifiedDate: 'm' })
      .params() as Params;
    expect(noEmail.Item).not.toHaveProperty('gsi1pk');
    const withEmail = entities.participant
      .put({ applicationId: 'a1', participantId: 'p2', modifiedDate: 'm', email: 'Bob@Example.nz' })
      .params() as Params;
    expect(withEmail.Item).toMatchObject({ email: 'bob@example.nz', gsi1pk: '$portal#email_bob@example.nz' });
    const guard = entities.applicationConstraint
      .create({ applicationId: 'a1', kind: 'participantEmail', value: 'bob@example.nz', participantId: 'p2' })
      .params() as Params;
    expect(guard.Item).toMatchObject({
      pk: '$portal#applicationId_a1',
      sk: '$applicationConstraint_1#kind_participantEmail#value_bob@example.nz',
    });
    expect(guard.ConditionExpression).toContain('attribute_not_exists(#pk)');
  });

  it('H1/H2 history newest first, and by entity', () => {
    expect(
      keyOf(
        entities.history.query
          .byEntity({ applicationId: 'a1', entityType: 'PARTICIPANT', entityId: 'p1' })
          .params({ order: 'desc' }),
      ),
    ).toMatchObject({
      index: 'gsi1',
      pk: '$portal#applicationId_a1#entityType_PARTICIPANT#entityId_p1',
    });
  });

  it('application edits are conditional on the etag', () => {
    const p = entities.application
      .patch({ applicationId: 'a1' })
      .set({ description: 'New', etag: 'e2' })
      .where((attr, op) => op.eq(attr.etag, 'e1'))
      .params() as Params;
    expect(p.ConditionExpression).toContain('#etag = :etag');
    expect(Object.values(p.ExpressionAttributeValues ?? {})).toContain('e1');
  });
});

describe('documents', () => {
  it('D3 by S3 object key keeps the case and spaces', () => {
    expect(
      keyOf(
        entities.applicationDocument.query.byObjectKey({ objectKey: 'documents/A1/Site Plan.PDF' }).params(),
      ),
    ).toMatchObject({
      index: 'gsi1',
      pkField: 'gsi1pk',
      pk: '$portal#objectKey_documents/A1/Site Plan.PDF',
      sk: '$applicationDocument_1',
    });
  });
  it('D5/D6 tags and types of a document; D7 tags of a user', () => {
    expect(
      keyOf(
        entities.documentTagRelation.query
          .byDocument({ applicationId: 'a1', documentName: 'Plan.pdf' })
          .params(),
      ),
    ).toMatchObject({
      sk: '$application#documentTagRelation_1#documentName_Plan.pdf#documentTagId_',
    });
    expect(
      keyOf(
        entities.documentTypeRelation.query
          .byDocument({ applicationId: 'a1', documentName: 'Plan.pdf' })
          .params(),
      ),
    ).toMatchObject({
      sk: '$application#documentTypeRelation_1#documentName_Plan.pdf#documentTypeId_',
    });
    expect(keyOf(entities.documentTag.query.byUser({ userId: '0' }).params())).toMatchObject({
      pk: '$portal#userId_0',
    });
  });
});

describe('access requests', () => {
  it('AR1–AR4 by guid, requester, owner and application', () => {
    const put = entities.accessRequest
      .put({
        requestGuid: 'g1',
        applicationId: 'a1',
        requesterId: 'u2',
        ownerId: 'u1',
        createdDate: '2025-01-01T00:00:00.000Z',
        expireTime: '2025-01-08T00:00:00.000Z',
      })
      .params() as Params;
    expect(put.Item).toMatchObject({
      pk: '$portal#requestGuid_g1',
      gsi1pk: '$portal#requesterId_u2',
      gsi2pk: '$portal#ownerId_u1',
      gsi3pk: '$portal#applicationId_a1',
      status: 'PENDING',
    });
    expect(keyOf(entities.accessRequest.query.byOwner({ ownerId: 'u1' }).params())).toMatchObject({
      index: 'gsi2',
    });
    expect(keyOf(entities.accessRequest.query.byRequester({ requesterId: 'u2' }).params())).toMatchObject({
      index: 'gsi1',
    });
    expect(keyOf(entities.accessRequest.query.byApplication({ applicationId: 'a1' }).params())).toMatchObject(
      { index: 'gsi3' },
    );
  });
  it('AR5 the active-request guard carries a TTL', () => {
    const guard = entities.accessRequestActive
      .put({
        applicationId: 'a1',
        requesterId: 'u2',
        requestGuid: 'g1',
        expireTime: '2025-01-08T00:00:00.000Z',
        ttl: 1736294400,
      })
      .params() as Params;
    expect(guard.Item).toMatchObject({
      pk: '$portal#applicationId_a1',
      sk: '$accessRequestActive_1#requesterId_u2',
      ttl: 1736294400,
    });
  });
});

describe('notifications', () => {
  it('N1 newest first with a cursor; N2 by id; N3 profile', () => {
    const p = entities.notification.query
      .byRecipient({ recipientType: 'User', recipientId: 'u1' })
      .params({ order: 'desc', limit: 7 }) as Params & {
      Limit?: number;
    };
    expect(keyOf(p)).toMatchObject({
      pk: '$portal#recipientType_User#recipientId_u1',
      sk: '$notification_1#createdDate_',
    });
    expect(p.ScanIndexForward).toBe(false);
    expect(p.Limit).toBe(7);
    expect(keyOf(entities.notification.query.byId({ notificationId: 'n1' }).params())).toMatchObject({
      index: 'gsi1',
      pk: '$portal#notificationId_n1',
    });
    expect(entities.notificationProfile.get({ userId: 'u1' }).params()).toMatchObject({
      Key: { pk: '$portal#userId_u1', sk: '$notificationProfile_1' },
    });
  });

  it('N4 about one application: only items with an application are in gsi2', () => {
    const base = {
      recipientType: 'User',
      recipientId: 'u1',
      notificationId: 'n1',
      type: 'RFI',
      createdDate: 'd',
    } as const;
    const about = entities.notification.create({ ...base, applicationId: 'a1' }).params() as {
      Item: Record<string, unknown>;
    };
    expect(about.Item).toMatchObject({ gsi2pk: '$portal#recipientId_u1#applicationId_a1' });
    const none = entities.notification.create(base).params() as { Item: Record<string, unknown> };
    expect(none.Item.gsi2pk).toBeUndefined();
    expect(
      keyOf(
        entities.notification.query
          .byRecipientApplication({ recipientId: 'u1', applicationId: 'a1' })
          .params(),
      ),
    ).toMatchObject({ index: 'gsi2', pk: '$portal#recipientId_u1#applicationId_a1' });
  });
});

describe('reference data', () => {
  it('RD1 countries in one static partition', () => {
    expect(keyOf(entities.country.query.all({}).params())).toEqual({
      table: 'portal-table',
      index: 'table',
      pkField: 'pk',
      pk: '$portal',
      skField: 'sk',
      sk: '$country_1#countryId_',
      op: 'begins',
    });
  });
  it('RD3 jurisdiction by name; RD4/RD5 collections; RD7 authorities of a jurisdiction', () => {
    expect(keyOf(entities.jurisdiction.query.byName({ name: 'nz' }).params())).toMatchObject({
      index: 'gsi1',
      pk: '$portal#name_nz',
    });
    expect(
      (
        entities.form
          .put({ jurisdictionId: 'j1', formId: 'f1', name: 'bc', displayName: 'Building consent' })
          .params() as Params
      ).Item,
    ).toMatchObject({
      pk: '$portal#jurisdictionId_j1',
      sk: '$jurisdiction#form_1#formId_f1',
    });
    expect(
      (
        entities.step
          .put({
            formId: 'f1',
            breadcrumbId: 'b1',
            stepId: 's1',
            name: 'x',
            displayName: 'X',
            displayOrder: 1,
            type: 'Formio',
          })
          .params() as Params
      ).Item,
    ).toMatchObject({ pk: '$portal#formId_f1', sk: '$form#step_1#breadcrumbId_b1#stepId_s1' });
    expect(keyOf(entities.authority.query.byJurisdiction({ jurisdictionId: 'j1' }).params())).toMatchObject({
      index: 'gsi1',
      pk: '$portal#jurisdictionId_j1',
    });
    expect(
      keyOf(entities.documentType.query.byJurisdiction({ jurisdictionId: 'j1', scope: 'f1' }).params()),
    ).toMatchObject({
      sk: '$jurisdiction#documentType_1#scope_f1#documentTypeId_',
    });
  });
});
