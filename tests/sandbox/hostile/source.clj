;; deep nesting in the source is a read error, never a host stack overflow
{open}1{close}
;; expand: open=[*5000 close=]*5000
;; !! ReadError: nesting depth

{open}1{close}
;; expand: open=[*100000 close=]*100000
;; !! ReadError: nesting depth

{open}0{close}
;; expand: open=(inc\s*3000 close=)*3000
;; !! ReadError: nesting depth

{open}1{close}
;; expand: open={:a\s*3000 close=}*3000
;; !! ReadError: nesting depth

{open}x{close}
;; expand: open=(let\s[x\s1]\s*2000 close=)*2000
;; !! ReadError: nesting depth

{open}1{close}
;; expand: open=((fn\s[]\s*2000 close=))*2000
;; !! ReadError: nesting depth

{open}1{close}
;; expand: open=#{*3000 close=}*3000
;; !! ReadError: nesting depth

;; nesting just under the reader's limit still runs
{open}0{close}
;; expand: open=(inc\s*400 close=)*400
;; => 400

;; only openers
{open}
;; expand: open=(*300000
;; ~> error

;; giant literals
(count "{a}")
;; expand: a=a*900000
;; !! ReadError: string literal

"{a}
;; expand: a=a*900000
;; !! ReadError: unterminated string

"{a}"
;; expand: a=a*1000001
;; !! LimitExceeded max_source_chars

[{nums}]
;; expand: nums=12345\s*250000
;; !! LimitExceeded max_source_chars

(count {{pairs}})
;; expand: pairs=:k\s1\s*100
;; !! ReadError: Duplicate key

#{{ones}}
;; expand: ones=1\s*1000
;; !! ReadError: Duplicate key

;; a giant comment is harmless
{c}
1
;; expand: c=;*900000
;; => 1

;; many small forms: the timeout bounds reading and analysis too
{forms}
;; expand: forms=(+\s1\s2)\s*50000
;; ~> any

(cond {arms} :else 0)
;; expand: arms=(=\s1\s2)\s0\s*20000
;; ~> any

(-> 0 {incs})
;; expand: incs=inc\s*20000
;; ~> any

(str {strs})
;; expand: strs="abc"\s*100000
;; ~> any
