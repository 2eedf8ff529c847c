"""SCN2xx: the loop body contract, on code written the ways real JAX code is written."""

from __future__ import annotations

import pytest
from helpers import Case, lint, positions

NOT_PAIR = [
    Case(
        "def body returns the carry alone",
        """
        from jax import lax

        def f(xs):
            def body(carry, x):
                return carry
            return lax.scan(body, 0.0, xs)
        """,
        ["6:16 SCN201"],
    ),
    Case(
        "a module-level alias of the loop (`scan_fn = jax.lax.scan`), and a local one (`loop = lax.scan`)",
        """
        import jax
        from jax import lax

        scan_fn = jax.lax.scan

        def f(xs):
            return scan_fn(lambda c, x: c, 0.0, xs)

        def g(xs):
            loop = lax.scan
            return loop(lambda c, x: c + x, 0.0, xs)
        """,
        ["8:33 SCN201", "12:30 SCN201"],
    ),
    Case(
        "not flagged: a name that may be another loop (`scan = jax.lax.scan if fast else python_scan`), or is bound twice",
        """
        import jax

        def python_scan(f, init, xs):
            return f(init, xs)

        FAST = True
        scan = jax.lax.scan if FAST else python_scan
        other = jax.lax.scan
        other = python_scan

        def f(xs):
            return scan(lambda c, x: c, 0.0, xs), other(lambda c, x: c, 0.0, xs)
        """,
        [],
    ),
    Case(
        "lambda returns the carry alone, import jax.lax as L",
        """
        import jax.lax as L

        def f(xs):
            return L.scan(lambda c, x: c, 0.0, xs)
        """,
        ["5:32 SCN201"],
    ),
    Case(
        "from jax.lax import scan as s, keyword f=",
        """
        from jax.lax import scan as s

        def f(xs):
            return s(f=lambda c, x: c + x, init=0.0, xs=xs)
        """,
        ["5:29 SCN201"],
    ),
    Case(
        "fully qualified jax.lax.scan with a 3-tuple",
        """
        import jax

        def f(xs):
            def step(c, x):
                return c, x, x
            return jax.lax.scan(step, 0.0, xs)
        """,
        ["6:16 SCN201"],
    ),
    Case(
        "body falls off the end",
        """
        from jax import lax

        def f(xs):
            def step(c, x):
                c = c + x
            return lax.scan(step, 0.0, xs)
        """,
        ["5:9 SCN201"],
    ),
    Case(
        "bare return and return None",
        """
        from jax import lax

        def f(xs, flag):
            def step(c, x):
                if flag:
                    return
                return None
            return lax.scan(step, 0.0, xs)
        """,
        ["7:13 SCN201", "8:16 SCN201"],
    ),
    Case(
        "carry rebound then returned alone",
        """
        from jax import lax

        def f(xs):
            def step(carry, x):
                carry = carry * 0.9 + x
                return carry
            final, _ = lax.scan(step, 0.0, xs)
            return final
        """,
        ["7:16 SCN201"],
    ),
    Case(
        "module-level body, method scan",
        """
        from jax import lax

        def step(carry, x):
            return carry + x

        class Model:
            def __call__(self, xs):
                return lax.scan(step, 0.0, xs)
        """,
        ["5:12 SCN201"],
    ),
    Case(
        "self.method body skips self",
        """
        import jax

        class Integrator:
            def step(self, state, dt):
                return state + dt

            def run(self, dts):
                return jax.lax.scan(self.step, 0.0, dts)
        """,
        ["6:16 SCN201"],
    ),
    Case(
        "a method of an object built in the function, and of one built in the call",
        """
        import jax

        class Physics:
            dt = 0.1

            def euler(self, state, t):
                return state + self.dt * t

            @staticmethod
            def drift(state, t):
                return state - t

        def simulate(x0, ts):
            physics = Physics()
            return jax.lax.scan(physics.euler, x0, ts)

        def relax(x0, ts):
            return jax.lax.scan(Physics().drift, x0, ts)
        """,
        ["8:16 SCN201", "12:16 SCN201"],
    ),
    Case(
        "a class method through the class",
        """
        from jax import lax

        class Physics:
            @classmethod
            def step(cls, state, t):
                return state + t

            @staticmethod
            def pair(state, t):
                return state + t, t

        def simulate(x0, ts):
            lax.scan(Physics.pair, x0, ts)
            return lax.scan(Physics.step, x0, ts)
        """,
        ["7:16 SCN201"],
    ),
    Case(
        "functools.partial body with bound argument",
        """
        import functools
        from jax import lax

        def step(scale, carry, x):
            return carry * scale

        def f(xs):
            return lax.scan(functools.partial(step, 2.0), 0.0, xs)
        """,
        ["6:12 SCN201"],
    ),
    Case(
        "from functools import partial, bound through a variable",
        """
        from functools import partial
        from jax import lax

        def f(xs, decay):
            def step(carry, x, decay):
                return carry * decay
            body = partial(step, decay=decay)
            return lax.scan(body, 0.0, xs)
        """,
        ["7:16 SCN201"],
    ),
    Case(
        "variable bound to a lambda",
        """
        from jax import lax

        def f(xs):
            body = lambda c, x: [c, x, x]
            return lax.scan(body, 0.0, xs)
        """,
        ["5:25 SCN201"],
    ),
    Case(
        "nested def inside a method, carry pytree returned alone",
        """
        from jax import lax

        class RNN:
            def __call__(self, xs, h0):
                def cell(state, x):
                    h, c = state
                    return (h + x, c)
                return lax.scan(cell, h0, xs)
        """,
        [],  # a (h, c) tuple is a pair as far as the source shows: left to the runtime check
    ),
    Case(
        "dict returned",
        """
        from jax import lax

        def f(xs):
            def step(c, x):
                return {"carry": c, "y": x}
            return lax.scan(step, 0.0, xs)
        """,
        ["6:16 SCN201"],
    ),
]

