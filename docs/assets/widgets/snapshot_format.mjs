// The format of the widgets' memory snapshot, shared by the site build
// (scripts/make_snapshot.mjs, under Node) and the widgets' worker (worker.js). An .mjs
// file, so that Node, for which a .js file here would be CommonJS, imports it too.
//
// A Pyodide memory snapshot is a header and then the whole WebAssembly memory. Its first
// few megabytes are the static data that pyodide.asm.wasm itself carries (its data
// segments), mostly unchanged by running: shipping them again would cost some 1.4 MB
// compressed. So the file holds MAGIC, then Pyodide's snapshot with those bytes XORed with
// the data segments: what is unchanged becomes zeros, which compress to almost nothing.
// XOR undoes itself: the worker applies the same function to get Pyodide's snapshot back,
// from the pyodide.asm.wasm it loads anyway.

export const MAGIC = new TextEncoder().encode("MPSNAPX1");

function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, at];
}

function sleb32(bytes, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value |= (byte & 0x7f) << shift;
    shift += 7;
  } while (byte & 0x80);
  if (shift < 32 && (byte & 0x40)) value |= -1 << shift;
  return [value >>> 0, at];
}

// Each active data segment of a wasm module: [offset in memory, its bytes].
export function dataSegments(wasm) {
  const bytes = wasm instanceof Uint8Array ? wasm : new Uint8Array(wasm);
  if (bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d) {
    throw new Error("not a WebAssembly module");
  }
  const segments = [];
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at++];
    let size;
    [size, at] = leb(bytes, at);
    const end = at + size;
    if (id === 11) {
      let count;
      let p;
      [count, p] = leb(bytes, at);
      for (let i = 0; i < count; i += 1) {
        let flags;
        [flags, p] = leb(bytes, p);
        if (flags !== 0) throw new Error(`data segment ${i}: flags ${flags} (only active segments of memory 0)`);
        if (bytes[p++] !== 0x41) throw new Error(`data segment ${i}: its offset is not an i32.const`);
        let offset;
        [offset, p] = sleb32(bytes, p);
        if (bytes[p++] !== 0x0b) throw new Error(`data segment ${i}: bad offset expression`);
        let length;
        [length, p] = leb(bytes, p);
        segments.push([offset, bytes.subarray(p, p + length)]);
        p += length;
      }
    }
    at = end;
  }
  return segments;
}

// XOR the memory part of Pyodide's snapshot (in place) with the wasm's data segments.
export function xorDataSegments(snapshot, wasm) {
  const header = new DataView(snapshot.buffer, snapshot.byteOffset, 8);
  const memory = header.getUint32(4, true); // where Pyodide's snapshot puts the memory
  for (const [offset, data] of dataSegments(wasm)) {
    const target = snapshot.subarray(memory + offset, memory + offset + data.length);
    if (target.length !== data.length) throw new Error("the snapshot is shorter than the wasm's data");
    for (let i = 0; i < data.length; i += 1) target[i] ^= data[i];
  }
  return snapshot;
}

// Pyodide's snapshot → our file's contents (before gzip).
export function pack(snapshot, wasm) {
  const out = new Uint8Array(MAGIC.length + snapshot.length);
  out.set(MAGIC);
  out.set(snapshot, MAGIC.length);
  xorDataSegments(out.subarray(MAGIC.length), wasm);
  return out;
}

// Our file's contents (after gunzip) → Pyodide's snapshot, in place.
export function unpack(contents, wasm) {
  if (contents.length < MAGIC.length + 16 || MAGIC.some((byte, i) => contents[i] !== byte)) {
    throw new Error("not a marjapussi snapshot");
  }
  return xorDataSegments(contents.subarray(MAGIC.length), wasm);
}
