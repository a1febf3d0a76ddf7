/**
 * Relation fields resolved with every story request (`component.field`), so listing blocks get
 * the related stories from the same answer instead of fetching.
 */
export const RESOLVE_RELATIONS: readonly string[] = ["Vacancy.contactPerson", "Contact.contactPerson", "CaseDetail.related"];