VALID = [
    Case(
        "pair, list pair, conditional pair",
        """
        from jax import lax

        def f(xs, flag):
            a = lax.scan(lambda c, x: (c + x, x), 0.0, xs)
            b = lax.scan(lambda c, x: [c + x, x], 0.0, xs)
            c = lax.scan(lambda c, x: (c, x) if flag else (c, None), 0.0, xs)
            return a, b, c
        """,
    ),
    Case(
        "name bound to a 2-tuple in the body",
        """
        from jax import lax

        def f(xs):
            def step(c, x):
                out = (c + x, x * 2)
                return out
            return lax.scan(step, 0.0, xs)
        """,
    ),
    Case(
        "same-file helper that visibly returns a pair",
        """
        from jax import lax

        def update(c, x):
            return c + x, c

        def f(xs):
            def step(c, x):
                return update(c, x)
            return lax.scan(step, 0.0, xs)
        """,
    ),
    Case(
        "opaque returns are left to the runtime",
        """
        from jax import lax
        from mylib import cell

        def f(xs, params):
            def step(c, x):
                return cell(params, c, x)
            def other(c, x):
                result = cell(params, c, x)
                return result
            return lax.scan(step, 0.0, xs), lax.scan(other, 0.0, xs), lax.scan(cell, 0.0, xs)
        """,
    ),
    Case(
        "nn.scan, nnx.scan, associative_scan and a user scan are not raw lax.scan",
        """
        import flax.linen as nn
        from flax import nnx
        from jax import lax

        def scan(f, init, xs):
            return f(init)

        def g(xs):
            ScanCell = nn.scan(lambda c, x: c, variable_broadcast="params")
            nnx.scan(lambda c, x: c, in_axes=(nnx.Carry, 0))
            lax.associative_scan(lambda a, b: a + b, xs)
            return scan(lambda c: c, 0.0, xs)
        """,
    ),
    Case(
        "a method named scan on some other object",
        """
        def f(ds, xs):
            return ds.scan(lambda c, x: c, 0.0, xs)
        """,
    ),
    Case(
        "tuple concatenation may build a pair",
        """
        from jax import lax

        def f(xs):
            def step(c, x):
                return (c,) + (x,)
            return lax.scan(step, 0.0, xs)
        """,
    ),
    Case(
        "body whose name has two bindings is not guessed at",
        """
        from jax import lax

        def f(xs, fast):
            if fast:
                def step(c, x):
                    return c
            else:
                def step(c, x):
                    return c, x
            return lax.scan(step, 0.0, xs)
        """,
    ),
    Case(
        "raise on a path does not count as falling off",
        """
        from jax import lax

        def f(xs, mode):
            def step(c, x):
                if mode == "sum":
                    return c + x, None
                raise ValueError(mode)
            return lax.scan(step, 0.0, xs)
        """,
    ),
]

MIXED = [
    Case(
        "pair on one path, carry on another",
        """
        from jax import lax

        def f(xs, keep):
            def step(c, x):
                c = c + x
                if keep:
                    return c, x
                return c
            return lax.scan(step, 0.0, xs)
        """,
        ["9:16 SCN202"],
    ),
    Case(
        "pair in an if, falls off otherwise",
        """
        from jax import lax

        def f(xs, keep):
            def step(c, x):
                if keep:
                    return c, x
            return lax.scan(step, 0.0, xs)
        """,
        ["5:9 SCN202"],
    ),
]

