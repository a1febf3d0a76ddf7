/**
 * The offline judges of the site's structured data ship JavaScript without types: what the tests
 * use of them. `@marbec/web-auto-extractor` has a default export (its README's named import is wrong).
 */
declare module "@marbec/web-auto-extractor" {
  export interface Extracted {
    jsonld: Record<string, Array<Record<string, unknown>>>;
    microdata: Record<string, unknown>;
    rdfa: Record<string, unknown>;
    metatags: Record<string, string[]>;
  }
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: Array<"rdfa" | "microdata"> });
    parse(html: string): Extracted;
  }
}

declare module "@adobe/structured-data-validator" {
  export interface ValidationIssue {
    rootType: string;
    issueMessage: string;
    severity: "ERROR" | "WARNING";
    fieldNames: string[];
    errorType?: string;
    location?: string;
    source?: string;
  }
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(extracted: unknown): Promise<ValidationIssue[]>;
  }
}
