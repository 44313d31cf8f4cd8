/**
 * Saves `content` (text, or the bytes of a file the service answered) as a file named `fileName` through the
 * browser's download (a temporary link), with the MIME `type` given ("text/csv;charset=utf-8", "application/zip").
 */
export function saveFile(content: string | Blob, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later, not at once: some browsers start reading the file only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