DRIFT = [
    Case(
        "strong int init updated with a float literal",
        """
        import jax.numpy as jnp
        from jax import lax

        def f(xs):
            def step(n, x):
                return n + 0.5, x
            return lax.scan(step, jnp.int32(0), xs)
        """,
        ["7:16 SCN203"],
    ),
    Case(
        "zeros with dtype=int32 divided",
        """
        import jax.numpy as jnp
        from jax import lax

        def f(xs):
            init = jnp.zeros(3, dtype=jnp.int32)
            def step(acc, x):
                acc = acc / 2
                return acc, None
            return lax.scan(step, init, xs)
        """,
        ["9:16 SCN203"],
    ),
    Case(
        "arange init times a float",
        """
        import jax.numpy as jnp
        from jax import lax

        def f(n, xs):
            return lax.scan(lambda c, x: (c * 0.5, x), jnp.arange(n), xs)
        """,
        ["6:35 SCN203"],
    ),
    Case(
        "astype to another dtype",
        """
        import jax.numpy as jnp
        from jax import lax

        def f(xs):
            def step(c, x):
                return c.astype(jnp.float32), x
            return lax.scan(step, jnp.zeros(4, jnp.int32), xs)
        """,
        ["7:16 SCN203"],
    ),
    Case(
        "int carry plus a float xs element",
        """
        import jax.numpy as jnp
        from jax import lax

        def f():
            def step(c, x):
                return c + x, None
            return lax.scan(step, jnp.int32(0), jnp.linspace(0, 1, 5))
        """,
        ["7:16 SCN203"],
    ),
    Case(
        "fori_loop value drifts to float",
        """
        import jax.numpy as jnp
        from jax import lax

        def f(n):
            return lax.fori_loop(0, n, lambda i, v: v + 0.5, jnp.int32(0))
        """,
        ["6:45 SCN203"],
    ),
    Case(
        "while_loop value drifts to float",
        """
        import jax.numpy as jnp
        from jax import lax

        def f():
            def body(v):
                return v / 2
            return lax.while_loop(lambda v: v > 1, body, jnp.int32(100))
        """,
        ["7:16 SCN203"],
    ),
    Case(
        "concatenate grows the carry",
        """
        import jax.numpy as jnp
        from jax import lax

        def f(xs):
            def step(window, x):
                return jnp.concatenate([window, x[None]]), None
            return lax.scan(step, jnp.zeros(3), xs)
        """,
        ["7:16 SCN204"],
    ),
    Case(
        "stack and append grow the carry",
        """
        import jax.numpy as jnp
        from jax import lax

        def f(xs):
            a = lax.scan(lambda c, x: (jnp.stack([c, x]), None), jnp.zeros(3), xs)
            b = lax.scan(lambda c, x: (jnp.append(c, x), None), jnp.zeros(3), xs)
            return a, b
        """,
        ["6:32 SCN204", "7:32 SCN204"],
    ),
    Case(
        "sum and mean without keepdims on a 1-d carry",
        """
        import jax.numpy as jnp
        from jax import lax

        def f(xs):
            a = lax.scan(lambda c, x: (c.sum(), None), jnp.zeros(3), xs)
            b = lax.scan(lambda c, x: (jnp.mean(c, axis=0), None), jnp.ones((2, 3)), xs)
            return a, b
        """,
        ["6:32 SCN204", "7:32 SCN204"],
    ),
]

NO_DRIFT = [
    Case(
        "a Gibbs sweep: `bernoulli(key, p)` without `shape` has the shape of `p`, not `()`",
        """
        import jax
        import jax.numpy as jnp

        def chain(W, b, v0, key):
            def sweep(v, k):
                p = jax.nn.sigmoid(v @ W + b)
                v_new = jax.random.bernoulli(k, p).astype(jnp.float32)
                return v_new, v_new
            return jax.lax.scan(sweep, v0, jax.random.split(key, 5))

        chain(jnp.ones((6, 6)), jnp.zeros(6), jnp.full((6,), 0.5), jax.random.key(0))
        """,
    ),
    Case(
        "weakly typed inits are promoted silently",
        """
        import jax.numpy as jnp
        from jax import lax

        def f(xs):
            a = lax.scan(lambda c, x: (c + 0.5, x), 0, xs)
            b = lax.scan(lambda c, x: (c + 0.5, x), jnp.array(0), xs)
            c = lax.scan(lambda c, x: (c / 2, x), jnp.full(3, 2), xs)
            return a, b, c
        """,
    ),
    Case(
        "astype to the same dtype, keepdims, sliding window",
        """
        import jax.numpy as jnp
        from jax import lax

        def f(xs):
            a = lax.scan(lambda c, x: (c.astype(jnp.float32), x), jnp.zeros(3), xs)
            b = lax.scan(lambda c, x: (c.sum(keepdims=True), x), jnp.zeros(1), xs)
            d = lax.scan(lambda c, x: (jnp.concatenate([c[1:], x[None]]), x), jnp.zeros(3), xs)
            e = lax.scan(lambda c, x: (c.sum(), x), jnp.float32(0), xs)
            return a, b, d, e
        """,
    ),
    Case(
        "float init updated with a float",
        """
        import jax.numpy as jnp
        from jax import lax

        def f(xs):
            return lax.scan(lambda c, x: (c * 0.5 + x, x), jnp.zeros(3), xs)
        """,
    ),
    Case(
        "integer updates keep an int carry",
        """
        import jax.numpy as jnp
        from jax import lax

        def f(xs):
            return lax.scan(lambda c, x: (c + 1, x), jnp.int32(0), xs)
        """,
    ),
]

