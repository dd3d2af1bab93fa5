;; Reader: Clojure syntax PTC-Lisp leaves out, each with its own message.

#_(+ 1 2) 3
;; !! ReadError: the reader discard #_ is not supported

@x
;; !! ReadError: deref @ is not supported

`(a b)
;; !! ReadError: syntax-quote ` is not supported

(a ~b)
;; !! ReadError: unquote ~ is not supported

^:private x
;; !! ReadError: metadata ^ is not supported

#?(:clj 1 :cljs 2)
;; !! ReadError: reader conditionals #?(...) are not supported

#inst "2024-01-01"
;; !! ReadError: tagged literals like #inst are not supported

#:user{:name "x"}
;; !! ReadError: namespaced maps #:ns{...} are not supported

(/ 1/3 2)
;; !! ReadError: ratio literals like 1/3 are not supported

1.0M
;; !! ReadError: BigDecimal literals like 1.0M are not supported

1N
;; !! ReadError: BigInt literals like 1N are not supported

0x1F
;; !! ReadError: hexadecimal literals like 0x1F are not supported

017
;; !! ReadError: octal literals like 017 are not supported

2r101
;; !! ReadError: radix literals like 2r101 are not supported

::name
;; !! ReadError: auto-resolved keywords like ::a are not supported

:user/name
;; !! ReadError: namespaced keywords like :a/b are not supported
