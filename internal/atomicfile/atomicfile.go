package atomicfile

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Write writes data to path through a temporary file and a rename. The
// file gets mode 0644: what gmc writes (trails, plots, scripts) is not
// secret. An error names path, not the temporary file.
func Write(path string, data []byte) error {
	return WriteFunc(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteFunc is Write for data produced by write as a stream, too large to
// hold in memory: path gets what write wrote if it returns nil, and is
// left as it was otherwise.
func WriteFunc(path string, write func(io.Writer) error) error {
	if err := writeFunc(path, write); err != nil {
		var pe *fs.PathError
		var le *os.LinkError
		switch {
		case errors.As(err, &pe):
			err = pe.Err
		case errors.As(err, &le):
			err = le.Err
		}
		return &fs.PathError{Op: "write", Path: path, Err: err}
	}
	return nil
}

func writeFunc(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	err = f.Chmod(0o644) // CreateTemp makes it private
	if err == nil {
		b := bufio.NewWriterSize(f, 1<<16)
		if err = write(b); err == nil {
			err = b.Flush()
		}
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
