;; if with and without else
(if true 1 2)
;; => 1

(if nil 1 2)
;; => 2

(if false 1)
;; => nil

;; only nil and false are falsy
(if 0 "truthy" "falsy")
;; => "truthy"

(if [] "truthy" "falsy")
;; => "truthy"

(if-not false 1 2)
;; => 1

(when true 1 2 3)
;; => 3

(when false 1)
;; => nil

(when-not false :yes)
;; => :yes

(do 1 2 3)
;; => 3

(do)
;; => nil

(let [x 10 y (+ x 5)] (* x y))
;; => 150

(let [x 1] (let [x 2] x))
;; => 2

;; implicit do in let
(let [x 10] (def saved x) (* x 2))
;; => 20
saved
;; => 10

(cond false "a" false "b" :else "c")
;; => "c"

(cond false "only")
;; => nil

(case :c (:a :b) 1 (:c :d) 2)
;; => 2

(case :z :a 1 :b 2 99)
;; => 99

(case :z :a 1)
;; => nil

(case nil nil "matched" :a "nope")
;; => "matched"

(case "x" "x" :string 1 :one)
;; => :string

;; case keeps true apart from 1
(case 1 true :bool 1 :one)
;; => :one

(condp = :a :a 1 :b 2)
;; => 1

(condp > 5 10 "big" 3 "small")
;; => "big"

(condp = :z :a 1 "default")
;; => "default"

(if-let [x 0] "truthy" "falsy")
;; => "truthy"

(if-let [x nil] "yes" "no")
;; => "no"

(when-let [x false] (+ x 1))
;; => nil

(if-some [x false] x :nope)
;; => false

(if-some [x nil] x :nope)
;; => :nope

(when-some [x 42] (inc x))
;; => 43

(when-first [x [10 20]] (* x 2))
;; => 20

(when-first [x []] :never)
;; => nil

(and)
;; => true

(and 1 2 3)
;; => 3

(and 1 nil 3)
;; => nil

(or)
;; => nil

(or nil false 7)
;; => 7

(or nil false)
;; => false

(quote foo)
;; => 'foo

'str/join
;; => 'str/join

(comment (this is ignored))
;; => nil
