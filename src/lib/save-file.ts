/**
 * Saves `text` as a file named `fileName` through the browser's download (a temporary link), with the
 * MIME `type` given ("text/csv;charset=utf-8", "application/x-pem-file").
 */
export function saveFile(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later, not at once: some browsers start reading the file only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
