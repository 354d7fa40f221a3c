# infermark code_execution harness (LiveCodeBench pass@1, after lighteval codegen_metrics).
# Driver:  python3 lcb_harness.py run JOB.json   -> prints one JSON verdict line
# Child:   python3 lcb_harness.py test MODE CODE_FILE FN_NAME MEM_MB   (input on stdin)
import base64, decimal, json, os, pickle, subprocess, sys, time, zlib

PER_TEST_S = 6


def _limits(mem_mb):
    try:
        import resource
        b = mem_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (b, b))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    except Exception:
        pass


def _decode_tests(raw):
    if raw is None or raw == "":
        return []
    if isinstance(raw, list):
        return raw
    try:
        return json.loads(raw)
    except Exception:
        return json.loads(pickle.loads(zlib.decompress(base64.b64decode(raw.encode("utf-8")))))


def _lines_equal(out, expected):
    a = out.strip().split("\n")
    b = expected.strip().split("\n")
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        x, y = x.strip(), y.strip()
        if x == y:
            continue
        xs, ys = x.split(), y.split()
        if len(xs) != len(ys):
            return False
        try:
            if not all(decimal.Decimal(p) == decimal.Decimal(q) for p, q in zip(xs, ys)):
                return False
        except Exception:
            return False
    return True


def _untuple(v):
    if isinstance(v, (list, tuple)):
        return [_untuple(x) for x in v]
    return v


def child(mode, code_file, fn_name, mem_mb):
    _limits(int(mem_mb))
    src = open(code_file, encoding="utf-8").read()
    if mode == "call":
        data = sys.stdin.read()
        g = {"__name__": "__infermark__"}
        exec(compile("from typing import *\nfrom collections import *\nimport math, heapq, bisect, itertools, functools\n" + src, "solution.py", "exec"), g)
        args = [json.loads(l) for l in data.split("\n") if l.strip() != ""]
        cls = g.get("Solution")
        fn = getattr(cls(), fn_name) if cls is not None else g[fn_name]
        result = fn(*args)
        # The last stdout line is the result; anything the solution printed before it is ignored.
        sys.stdout.write("\n" + json.dumps(_untuple(result)) + "\n")
    else:
        # The program reads the test input from the real stdin (input(), sys.stdin, sys.stdin.buffer).
        g = {"__name__": "__main__"}
        exec(compile(src, "solution.py", "exec"), g)


def run(job_file):
    job = json.load(open(job_file, encoding="utf-8"))
    tests = _decode_tests(job.get("public")) + _decode_tests(job.get("private"))
    if not tests:
        print(json.dumps({"passed": False, "reason": "no test cases", "n_tests": 0}))
        return
    fn_name = job.get("fn_name") or ""
    mode = "call" if fn_name else "stdio"
    code_file = os.path.join(os.path.dirname(job_file), "solution.py")
    with open(code_file, "w", encoding="utf-8") as f:
        f.write(job["code"])
    deadline = time.monotonic() + (PER_TEST_S + 1) * len(tests) + 5
    for i, t in enumerate(tests):
        left = deadline - time.monotonic()
        if left <= 0:
            print(json.dumps({"passed": False, "reason": "global timeout", "n_tests": len(tests), "failed_test": i}))
            return
        try:
            p = subprocess.run([sys.executable, __file__, "test", mode, code_file, fn_name or "-", str(job.get("mem_mb", 2048))],
                               input=t["input"], capture_output=True, text=True, timeout=min(PER_TEST_S, left))
        except subprocess.TimeoutExpired:
            print(json.dumps({"passed": False, "reason": "timeout on test %d" % i, "n_tests": len(tests), "failed_test": i}))
            return
        if p.returncode != 0:
            err = (p.stderr or "").strip().splitlines()
            print(json.dumps({"passed": False, "reason": "runtime error on test %d: %s" % (i, err[-1] if err else p.returncode),
                              "n_tests": len(tests), "failed_test": i}))
            return
        if mode == "call":
            try:
                ok = json.loads(p.stdout.strip().split("\n")[-1]) == _untuple(json.loads(t["output"]))
            except Exception:
                ok = False
        else:
            ok = _lines_equal(p.stdout, t["output"])
        if not ok:
            print(json.dumps({"passed": False, "reason": "wrong answer on test %d" % i, "n_tests": len(tests), "failed_test": i}))
            return
    print(json.dumps({"passed": True, "reason": "all tests passed", "n_tests": len(tests)}))


if __name__ == "__main__":
    if sys.argv[1] == "run":
        run(sys.argv[2])
    else:
        child(sys.argv[2], sys.argv[3], sys.argv[4] if sys.argv[4] != "-" else "", sys.argv[5])
