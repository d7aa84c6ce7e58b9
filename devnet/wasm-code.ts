// Code uploads: small real wasm modules whose custom section names the program that runs them; checksums; gzip as wasmd accepts it.
import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import type { Program } from "./wasm-program.ts";
import { CW20_BASE } from "./cw20.ts";
import { COUNTER_RC, COUNTER_V1, COUNTER_V2 } from "./contracts-counter.ts";
import { NAME_SERVICE } from "./contracts-names.ts";
import { LOTTERY } from "./contracts-lottery.ts";
import { invalidRequest, wasmError } from "./errors.ts";

const MAGIC = Buffer.from([0x00, 0x61, 0x73, 0x6d]);
const WASM_VERSION = Buffer.from([0x01, 0x00, 0x00, 0x00]);
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const PROGRAM_SECTION = "axm.devnet.program";
const NOTE_SECTION = "axm.devnet.note";
/** wasmd's MaxWasmSize. */
const MAX_WASM_SIZE = 800 * 1024;

const PROGRAMS: readonly Program[] = [CW20_BASE, COUNTER_V1, COUNTER_V2, COUNTER_RC, NAME_SERVICE, LOTTERY];

const programKey = (contract: string, version: string) => `${contract}@${version}`;
const BY_KEY = new Map(PROGRAMS.map((p) => [programKey(p.contract, p.version), p]));

function leb128(value: number): Buffer {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return Buffer.from(bytes);
}

function customSection(name: string, payload: string): Buffer {
  const body = Buffer.concat([leb128(Buffer.byteLength(name)), Buffer.from(name), Buffer.from(payload)]);
  return Buffer.concat([Buffer.from([0]), leb128(body.length), body]);
}

/** The bytes the workload uploads for a program: a wasm module of custom sections (deterministic, so is the checksum). */
export function codeBytes(program: Program): Uint8Array {
  return Buffer.concat([
    MAGIC,
    WASM_VERSION,
    customSection(PROGRAM_SECTION, JSON.stringify({ contract: program.contract, version: program.version })),
    customSection(NOTE_SECTION, `${program.contract} ${program.version}, built with cosmwasm/optimizer:0.15.0; run natively by the AXM devnet`),
  ]);
}

export function checksumOf(wasm: Uint8Array): Uint8Array {
  return createHash("sha256").update(wasm).digest();
}

const createFailed = (detail: string) => wasmError("createFailed", `Error calling the VM: Error during static Wasm validation: ${detail}`);

const truncated = () => createFailed('Wasm bytecode could not be deserialized. Deserialization error: "unexpected end"');

/** An unsigned LEB128 number at `at`, and where the bytes after it start. */
function readLeb128(bytes: Buffer, at: number): [number, number] {
  let value = 0;
  for (let shift = 0, pos = at; shift < 35; shift += 7) {
    if (pos >= bytes.length) throw truncated();
    const byte = bytes[pos++];
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return [value, pos];
  }
  throw truncated();
}

/** The custom sections of a wasm module, by name. */
function customSections(wasm: Buffer): Map<string, Buffer> {
  const sections = new Map<string, Buffer>();
  for (let pos = MAGIC.length + WASM_VERSION.length; pos < wasm.length;) {
    const id = wasm[pos];
    const [size, start] = readLeb128(wasm, pos + 1);
    const end = start + size;
    if (end > wasm.length) throw truncated();
    if (id === 0) {
      const [nameLength, nameStart] = readLeb128(wasm, start);
      sections.set(wasm.subarray(nameStart, nameStart + nameLength).toString("utf8"), wasm.subarray(nameStart + nameLength, end));
    }
    pos = end;
  }
  return sections;
}

/** What wasmvm's Create does with uploaded bytes: gunzip if gzipped, validate, and here pick the program the module names. */
export function loadCode(uploaded: Uint8Array): { wasm: Uint8Array; program: Program } {
  if (uploaded.length === 0) throw invalidRequest("code bytes is required: empty");
  let wasm = Buffer.from(uploaded);
  if (wasm.subarray(0, 2).equals(GZIP_MAGIC)) {
    try {
      wasm = gunzipSync(wasm, { maxOutputLength: MAX_WASM_SIZE });
    } catch (error) {
      throw wasmError("createFailed", `uncompress wasm archive: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (wasm.length > MAX_WASM_SIZE) throw invalidRequest(`code bytes cannot be longer than ${MAX_WASM_SIZE} bytes: exceeds limit`);
  if (!wasm.subarray(0, 4).equals(MAGIC))
    throw createFailed('Wasm bytecode could not be deserialized. Deserialization error: "Bad magic number (at offset 0)"');
  const section = customSections(wasm).get(PROGRAM_SECTION);
  let program: Program | undefined;
  try {
    const named = section && (JSON.parse(section.toString("utf8")) as { contract: string; version: string });
    program = named ? BY_KEY.get(programKey(named.contract, named.version)) : undefined;
  } catch {
    program = undefined;
  }
  if (!program) throw createFailed("Wasm contract must contain exactly one memory");
  return { wasm, program };
}