LOOP_PAIRS = [
    Case(
        "fori_loop body returns (val, None)",
        """
        from jax import lax

        def f(x, n):
            def body(i, acc):
                return acc * x, None
            return lax.fori_loop(0, n, body, 1.0)
        """,
        ["6:16 SCN205"],
    ),
    Case(
        "fori_loop keyword body_fun lambda",
        """
        import jax

        def f(n):
            return jax.lax.fori_loop(0, n, body_fun=lambda i, v: (v + i, None), init_val=0)
        """,
        ["5:59 SCN205"],
    ),
    Case(
        "while_loop body returns (val, None)",
        """
        from jax.lax import while_loop

        def f(x):
            def body(v):
                return v / 2, None
            return while_loop(lambda v: v > 1.0, body, x)
        """,
        ["6:16 SCN206"],
    ),
    Case(
        "fori_loop and while_loop returning tuples of state are fine",
        """
        from jax import lax

        def f(n, a, b):
            lax.fori_loop(0, n, lambda i, s: (s[0] + 1, s[1]), (a, b))
            lax.while_loop(lambda s: s[0] < 3, lambda s: (s[0] + 1, s[1]), (a, b))
        """,
        [],
    ),
]

CARRY_TYPES = [
    Case(
        "a float from jnp.where into a strongly typed int count",
        """
        import jax.numpy as jnp
        from jax import lax

        def count_hits(xs, threshold):
            def step(count, x):
                hit = jnp.where(x > threshold, 1.0, 0.0)
                return count + hit, None
            return lax.scan(step, jnp.zeros((), jnp.int32), xs)[0]
        """,
        ["8:16 SCN203"],
    ),
    Case(
        "the same count with an integer hit is fine",
        """
        import jax.numpy as jnp
        from jax import lax

        def count_hits(xs, threshold):
            def step(count, x):
                hit = jnp.where(x > threshold, 1, 0)
                return count + hit, None
            return lax.scan(step, jnp.zeros((), jnp.int32), xs)[0]
        """,
        [],
    ),
    Case(
        "a weakly typed init is promoted by JAX, not flagged",
        """
        import jax.numpy as jnp
        from jax import lax

        def mean_of(xs):
            total, _ = lax.scan(lambda c, x: (c + jnp.mean(x), None), 0, xs)
            return total
        """,
        [],
    ),
    Case(
        "a bfloat16 result stored into a float32 field of a NamedTuple through _replace",
        """
        from typing import NamedTuple

        import jax
        import jax.numpy as jnp

        class Carry(NamedTuple):
            h: jax.Array
            steps: jax.Array

        def run(xs):
            def cell(carry, x):
                h = jnp.tanh(carry.h + x).astype(jnp.bfloat16)
                return carry._replace(h=h, steps=carry.steps + 1), h
            init = Carry(jnp.zeros(4), jnp.int32(0))
            return jax.lax.scan(cell, init, xs)
        """,
        ["14:16 SCN203"],
    ),
    Case(
        "a dtype restored before the return is fine",
        """
        import jax.numpy as jnp
        from jax import lax

        def run(xs):
            def cell(h, x):
                h_half = (h + x).astype(jnp.bfloat16)
                return h_half.astype(h.dtype), None
            return lax.scan(cell, jnp.zeros(4), xs)
        """,
        [],
    ),
    Case(
        "a reduction without keepdims, through a module-level step and functools.partial",
        """
        import functools

        import jax.numpy as jnp
        from jax.lax import scan

        def step(scale, acc, x):
            return acc + scale * jnp.sum(x, axis=0), None

        def run():
            xs = jnp.ones((10, 4, 3))
            return scan(functools.partial(step, 0.5), jnp.zeros(()), xs)
        """,
        ["8:12 SCN204"],
    ),
    Case(
        "the same loss summed over every axis is fine",
        """
        import functools

        import jax.numpy as jnp
        from jax.lax import scan

        def step(scale, acc, x):
            return acc + scale * jnp.sum(x), None

        def run():
            xs = jnp.ones((10, 4, 3))
            return scan(functools.partial(step, 0.5), jnp.zeros(()), xs)
        """,
        [],
    ),
    Case(
        "a matrix product that changes the hidden size, body built by a factory",
        """
        import jax
        import jax.numpy as jnp

        def make_step(w):
            def step(h, x):
                return jnp.tanh(h @ w + x), None
            return step

        def run(n):
            w = jnp.ones((8, 16))
            return jax.lax.scan(make_step(w), jnp.zeros(8), jnp.ones((n, 16)))
        """,
        ["7:16 SCN204"],
    ),
    Case(
        "a dict carry that gains a key",
        """
        import jax.numpy as jnp
        from jax import lax

        def adam_like(grads):
            def step(state, g):
                state["step"] = state.get("count", 0) + 1
                state["m"] = 0.9 * state["m"] + 0.1 * g
                return state, None
            return lax.scan(step, {"m": jnp.zeros(3)}, grads)
        """,
        ["9:16 SCN207"],
    ),
    Case(
        "a tuple carry returned as one stacked array",
        """
        import jax.numpy as jnp
        from jax import lax

        def simulate(n):
            def step(state, _):
                theta, omega = state
                omega = omega - 0.1 * jnp.sin(theta)
                return jnp.stack([theta + omega, omega]), theta
            return lax.scan(step, (jnp.float32(0.5), jnp.float32(0.0)), None, length=n)
        """,
        ["9:16 SCN207"],
    ),
    Case(
        "a 2-field NamedTuple state returned alone is read as the (carry, out) pair",
        """
        from typing import NamedTuple

        import jax
        import jax.numpy as jnp

        class Walk(NamedTuple):
            position: jax.Array
            key: jax.Array

        def walk(n):
            def step(state, _):
                key, sub = jax.random.split(state.key)
                return Walk(state.position + jax.random.normal(sub), key)
            init = Walk(jnp.float32(0.0), jax.random.PRNGKey(0))
            return jax.lax.scan(step, init, None, length=n)
        """,
        ["14:16 SCN207"],
    ),
    Case(
        "the same NamedTuple returned inside a pair is fine",
        """
        from typing import NamedTuple

        import jax
        import jax.numpy as jnp

        class Walk(NamedTuple):
            position: jax.Array
            key: jax.Array

        def walk(n):
            def step(state, _):
                key, sub = jax.random.split(state.key)
                new = Walk(state.position + jax.random.normal(sub), key)
                return new, new.position
            init = Walk(jnp.float32(0.0), jax.random.PRNGKey(0))
            return jax.lax.scan(step, init, None, length=n)
        """,
        [],
    ),
    Case(
        "a flax.struct carry updated through .replace with a field of another shape",
        """
        import jax
        import jax.numpy as jnp
        from flax import struct

        @struct.dataclass
        class Filter:
            mean: jax.Array
            cov: jax.Array

        def run(zs):
            def step(f, z):
                cov = jnp.diag(f.cov) + 0.1
                return f.replace(mean=f.mean + z, cov=jnp.sum(f.cov, axis=1)), None
            return jax.lax.scan(step, Filter(jnp.zeros(2), jnp.eye(2)), zs)
        """,
        ["14:16 SCN204"],
    ),
    Case(
        "None in the init that becomes an array",
        """
        import jax.numpy as jnp
        from jax import lax

        def best(candidates: jnp.ndarray):
            def keep(carry, c):
                best_c, best_score = carry
                score = jnp.sum(c)
                return (c, jnp.maximum(score, best_score)), score
            return lax.scan(keep, (None, -jnp.inf), candidates)
        """,
        ["9:17 SCN207"],
    ),
    Case(
        "a fori_loop whose value really is a (value, None) pair is left alone",
        """
        import jax.numpy as jnp
        from jax import lax

        def decay(n):
            def body(i, carry):
                acc, _ = carry
                return acc * 0.5 + i, None
            return lax.fori_loop(0, n, body, (jnp.float32(1.0), None))
        """,
        [],
    ),
    Case(
        "while_loop value promoted to float by a division",
        """
        import jax.numpy as jnp
        from jax import lax

        def halve(n):
            return lax.while_loop(lambda v: v[0] > 1, lambda v: (v[0] / 2, v[1] + 1), (jnp.int32(n), 0))
        """,
        ["6:58 SCN203"],
    ),
    Case(
        "a 3-field NamedTuple returned alone is not a pair",
        """
        from typing import NamedTuple

        import jax.numpy as jnp
        from jax import lax

        class Particle(NamedTuple):
            pos: jnp.ndarray
            vel: jnp.ndarray
            t: jnp.ndarray

        def fall(n):
            def step(p, _):
                vel = p.vel - 9.81 * 0.1
                return Particle(p.pos + 0.1 * vel, vel, p.t + 0.1)
            return lax.scan(step, Particle(jnp.float32(10.0), jnp.float32(0.0), jnp.float32(0.0)), None, length=n)
        """,
        ["15:16 SCN201"],
    ),
    Case(
        "a helper that returns the three statistics without an output",
        """
        import jax

        def update(stats, x):
            n, mean, m2 = stats
            n = n + 1
            delta = x - mean
            mean = mean + delta / n
            return n, mean, m2 + delta * (x - mean)

        def variance(xs):
            def body(stats, x):
                return update(stats, x)
            (n, mean, m2), _ = jax.lax.scan(body, (0.0, 0.0, 0.0), xs)
            return m2 / n
        """,
        ["13:16 SCN201"],
    ),
    Case(
        "while_loop cond returning the int counter",
        """
        import jax.numpy as jnp
        from jax import lax

        def countdown(x):
            def cond(state):
                remaining, _ = state
                return remaining
            return lax.while_loop(cond, lambda s: (s[0] - 1, s[1] * 0.5), (jnp.int32(10), x))
        """,
        ["8:16 SCN208"],
    ),
    Case(
        "while_loop cond over a vector of residuals",
        """
        import jax.numpy as jnp
        from jax import lax

        TOL = 1e-6

        def solve():
            x0 = jnp.ones(3)
            return lax.while_loop(lambda x: jnp.abs(x) > TOL, lambda x: x * 0.5, x0)
        """,
        ["9:37 SCN208"],
    ),
    Case(
        "while_loop cond reduced with jnp.any is fine",
        """
        import jax.numpy as jnp
        from jax import lax

        def solve(tol):
            x0 = jnp.ones(3)
            return lax.while_loop(lambda x: jnp.any(jnp.abs(x) > tol), lambda x: x * 0.5, x0)
        """,
        [],
    ),
    Case(
        "the init and xs come from the call sites this file shows",
        """
        import jax.numpy as jnp
        from jax import lax

        def accumulate(init, xs):
            def step(total, x):
                return total + x / 2, None
            return lax.scan(step, init, xs)[0]

        def main():
            return accumulate(jnp.zeros((), jnp.int32), jnp.arange(5))
        """,
        ["7:16 SCN203"],
    ),
    Case(
        "call sites that pass different inits, both of which work",
        """
        import jax.numpy as jnp
        from jax import lax

        def accumulate(init, xs):
            def step(total, x):
                return total + x / 2, None
            return lax.scan(step, init, xs)[0]

        def main():
            a = accumulate(jnp.zeros(()), jnp.arange(5))
            b = accumulate(0.0, jnp.arange(5.0))
            return a, b
        """,
        [],
    ),
    Case(
        "a static method used as the body, through the class",
        """
        import jax.numpy as jnp
        from jax import lax

        class Integrator:
            @staticmethod
            def step(state, dt):
                return jnp.sum(state * dt), None

        def integrate(n):
            return lax.scan(Integrator.step, jnp.ones(3), jnp.full(n, 0.1))
        """,
        ["8:16 SCN204"],
    ),
    Case(
        "a bound method of an object built in the same function",
        """
        import jax.numpy as jnp
        from jax import lax

        class Env:
            def __init__(self, size):
                self.size = size

            def step(self, obs, action):
                return jnp.concatenate([obs, action[None]]), obs.sum()

        def rollout():
            env = Env(4)
            return lax.scan(env.step, jnp.zeros(4), jnp.ones(10))
        """,
        ["10:16 SCN204"],
    ),
    Case(
        "a body picked from a dict of solvers",
        """
        import jax.numpy as jnp
        from jax import lax

        def euler(y, dt):
            return y + dt * y, y

        def midpoint(y, dt):
            return jnp.stack([y, y + dt]).mean(axis=0, keepdims=True), y

        SOLVERS = {"euler": euler, "midpoint": midpoint}

        def solve(name):
            return lax.scan(SOLVERS["midpoint"], jnp.array([1.0, 0.0]), jnp.full(20, 0.05))
        """,
        ["9:12 SCN204"],
    ),
    Case(
        "vstack grows a cache of rows",
        """
        import jax.numpy as jnp
        from jax import lax

        def attend(queries):
            def step(cache, q):
                return jnp.vstack([cache, q]), cache.mean(axis=0)
            return lax.scan(step, jnp.zeros((1, 8)), queries)
        """,
        ["7:16 SCN204"],
    ),
    Case(
        "an FFT result stored into a real carry",
        """
        import jax.numpy as jnp
        from jax import lax

        def smooth(signal):
            def step(spectrum, x):
                return jnp.fft.fft(spectrum * x), None
            return lax.scan(step, jnp.zeros(16), jnp.ones((4, 16)))
        """,
        ["7:16 SCN203"],
    ),
    Case(
        "a body wrapped in jax.checkpoint at the call site",
        """
        import jax
        import jax.numpy as jnp

        def count(xs):
            def step(n, x):
                return n + x / 2, None
            return jax.lax.scan(jax.checkpoint(step), jnp.int32(0), jnp.arange(4))
        """,
        ["7:16 SCN203"],
    ),
    Case(
        "a vmapped def is not evaluated as if it were not mapped",
        """
        import jax
        import jax.numpy as jnp

        @jax.vmap
        def step(h, x):
            return jnp.outer(h, x).sum(axis=1), None

        def run():
            return jax.lax.scan(step, jnp.zeros((2, 3)), jnp.ones((4, 2, 3)))
        """,
        [],
    ),
    Case(
        "lax.cond whose branches promote an int carry to float",
        """
        import jax.numpy as jnp
        from jax import lax

        def bounce(xs):
            def step(n, x):
                n = lax.cond(x > 0, lambda v: v + 0.5, lambda v: v * 0.5, n)
                return n, None
            return lax.scan(step, jnp.int32(0), jnp.ones(3))
        """,
        ["8:16 SCN203"],
    ),
    Case(
        "an inner fori_loop keeps the carry's type",
        """
        import jax.numpy as jnp
        from jax import lax

        def outer(n):
            def step(h, x):
                h = lax.fori_loop(0, 3, lambda i, v: v * 0.5 + x, h)
                return h, h.sum()
            return lax.scan(step, jnp.zeros(3), jnp.ones((n, 3)))
        """,
        [],
    ),
    Case(
        "an inner scan's stacked outputs stored as the carry",
        """
        import jax.numpy as jnp
        from jax import lax

        def outer():
            def inner(c, x):
                return c + x, c
            def step(h, xs):
                _, history = lax.scan(inner, h, xs)
                return history, None
            return lax.scan(step, jnp.zeros(3), jnp.ones((2, 5, 3)))
        """,
        ["10:16 SCN204"],
    ),
    Case(
        "vmap over a batch inside the body gains a leading axis",
        """
        import jax
        import jax.numpy as jnp

        def score(w):
            return jnp.tanh(w).sum()

        def run():
            def step(best, batch):
                return jnp.maximum(best, jax.vmap(score)(batch)), None
            return jax.lax.scan(step, jnp.float32(0.0), jnp.ones((4, 8, 3)))
        """,
        ["10:16 SCN204"],
    ),
    Case(
        "a dataclass registered by a call, its field changing shape",
        """
        import dataclasses

        import jax
        import jax.numpy as jnp

        @dataclasses.dataclass
        class Controller:
            integral: jax.Array
            previous: jax.Array

        jax.tree_util.register_dataclass(Controller, data_fields=["integral", "previous"], meta_fields=[])

        def track(targets):
            def step(c, target):
                error = target - c.previous
                return dataclasses.replace(c, integral=jnp.atleast_1d(c.integral + error)), error
            return jax.lax.scan(step, Controller(jnp.float32(0.0), jnp.float32(0.0)), targets)

        def main():
            return track(jnp.linspace(0.0, 1.0, 10))
        """,
        ["17:16 SCN204"],
    ),
    Case(
        "a static method read through self as the body",
        """
        import jax.numpy as jnp
        from jax import lax

        class Spring:
            @staticmethod
            def step(state, dt):
                velocity = state["velocity"] - 4.0 * state["position"] * dt
                return {"pos": state["position"] + velocity * dt, "velocity": velocity}, velocity

            def run(self, n):
                init = {"position": jnp.float32(1.0), "velocity": jnp.float32(0.0)}
                return lax.scan(self.step, init, jnp.full(n, 0.01))
        """,
        ["9:16 SCN207"],
    ),
    Case(
        "an attention step whose einsum drops the head axis of the carry",
        """
        import jax.numpy as jnp
        from jax import lax

        def attend(n):
            keys = jnp.ones((n, 4, 8))
            def step(context, k):
                scores = jnp.einsum("hd,hd->h", context, k)
                return jnp.einsum("h,hd->d", scores, k), scores
            return lax.scan(step, jnp.zeros((4, 8)), keys)
        """,
        ["9:16 SCN204"],
    ),
    Case(
        "a power iteration through jnp.dot keeps the vector",
        """
        import jax.numpy as jnp
        from jax import lax

        def power(a):
            matrix = jnp.eye(3) + 0.1
            def body(i, v):
                w = jnp.dot(matrix, v)
                return w / jnp.linalg.norm(w)
            return lax.fori_loop(0, 10, body, jnp.ones(3))
        """,
        [],
    ),
]

