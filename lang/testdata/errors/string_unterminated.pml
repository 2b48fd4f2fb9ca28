init { printf("hello) }
