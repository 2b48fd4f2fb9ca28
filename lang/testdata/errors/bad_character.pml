init { byte x; x = 1 $ 2 }
