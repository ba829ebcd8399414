"""One test suite's pass/fail tally for the Python checks (the same summary line as the C and C++ suites).

    from suite import Suite
    s = Suite("name")           # problems print as "FAIL: <what>"
    s.check(ok, "what failed")  # returns ok, so a check can guard the checks that depend on it
    sys.exit(s.finish())        # prints "name: P passed, F failed"; 1 on any failure
"""


class Suite:
    def __init__(self, name, prefix="FAIL: "):
        self.name, self.prefix = name, prefix
        self.passed = self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(self.prefix + what)
        return ok

    def finish(self):
        print("%s: %d passed, %d failed" % (self.name, self.passed, self.failed))
        return 1 if self.failed else 0