ALL = NOT_PAIR + VALID + MIXED + DRIFT + NO_DRIFT + LOOP_PAIRS + CARRY_TYPES


@pytest.mark.parametrize("case", ALL, ids=lambda case: case.id)
def test_scn2xx(case: Case) -> None:
    assert positions(case.source, "SCN2") == sorted(case.expected)


def test_carry_alone_fix_is_safe_only_when_output_is_discarded() -> None:
    source = """
    from jax import lax

    def f(xs):
        def step(c, x):
            return c
        final, _ = lax.scan(step, 0.0, xs)
        kept = lax.scan(step, 0.0, xs)
        return final, kept
    """
    (finding,) = lint(source, frozenset({"SCN201"}))
    assert finding.fix is not None
    # The body is shared by both calls: one of them keeps the output, so the fix is unsafe.
    assert [(e.line, e.column, e.text) for e in finding.fix.edits] == [(6, 15, "c, None")]

    discarded_only = source.replace("kept = lax.scan(step, 0.0, xs)", "kept = lax.scan(step, 0.0, xs)[0]")
    (finding,) = lint(discarded_only, frozenset({"SCN201"}))
    assert finding.fix is not None and finding.fix.safe


def test_messages_name_the_error_and_the_fix() -> None:
    (finding,) = lint(NOT_PAIR[0].source, frozenset({"SCN201"}))
    assert "scan body output must be a pair" in finding.message
    assert "carry, None" in finding.message
    (finding,) = lint(DRIFT[0].source, frozenset({"SCN203"}))
    assert "int32" in finding.message and "equal types" in finding.message


