/**
 * Reading an extension schema file before it is sent: its JSON, read with the schema the service reads it
 * with, for the preview (what it names and defines). The service's own checks (namespace prefixes,
 * duplicates, kinds another extension defines) are its to answer, each naming its field.
 */
import { extensionSchemaInput, type ExtensionSchema, type ExtensionSchemaInput } from '@/api/schemas/extensions';

export type ExtensionFile =
  { ok: true; body: ExtensionSchemaInput; schema: ExtensionSchema } | { ok: false; errors: { field: string; message: string }[] };

/** The text of a chosen file as an extension schema, or what is wrong with it, each with its field. */
export function readExtensionFile(text: string): ExtensionFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, errors: [{ field: 'file', message: `The file is not JSON: ${(e as Error).message}` }] };
  }
  const parsed = extensionSchemaInput.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.') || 'file', message: i.message })),
    };
  }
  return { ok: true, body: json as ExtensionSchemaInput, schema: parsed.data };
}

/** The error list shown for a refusal: each field with its message. */
export function fieldLines(errors: readonly { context?: string; message: string }[]): string[] {
  return errors.map((e) => (e.context ? `${e.context}: ${e.message}` : e.message));
}

/** A chosen file's text (FileReader, which every browser and the test DOM have). */
export function fileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}
