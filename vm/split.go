package vm

// Splitter cuts the keys of a model (Model.Key) into the parts collapse
// compression stores apart (store.Collapse), as pan -DCOLLAPSE cuts its
// state vector: the global part, which is the header, the globals and
// every channel (pan keeps the channels there too, unless -DSEPQS), and
// each process's slot, in pid order. A process's local channels follow
// its slot in the key; they are copied to the global part, which is then
// built in the splitter's buffer. Every byte of the key is in exactly one
// part, and a slot starts with its proctype, which gives its size and its
// channels': the parts determine the key.
//
// A Splitter belongs to one store: its buffer is reused by every Split.
type Splitter struct {
	m      *Model
	global []byte // the global part, when processes create channels
	local  bool   // some proctype creates channels
}

// Splitter returns a splitter of m's keys.
func (m *Model) Splitter() *Splitter {
	sp := &Splitter{m: m}
	for _, pt := range m.Types {
		if len(pt.Chans) > 0 {
			sp.local = true
		}
	}
	return sp
}

// chanKeySize is the number of bytes a channel of type ct takes in a key
// (see Key: none for a rendezvous channel, its type byte left out of a
// buffered one, in a model with rendezvous channels).
func (m *Model) chanKeySize(ct *ChanType) int {
	if !m.hasRendezvous {
		return ct.Size
	}
	return ct.Size - int(m.keyCut[ct.ID])
}

// Split appends key's parts to parts: the global part, then each
// process's. The parts are slices of key, or of the splitter's buffer.
func (sp *Splitter) Split(key []byte, parts [][]byte) [][]byte {
	m := sp.m
	nprocs, nchans := int(key[hdrNrPr]), int(key[hdrNrQs])
	off := m.GlobalsOff - m.HiddenSize + m.GlobalsSize
	for i, ci := range m.GlobalChans {
		if i == nchans {
			break
		}
		off += m.chanKeySize(ci.Type)
	}
	first := len(parts)
	parts = append(parts, key[:off])
	if !sp.local {
		for range nprocs {
			n := m.Types[key[off+slotType]].Size
			parts = append(parts, key[off:off+n])
			off += n
		}
		return parts
	}
	g := append(sp.global[:0], key[:off]...)
	for range nprocs {
		pt := m.Types[key[off+slotType]]
		parts = append(parts, key[off:off+pt.Size])
		off += pt.Size
		for _, ci := range pt.Chans {
			n := m.chanKeySize(ci.Type)
			g = append(g, key[off:off+n]...)
			off += n
		}
	}
	sp.global = g
	parts[first] = g
	return parts
}
