module gmc

go 1.26.8

require github.com/alecthomas/participle/v2 v2.1.4 // indirect
