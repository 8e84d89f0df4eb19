/**
 * Interactive content in a PDF (portal-core §8 INVALID_PDF_INTERACTIVE), found by parsing the file
 * (pdf-lib) and walking every object it holds, never by searching its bytes (a `/JavaScript` inside
 * a compressed object stream is found; the same text inside page content or a string is not
 * mistaken for it):
 *
 * - form fields: an AcroForm with fields or an XFA form, or any widget annotation;
 * - JavaScript: any action of type JavaScript, or any `JS` entry, wherever it sits: the document's
 *   JavaScript name tree, its OpenAction and additional actions, pages' and annotations' actions,
 *   outline items, and actions chained with `Next`.
 *
 * Run after {@link ./pdf-open.ts}: an encrypted file is refused there (its strings would be
 * ciphertext here).
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream } from 'pdf-lib';
import type { PDFObject } from 'pdf-lib';

export type InteractiveContent = 'form fields' | 'JavaScript';

const name = (n: string) => PDFName.of(n);
const JAVASCRIPT = name('JavaScript');

function nonEmpty(obj: PDFObject | undefined, doc: PDFDocument): boolean {
  const v = obj instanceof PDFRef ? doc.context.lookup(obj) : obj;
  if (v instanceof PDFArray) return v.size() > 0;
  return v !== undefined;
}

/** What a dictionary itself says: a JavaScript action, or a widget (a form field's annotation). */
function ofDict(dict: PDFDict): InteractiveContent | undefined {
  if (dict.get(name('S')) === JAVASCRIPT || dict.has(name('JS'))) return 'JavaScript';
  if (dict.get(name('Subtype')) === name('Widget')) return 'form fields';
  return undefined;
}

/**
 * The first kind of interactive content found, or undefined. Throws when pdf-lib cannot parse the
 * file (the caller reports that as a failed validation).
 */
export async function findInteractiveContent(bytes: Uint8Array): Promise<InteractiveContent | undefined> {
  const doc = await PDFDocument.load(bytes, {
    ignoreEncryption: true,
    updateMetadata: false,
    throwOnInvalidObject: false,
  });
  const acroForm = doc.catalog.lookupMaybe(name('AcroForm'), PDFDict);
  if (acroForm && (nonEmpty(acroForm.get(name('Fields')), doc) || acroForm.has(name('XFA'))))
    return 'form fields';
  // Every indirect object, and the direct objects inside it (iteratively: no recursion to overflow).
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const stack: PDFObject[] = [object];
    while (stack.length > 0) {
      const o = stack.pop()!;
      const dict =
        o instanceof PDFDict ? o : o instanceof PDFStream || o instanceof PDFRawStream ? o.dict : undefined;
      if (dict) {
        const found = ofDict(dict);
        if (found) return found;
        for (const [, v] of dict.entries()) if (v instanceof PDFDict || v instanceof PDFArray) stack.push(v);
      } else if (o instanceof PDFArray) {
        for (const v of o.asArray()) if (v instanceof PDFDict || v instanceof PDFArray) stack.push(v);
      }
    }
  }
  return undefined;
}
