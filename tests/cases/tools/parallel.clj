;; pmap and pcalls (spec 8.1): parallel calls, order kept, the first failure fails the form.

;; spec 8.1, line 1772
(let [factor 10]
  (pmap #(* % factor) [1 2 3]))
;; => [10 20 30]

;; spec 8.1, line 1797
(pcalls #(+ 1 1) #(* 2 3) #(- 10 5))
;; => [2 6 5]

;; pmap shares map's seqable contract: nil, strings, several collections (shortest wins)
[(pmap inc nil) (pmap str "ab") (pmap + [1 2 3] [10 20])]
;; => [[] ["a" "b"] [11 22]]

(pcalls)
;; => []

;; tool calls in parallel keep the input order
;; tools=> get-user
(pmap #(:name (tool/get-user {:id %})) [1 2 3 4 5 6 7 8 9 10])
;; => ["user1" "user2" "user3" "user4" "user5" "user6" "user7" "user8" "user9" "user10"]

;; a tool function as the mapped function
;; tools=> get-user
(map :id (pmap tool/get-user [{:id 1} {:id 2}]))
;; => [1 2]

;; heterogeneous calls with pcalls, destructured
;; tools=> get-user search
(let [[user hits] (pcalls #(tool/get-user {:id 1}) #(tool/search {:query "x" :limit 3}))]
  [(:name user) (count hits)])
;; => ["user1" 3]

;; async tools in parallel
;; tools=> double
(pmap #(tool/double {:x %}) [1 2 3])
;; => [2 4 6]

;; a failing branch fails the whole form
;; tools=> get-user
(pmap #(tool/get-user {:id %}) [1 100 3])
;; !! ToolError: tool/get-user failed: no user with id 100

;; a failing thunk fails pcalls
(pcalls #(+ 1 1) #(/ 1 0))
;; !! EvalError: Divide by zero

;; return and fail cannot be used inside a parallel branch
(pmap (fn [x] (return x)) [1 2])
;; !! EvalError: return cannot be used inside pmap

(pcalls #(fail "no"))
;; !! EvalError: fail cannot be used inside pcalls

;; nested pmap works (the inner one runs its items in order inside its branch)
(pmap (fn [row] (pmap inc row)) [[1 2] [3 4]])
;; => [[2 3] [4 5]]

;; pmap needs a function
(pmap 5 [1 2])
;; !! EvalError

;; pcalls needs zero-argument functions
(pcalls (fn [x] x))
;; !! EvalError: Wrong number of args (0)
