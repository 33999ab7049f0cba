/**
 * The segmentation model's own output is its 129×129 class scores stretched to 513×513 by two
 * bilinear resizes (the model's last two operators): 159 MB of floats per image, and a fifth of its
 * CPU, to say nothing finer than the 129×129 grid did. This reads the model's TensorFlow Lite file
 * (a FlatBuffer, schema: tensorflow/lite/schema/schema.fbs) and ends the graph before those two
 * resizes, in a copy made in memory: the file in the repository stays byte for byte the one
 * published (its sha256 is checked before this runs).
 *
 * FlatBuffer layout used: a table starts with an int32 offset back to its vtable (uint16 sizes, then
 * one uint16 offset per field, 0 when absent); a vector is a uint32 length and its elements; offsets
 * to tables and vectors are uint32, relative to where they are stored.
 */

/** Model fields: 1 operator_codes, 2 subgraphs. SubGraph: 0 tensors, 2 outputs, 3 operators. */
const FIELD = { operatorCodes: 1, subgraphs: 2, tensors: 0, outputs: 2, operators: 3, opcode: 0, opInputs: 1 }
/** OperatorCode field 0 (deprecated_builtin_code, int8) and 3 (builtin_code, int32); BuiltinOperator RESIZE_BILINEAR. */
const RESIZE_BILINEAR = 23

export function endBeforeUpsampling(model: Uint8Array): Uint8Array {
	const out = new Uint8Array(model)
	const view = new DataView(out.buffer, out.byteOffset, out.byteLength)
	const field = (table: number, i: number) => {
		const vtable = table - view.getInt32(table, true)
		if (4 + 2 * i >= view.getUint16(vtable, true)) return null
		const at = view.getUint16(vtable + 4 + 2 * i, true)
		return at ? table + at : null
	}
	const deref = (at: number) => at + view.getUint32(at, true)
	const vector = (at: number | null) => {
		if (at === null) throw new Error('The segmentation model lacks a field it should have')
		const start = deref(at)
		return { start: start + 4, length: view.getUint32(start, true), lengthAt: start }
	}
	const root = view.getUint32(0, true)
	const subgraph = deref(vector(field(root, FIELD.subgraphs)).start)
	const operators = vector(field(subgraph, FIELD.operators))
	const codes = vector(field(root, FIELD.operatorCodes))
	const opcode = (op: number) => {
		const at = field(op, FIELD.opcode)
		const code = deref(codes.start + 4 * (at === null ? 0 : view.getUint32(at, true)))
		const deprecated = field(code, 0)
		return deprecated === null ? null : view.getInt8(deprecated)
	}
	const last = [operators.length - 2, operators.length - 1].map((k) => deref(operators.start + 4 * k))
	if (!last.every((op) => opcode(op) === RESIZE_BILINEAR))
		throw new Error('The segmentation model does not end in the two resizes this expects')
	// The first resize's input (the 129×129 scores) becomes the graph's output, and the two resizes go.
	const scores = view.getInt32(vector(field(last[0], FIELD.opInputs)).start, true)
	const outputs = vector(field(subgraph, FIELD.outputs))
	view.setInt32(outputs.start, scores, true)
	view.setUint32(operators.lengthAt, operators.length - 2, true)
	return out
}
