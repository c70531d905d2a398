import { pipeline, Transform, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { EngineError } from '../errors.js';

const KB = 1024;
/**
 * The most XML one cell of the sheet, or one entry of its shared strings, may take. The longest fields of a note
 * (the service's description, the complementary information) hold 2,000 characters; even written as character
 * references, or split into rich-text runs, such a cell stays far below this.
 */
export const CELL_BYTES = 64 * KB;
/**
 * The most XML one row may take, and any one tag, text or comment anywhere in a part: a row of the batch's 31
 * columns at their longest is some tens of KB, and a row formatted out to Excel's last column a few hundred.
 */
export const ROW_BYTES = 1024 * KB;
/** Excel's last column, XFD. */
export const MAX_COLUMNS = 16_384;
/**
 * Entries of the shared strings, which are held whole while the sheet is read: a batch of 5,000 lines of the 31
 * columns has at most 155,031 distinct texts, header included.
 */
export const MAX_SHARED_STRINGS = 200_000;

/** How a part is bounded beyond its inflated size: what exceljs keeps of it decides. */
export interface XmlPartLimits {
  /** Which part this is: the first sheet, the shared strings, or another part read whole (workbook, styles). */
  kind: 'worksheet' | 'shared-strings' | 'other';
  /** Most elements the part may hold; a worksheet's rows are handed on one at a time and need none. */
  maxElements?: number;
}

/**
 * The text of one part of the .xlsx, decoded as UTF-8 across chunk boundaries, with every cell, row and shared
 * string measured as the XML streams past and before the chunk that holds it reaches the parser: exceljs builds
 * a cell's value, or a shared string, from the whole of its text, so a bound on the part's size alone lets one cell
 * become hundreds of megabytes. A part over a limit fails the stream with 422 `planilha_invalida` naming what
 * exceeded it; malformed markup is left to the parser.
 */
export function limitXmlPart(part: Readable, name: string, limits: XmlPartLimits): Readable {
  const scanner = new XmlScanner(name, limits);
  const decoder = new StringDecoder('utf8');
  const out = new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, done) {
      try {
        scanner.scan(chunk);
      } catch (err) {
        done(err as Error);
        return;
      }
      const text = decoder.write(chunk);
      done(null, text.length ? text : undefined);
    },
    flush(done) {
      const rest = decoder.end();
      done(null, rest.length ? rest : undefined);
    },
  });
  pipeline(part, out, () => {});
  return out;
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const DASH = 0x2d;
const BRACKET = 0x5d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

const TEXT = 0;
const TAG_OPEN = 1;
const DECLARATION = 2;
const COMMENT = 3;
const CDATA = 4;
const INSTRUCTION = 5;
const TAG = 6;

// A start tag longer than this is not kept for its attributes (a cell's reference, a column's range).
const KEPT_TAG = 4 * KB;
const MB = 1024 * KB;

const refused = (mensagem: string, correcao: string) =>
  new EngineError('planilha_invalida', mensagem, { campo: null, correcao });

const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/**
 * A byte-level walk over XML markup (text, tags with quoted attributes, comments, CDATA, processing
 * instructions; a DOCTYPE, which no spreadsheet has, is refused) that tracks where cells, rows and shared
 * strings start and end and how many bytes each has taken.
 */
class XmlScanner {
  #state = TEXT;
  /** Bytes seen before the current chunk. */
  #base = 0;
  #tokenStart = 0;
  // Within a tag: its name so far, whether it is an end tag, the open quote, the last byte that was not a space.
  #name = '';
  #inName = false;
  #endTag = false;
  #quote = 0;
  #last = 0;
  #tagParts: Buffer[] = [];
  #tagKept = 0;
  #tagChunkStart = 0;
  // Comment and CDATA ends are found by counting the dashes or brackets just before a '>'.
  #run = 0;
  #declaration = '';
  #elements = 0;
  // Worksheet: the open cell and row (nesting depth, start), their numbers for messages, text outside cells.
  #cellDepth = 0;
  #cellStart = 0;
  #cellRef = '';
  #rowDepth = 0;
  #rowStart = 0;
  #rowNumber = 0;
  #cellsInRow = 0;
  #columns = 0;
  #looseText = 0;
  // Shared strings: the open entry and how many there were.
  #entries = 0;

  constructor(
    readonly part: string,
    readonly limits: XmlPartLimits,
  ) {}