# Each carry-type case, run with real JAX: the call that exercises its loop. A case that expects
# a finding must raise the error its message names; a case that expects none must run.
CARRY_TYPE_CALLS = {
    "a float from jnp.where into a strongly typed int count": "count_hits(jnp.ones(4), 0.5)",
    "the same count with an integer hit is fine": "count_hits(jnp.ones(4), 0.5)",
    "a weakly typed init is promoted by JAX, not flagged": "mean_of(jnp.ones((4, 3)))",
    "a bfloat16 result stored into a float32 field of a NamedTuple through _replace": "run(jnp.ones((5, 4)))",
    "a dtype restored before the return is fine": "run(jnp.ones((5, 4)))",
    "a reduction without keepdims, through a module-level step and functools.partial": "run()",
    "the same loss summed over every axis is fine": "run()",
    "a matrix product that changes the hidden size, body built by a factory": "run(3)",
    "a dict carry that gains a key": "adam_like(jnp.ones((4, 3)))",
    "a tuple carry returned as one stacked array": "simulate(5)",
    "a 2-field NamedTuple state returned alone is read as the (carry, out) pair": "walk(5)",
    "the same NamedTuple returned inside a pair is fine": "walk(5)",
    "a flax.struct carry updated through .replace with a field of another shape": "run(jnp.ones((4, 2)))",
    "None in the init that becomes an array": "best(jnp.ones((4, 2)))",
    "a fori_loop whose value really is a (value, None) pair is left alone": "decay(4)",
    "while_loop value promoted to float by a division": "halve(8)",
    "a 3-field NamedTuple returned alone is not a pair": "fall(3)",
    "a helper that returns the three statistics without an output": "variance(jax.numpy.ones(4))",
    "while_loop cond returning the int counter": "countdown(jnp.float32(1.0))",
    "while_loop cond over a vector of residuals": "solve()",
    "while_loop cond reduced with jnp.any is fine": "solve(1e-3)",
    "the init and xs come from the call sites this file shows": "main()",
    "call sites that pass different inits, both of which work": "main()",
    "a static method used as the body, through the class": "integrate(4)",
    "a bound method of an object built in the same function": "rollout()",
    "a body picked from a dict of solvers": "solve('midpoint')",
    "vstack grows a cache of rows": "attend(jnp.ones((3, 8)))",
    "an FFT result stored into a real carry": "smooth(None)",
    "a body wrapped in jax.checkpoint at the call site": "count(None)",
    "a vmapped def is not evaluated as if it were not mapped": "run()",
    "lax.cond whose branches promote an int carry to float": "bounce(None)",
    "an inner fori_loop keeps the carry's type": "outer(2)",
    "an inner scan's stacked outputs stored as the carry": "outer()",
    "vmap over a batch inside the body gains a leading axis": "run()",
    "a dataclass registered by a call, its field changing shape": "main()",
    "a static method read through self as the body": "Spring().run(3)",
    "an attention step whose einsum drops the head axis of the carry": "attend(3)",
    "a power iteration through jnp.dot keeps the vector": "power(None)",
}
JAX_ERRORS = {
    "SCN201": "scan body output must be a pair",
    "SCN203": "must have equal types",
    "SCN204": "must have equal types",
    "SCN207": "must have the same pytree structure",
    "SCN208": "cond_fun must return a boolean scalar",
}


def test_every_carry_type_case_has_a_call() -> None:
    assert set(CARRY_TYPE_CALLS) == {case.id for case in CARRY_TYPES}


@pytest.mark.runtime
@pytest.mark.parametrize("case", CARRY_TYPES, ids=lambda case: case.id)
def test_carry_type_cases_do_what_jax_does(case: Case) -> None:
    import textwrap

    namespace: dict[str, object] = {}
    exec(compile(textwrap.dedent(case.source), f"<{case.id}>", "exec"), namespace)
    call = CARRY_TYPE_CALLS[case.id]
    codes = {expected.split()[1] for expected in case.expected}
    if not codes:
        eval(call, namespace)
        return
    (code,) = codes
    with pytest.raises(TypeError, match=JAX_ERRORS[code]):
        eval(call, namespace)
