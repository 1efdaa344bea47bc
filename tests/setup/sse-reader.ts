/** Reads a server-sent event stream answered in-process, the way the board and the storefront do. */
export function sseReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let received = '';
  return {
    /** Reads until `pattern` matches what is unread, and consumes the stream up to the match's end. */
    async until(pattern: RegExp): Promise<RegExpExecArray> {
      for (;;) {
        const match = pattern.exec(buffer);
        if (match) {
          buffer = buffer.slice(match.index + match[0].length);
          return match;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        const text = decoder.decode(value, { stream: true });
        buffer += text;
        received += text;
      }
    },
    /** Everything read from the stream so far. */
    received: () => received,
    cancel: () => reader.cancel(),
  };
}
