/**
 * A button-driven file choice: a hidden `<input type="file">`, a busy flag while the chosen file is
 * handled, and the input cleared afterwards so choosing the same file again fires once more.
 * `handle` does the work and reports its own errors (a toast, or a message under the field).
 */
import { useRef, useState } from 'react';

export function useFilePicker(handle: (file: File) => Promise<void>) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const onChange = async (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setBusy(true);
    try {
      await handle(file);
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };
  return { inputRef, busy, choose: () => inputRef.current?.click(), onChange: (e: React.ChangeEvent<HTMLInputElement>) => void onChange(e) };
}
