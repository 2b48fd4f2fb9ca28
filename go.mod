module gmc

go 1.26.8

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/bits-and-blooms/bloom/v3 v3.7.1
)

require github.com/bits-and-blooms/bitset v1.24.2
