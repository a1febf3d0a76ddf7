/** The image-service URL rules live in src/shared/image-url.ts (the content rules read them too). */
export * from "../../shared/image-url.ts";
