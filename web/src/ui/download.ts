// Saves a Blob as a download (the SPEC's "file-download helper").
export function saveDownload(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start reading the Blob before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
