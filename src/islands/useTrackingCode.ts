import { useEffect, useState } from 'preact/compat';

/** The tracking code field of /track/ and /review/: it starts from ?code= in the address, checked at once. */
export function useTrackingCode(check: (code: string) => unknown): [string, (code: string) => void] {
  const [code, setCode] = useState('');
  useEffect(() => {
    const fromUrl = new URLSearchParams(location.search).get('code');
    if (fromUrl) {
      setCode(fromUrl);
      void check(fromUrl);
    }
  }, [check]);
  return [code, setCode];
}