  scan(chunk: Buffer): void {
    this.#tagChunkStart = 0;
    let textFrom = this.#state === TEXT ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      switch (this.#state) {
        case TEXT: {
          // Text and quoted values are skipped to their end at once: most of a sheet's bytes are in them.
          const lt = chunk.indexOf(LT, i);
          if (lt < 0) {
            i = chunk.length;
            break;
          }
          i = lt;
          this.#text(i - textFrom);
          this.#startToken(i);
          this.#state = TAG_OPEN;
          break;
        }
        case TAG_OPEN:
          if (b === BANG) {
            this.#state = DECLARATION;
            this.#declaration = '';
          } else if (b === QUESTION) {
            this.#state = INSTRUCTION;
            this.#run = 0;
          } else {
            this.#state = TAG;
            this.#endTag = b === SLASH;
            this.#name = b === SLASH ? '' : String.fromCharCode(b);
            this.#inName = true;
            this.#quote = 0;
            this.#last = b;
          }
          break;
        case DECLARATION:
          this.#declaration += String.fromCharCode(b);
          if (this.#declaration === '--') {
            this.#state = COMMENT;
            this.#run = 0;
          } else if (this.#declaration === '[CDATA[') {
            this.#state = CDATA;
            this.#run = 0;
            textFrom = i + 1;
          } else if (!'--'.startsWith(this.#declaration) && !'[CDATA['.startsWith(this.#declaration)) {
            throw new Error(`${this.part}: XML declaration <!${this.#declaration} is not read`);
          }
          break;
        case COMMENT:
          if (b === GT && this.#run >= 2) this.#endToken(TEXT, i, (textFrom = i + 1));
          this.#run = b === DASH ? this.#run + 1 : 0;
          break;
        case CDATA:
          if (b === GT && this.#run >= 2) {
            this.#text(i - textFrom);
            this.#endToken(TEXT, i, (textFrom = i + 1));
          }
          this.#run = b === BRACKET ? this.#run + 1 : 0;
          break;
        case INSTRUCTION:
          if (b === GT && this.#run === QUESTION) this.#endToken(TEXT, i, (textFrom = i + 1));
          this.#run = b;
          break;
        default:
          if (this.#quote) {
            const end = chunk.indexOf(this.#quote, i);
            if (end < 0) {
              i = chunk.length;
              break;
            }
            i = end;
            this.#quote = 0;
          } else if (this.#tagByte(chunk, i, b)) textFrom = i + 1;
      }
    }
    if (this.#state === TEXT) this.#text(chunk.length - textFrom);
    if (this.#state === CDATA) this.#text(chunk.length - Math.max(textFrom, 0));
    if (this.#state === TAG) this.#keepTag(chunk.subarray(this.#tagChunkStart));
    this.#base += chunk.length;
    this.#checkSizes(this.#base);
  }

  /** One byte inside a tag, outside a quoted value; true when it closed the tag. */
  #tagByte(chunk: Buffer, i: number, b: number): boolean {
    if (b === GT) {
      this.#keepTag(chunk.subarray(this.#tagChunkStart, i + 1));
      const selfClosing = this.#last === SLASH;
      const at = this.#base + i + 1;
      const name = this.#name.slice(this.#name.lastIndexOf(':') + 1);
      if (this.#endTag) this.#close(name, at);
      else this.#open(name, selfClosing, at);
      this.#endToken(TEXT, i, i + 1);
      return true;
    }
    if (this.#inName) {
      if (isSpace(b) || b === SLASH) this.#inName = false;
      else if (this.#name.length < 64) this.#name += String.fromCharCode(b);
    } else if (b === DOUBLE_QUOTE || b === SINGLE_QUOTE) {
      this.#quote = b;
    }
    if (!isSpace(b)) this.#last = b;
    return false;
  }

  #startToken(i: number): void {
    this.#tokenStart = this.#base + i;
    this.#tagChunkStart = i;
    this.#tagParts = [];
    this.#tagKept = 0;
  }

  #endToken(state: number, i: number, next: number): void {
    this.#state = state;
    this.#tokenStart = this.#base + next;
    this.#checkSizes(this.#base + i + 1);
  }

  #keepTag(slice: Buffer): void {
    this.#tagKept += slice.length;
    if (this.#tagKept <= KEPT_TAG) this.#tagParts.push(slice);
  }

  #tagText(): string {
    return this.#tagKept <= KEPT_TAG ? Buffer.concat(this.#tagParts).toString('latin1') : '';
  }

  /** Character data (text or CDATA) outside a cell or shared string, which the parser still accumulates. */
  #text(bytes: number): void {
    if (bytes <= 0 || this.#cellDepth > 0 || this.limits.kind === 'other') return;
    this.#looseText += bytes;
  }

  #open(name: string, selfClosing: boolean, at: number): void {
    const tagStart = this.#tokenStart;
    if (++this.#elements > (this.limits.maxElements ?? Infinity)) {
      throw refused(
        `A parte ${this.part} da planilha tem mais de ${this.limits.maxElements!.toLocaleString('pt-BR')} elementos.`,
        'Salve a planilha de novo só com os dados do lote (sem formatações ou abas extras) e envie de novo.',
      );
    }
    if (this.limits.kind === 'worksheet') this.#openInSheet(name, selfClosing, tagStart);
    else if (this.limits.kind === 'shared-strings' && name === 'si') this.#openEntry(selfClosing, tagStart);
    this.#checkSizes(at);
  }

  #openInSheet(name: string, selfClosing: boolean, tagStart: number): void {
    if (name === 'row') {
      this.#rowNumber = Number(/\sr\s*=\s*["'](\d{1,7})["']/.exec(this.#tagText())?.[1] ?? this.#rowNumber + 1);
      this.#cellsInRow = 0;
      this.#looseText = 0;
      if (!selfClosing && this.#rowDepth++ === 0) this.#rowStart = tagStart;
    } else if (name === 'c') {
      this.#cellRef = /\sr\s*=\s*["']([A-Z]{1,3}\d{1,7})["']/.exec(this.#tagText())?.[1] ?? '';
      this.#looseText = 0;
      if (++this.#cellsInRow > MAX_COLUMNS) throw this.#rowTooLarge(`mais de ${MAX_COLUMNS} células`);
      if (!selfClosing && this.#cellDepth++ === 0) this.#cellStart = tagStart;
    } else if (name === 'col') {
      const range = ['min', 'max'].map((attr) =>
        new RegExp(`\\s${attr}\\s*=\\s*["']([^"']*)["']`).exec(this.#tagText()),
      );
      const beyond = range.some((m) => !m || !/^\d{1,5}$/.test(m[1]!) || Number(m[1]) > MAX_COLUMNS);
      if (beyond || ++this.#columns > MAX_COLUMNS) {
        throw refused(
          `A planilha declara colunas além da última do Excel (XFD, ${MAX_COLUMNS.toLocaleString('pt-BR')}).`,
          'Salve a planilha de novo no Excel ou no LibreOffice e envie de novo.',
        );
      }
    }
  }

  #openEntry(selfClosing: boolean, tagStart: number): void {
    if (++this.#entries > MAX_SHARED_STRINGS) {
      throw refused(
        `A planilha tem mais de ${MAX_SHARED_STRINGS.toLocaleString('pt-BR')} textos diferentes.`,
        'Envie só a aba do lote, sem outras abas com dados; divida a planilha em lotes menores se preciso.',
      );
    }
    this.#looseText = 0;
    if (!selfClosing && this.#cellDepth++ === 0) this.#cellStart = tagStart;
  }

  #close(name: string, at: number): void {
    const cell = this.limits.kind === 'worksheet' ? 'c' : this.limits.kind === 'shared-strings' ? 'si' : null;
    this.#checkSizes(at);
    if (name === cell && this.#cellDepth > 0) this.#cellDepth--;
    else if (name === 'row' && this.limits.kind === 'worksheet' && this.#rowDepth > 0) this.#rowDepth--;
  }

  /** Refuses the part when what is open at byte `at` (cell, row, token, loose text) is over its limit. */
  #checkSizes(at: number): void {
    if (this.#cellDepth > 0 && at - this.#cellStart > CELL_BYTES) throw this.#cellTooLarge();
    if (this.#rowDepth > 0 && at - this.#rowStart > ROW_BYTES) throw this.#rowTooLarge('mais de 1 MB');
    const loose = this.#looseText > ROW_BYTES;
    if (loose || (this.#cellDepth === 0 && this.#rowDepth === 0 && at - this.#tokenStart > ROW_BYTES)) {
      throw refused(
        `A parte ${this.part} da planilha tem ${loose ? 'mais de 1 MB de texto fora das células' : 'um trecho de XML de mais de 1 MB'}.`,
        'Salve a planilha de novo no Excel ou no LibreOffice, só com os dados do lote, e envie de novo.',
      );
    }
  }

  #cellTooLarge(): EngineError {
    const limit = `${CELL_BYTES / KB} KB`;
    if (this.limits.kind === 'shared-strings') {
      return refused(
        `O texto nº ${this.#entries} da tabela de textos da planilha (xl/sharedStrings.xml) tem mais de ${limit}; o limite por célula é ${limit}.`,
        'Encurte os textos longos da planilha (descrição e informações complementares têm até 2.000 caracteres) e envie de novo.',
      );
    }
    const column = /^[A-Z]+/.exec(this.#cellRef)?.[0];
    const where = column
      ? `A célula ${this.#cellRef} da planilha (linha ${this.#rowNumber}, coluna ${column})`
      : `A célula nº ${this.#cellsInRow} da linha ${this.#rowNumber} da planilha`;
    return refused(
      `${where} tem mais de ${limit}; o limite por célula é ${limit}.`,
      'Encurte o texto da célula (descrição e informações complementares têm até 2.000 caracteres) e envie de novo.',
    );
  }

  #rowTooLarge(what: string): EngineError {
    return refused(
      `A linha ${this.#rowNumber} da planilha tem ${what}; o limite por linha é ${ROW_BYTES / MB} MB e ${MAX_COLUMNS.toLocaleString('pt-BR')} células.`,
      'Deixe na planilha só as colunas da nota, sem conteúdo em outras colunas, e envie de novo.',
    );
  }
}
