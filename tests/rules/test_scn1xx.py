"""SCN1xx: Flax state created or used inside raw lax.scan bodies, on code written the ways real
Flax code is written (compact and setup styles, every import spelling, every body form)."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest
from helpers import Case, lint, positions

from scanlint.findings import Finding

LINEN_MODULE = [
    Case(
        "compact nn.Dense in a nested def, from flax import linen as nn, from jax import lax",
        """
        from flax import linen as nn
        from jax import lax
        import jax.numpy as jnp

        class DenseRNN(nn.Module):
            @nn.compact
            def __call__(self, xs):
                def step(carry, x):
                    h = nn.Dense(4)(carry)
                    return jnp.tanh(h + x), h
                return lax.scan(step, jnp.zeros(4), xs)
        """,
        ["10:17 SCN101"],
    ),
    Case(
        "the loop through an alias: `scan_fn = jax.lax.scan` at module level, `loop = lax.fori_loop` in the method",
        """
        import jax
        from jax import lax
        import flax.linen as nn

        scan_fn = jax.lax.scan

        class Encoder(nn.Module):
            @nn.compact
            def __call__(self, xs):
                def step(h, x):
                    h = nn.GRUCell(8)(h, x)[0]
                    return h, h
                return scan_fn(step, xs[0], xs)

        class Refiner(nn.Module):
            @nn.compact
            def __call__(self, h):
                loop = lax.fori_loop
                return loop(0, 3, lambda i, z: nn.Dense(8)(z), h)
        """,
        ["12:17 SCN101", "20:40 SCN101"],
    ),
    Case(
        "not flagged: an alias of the lifted `nn.scan`, which handles module state",
        """
        import flax.linen as nn

        scan = nn.scan

        class Encoder(nn.Module):
            @nn.compact
            def __call__(self, carry, xs):
                Cell = scan(nn.GRUCell, variable_broadcast="params", split_rngs={"params": False})
                return Cell(8)(carry, xs)
        """,
        [],
    ),
    Case(
        "import flax.linen, flax.linen.LSTMCell in a lambda, jax.lax.scan",
        """
        import flax.linen
        import jax

        class Recurrent(flax.linen.Module):
            @flax.linen.compact
            def __call__(self, carry, xs):
                return jax.lax.scan(
                    lambda c, x: flax.linen.LSTMCell(4)(c, x), carry, xs
                )
        """,
        ["9:26 SCN101"],
    ),
    Case(
        "a lifted module class built in the body: nn.remat(Block)(...), and through a name",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Block(nn.Module):
            @nn.compact
            def __call__(self, h, x):
                return nn.tanh(nn.Dense(4)(h) + x), h

        class Stack(nn.Module):
            @nn.compact
            def __call__(self, xs):
                RematBlock = nn.remat(Block)
                def step(h, x):
                    h, _ = nn.remat(Block)()(h, x)
                    return RematBlock()(h, x)
                return jax.lax.scan(step, jnp.zeros(4), xs)
        """,
        ["16:20 SCN101", "17:20 SCN101"],
    ),
    Case(
        "a lifted module class called before the scan still writes back in the body during init",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Block(nn.Module):
            @nn.compact
            def __call__(self, h, x):
                return nn.tanh(nn.Dense(4)(h) + x), h

        class Stack(nn.Module):
            @nn.compact
            def __call__(self, xs):
                block = nn.checkpoint(Block)()
                h, _ = block(jnp.zeros(4), xs[0])
                return jax.lax.scan(lambda h, x: block(h, x), h, xs)
        """,
        ["16:42 SCN104"],
    ),
    Case(
        "not flagged: a lifted submodule scanned over only under apply (the sampling idiom)",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Block(nn.Module):
            @nn.compact
            def __call__(self, h, x):
                return nn.tanh(nn.Dense(4)(h) + x), h

        class Sampler(nn.Module):
            def setup(self):
                self.block = nn.remat(Block)()

            def __call__(self, x):
                return self.block(jnp.zeros(4), x)

            def sample(self, xs):
                return jax.lax.scan(lambda h, x: self.block(h, x), jnp.zeros(4), xs)
        """,
        [],
    ),
    Case(
        "from flax.linen import Dense, import jax.lax as L",
        """
        import jax.lax as L
        from flax.linen import Dense, Module, compact

        class Tower(Module):
            @compact
            def __call__(self, xs):
                def step(c, x):
                    return Dense(3)(c) + x, None
                return L.scan(step, xs[0], xs)
        """,
        ["9:20 SCN101"],
    ),
    Case(
        "same-file subclasses, directly and transitively, from jax.lax import scan as s",
        """
        import flax.linen as nn
        from jax.lax import scan as s

        class Block(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dense(4)(x)

        class DeepBlock(Block):
            pass

        class Stack(nn.Module):
            @nn.compact
            def __call__(self, xs):
                def step(c, x):
                    c = Block()(c)
                    c = DeepBlock(name="deep")(c)
                    return c, None
                return s(step, xs[0], xs)
        """,
        ["17:17 SCN101", "18:17 SCN101"],
    ),
    Case(
        "body is self.method",
        """
        import flax.linen as nn
        import jax

        class MethodRNN(nn.Module):
            def step(self, carry, x):
                return nn.Dense(4)(carry) + x, None

            @nn.compact
            def __call__(self, xs):
                return jax.lax.scan(self.step, xs[0], xs)
        """,
        ["7:16 SCN101"],
    ),
    Case(
        "functools.partial body and a helper method the body calls",
        """
        import functools
        import flax.linen as nn
        from jax import lax

        class PartialRNN(nn.Module):
            def layer(self, h):
                return nn.Dense(4, name="layer")(h)

            @nn.compact
            def __call__(self, xs):
                def step(scale, carry, x):
                    return self.layer(carry) * scale + x, None
                return lax.scan(functools.partial(step, 0.5), xs[0], xs)
        """,
        ["8:16 SCN101"],
    ),
    Case(
        "module-level helper called from the body, and a def nested in the body",
        """
        import flax.linen as nn
        from jax import lax

        def mlp(h):
            return nn.Dense(4)(nn.relu(nn.Dense(8)(h)))

        class HelperRNN(nn.Module):
            @nn.compact
            def __call__(self, xs):
                def step(carry, x):
                    def project(v):
                        return nn.DenseGeneral(4)(v)
                    return mlp(carry) + project(x), None
                return lax.scan(step, xs[0], xs)
        """,
        ["6:12 SCN101", "6:32 SCN101", "13:24 SCN101"],
    ),
    Case(
        "not flagged: the lifted nn.scan",
        """
        import flax.linen as nn

        class Lifted(nn.Module):
            @nn.compact
            def __call__(self, xs):
                def step(cell, carry, x):
                    return cell(carry) + x, None
                scan = nn.scan(step, variable_broadcast="params", split_rngs={"params": False})
                return scan(nn.Dense(4), xs[0], xs)
        """,
        [],
    ),
    Case(
        "not flagged: Flax calls next to the scan, plain jax code in the body",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Beside(nn.Module):
            @nn.compact
            def __call__(self, xs):
                xs = nn.Dense(4)(xs)
                def step(c, x):
                    return jnp.tanh(c + x), c
                final, hs = jax.lax.scan(step, xs[0], xs)
                return nn.LayerNorm()(final), hs
        """,
        [],
    ),
    Case(
        "not flagged: an unbound module applied functionally outside any Linen module",
        """
        import flax.linen as nn
        from jax import lax

        def rollout(params, xs):
            def step(c, x):
                return nn.Dense(4).apply(params, c) + x, None
            return lax.scan(step, xs[0], xs)
        """,
        [],
    ),
    Case(
        "not flagged: setup-style module with no compact method (Flax refuses it, scan or not)",
        """
        import flax.linen as nn
        from jax import lax

        class SetupOnly(nn.Module):
            def setup(self):
                self.scale = 2.0

            def __call__(self, xs):
                def step(c, x):
                    return nn.Dense(4)(c) + x, None
                return lax.scan(step, xs[0], xs)
        """,
        [],
    ),
    Case(
        "a module constructed in a body that a module-level factory builds, from jax.lax import scan",
        """
        import flax.linen as nn
        import jax.numpy as jnp
        from jax.lax import scan

        def make_step(module):
            def step(carry, x):
                return jnp.tanh(nn.Dense(4)(carry) + x), carry
            return step

        class FactoryRNN(nn.Module):
            @nn.compact
            def __call__(self, xs):
                return scan(make_step(self), jnp.zeros(4), xs)
        """,
        ["8:25 SCN101"],
    ),
    Case(
        "not flagged: `self(obs)` in the scan body of a method only `apply` runs, whose compact `__call__` (run by init) builds its layers",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Policy(nn.Module):
            @nn.compact
            def __call__(self, obs, deterministic=True):
                h = nn.relu(nn.Dense(16)(obs))
                h = nn.Dropout(0.5)(h, deterministic=deterministic)
                return nn.Dense(3)(h)

            def rollout(self, obs0, steps):
                def body(obs, _):
                    action = self(obs, deterministic=True)
                    return obs, action
                return jax.lax.scan(body, obs0, None, length=steps)

        model = Policy()
        variables = model.init(jax.random.PRNGKey(0), jnp.ones((2, 3)))
        actions = model.apply(variables, jnp.ones((2, 3)), 4, method=Policy.rollout, rngs={})
        """,
        [],
    ),
    Case(
        "a compact method first run by `init(..., method=Policy.rollout)` through `self.step(obs)` in the scan body",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Policy(nn.Module):
            @nn.compact
            def step(self, obs):
                return nn.Dense(3)(nn.relu(nn.Dense(16)(obs)))

            def rollout(self, obs0, steps):
                def body(obs, _):
                    return obs, self.step(obs)
                return jax.lax.scan(body, obs0, None, length=steps)

        model = Policy()
        variables = model.init(jax.random.PRNGKey(0), jnp.ones((2, 3)), 4, method=Policy.rollout)
        """,
        ["9:16 SCN101", "9:36 SCN101"],
    ),
    Case(
        "not flagged: a compact helper method that `__call__` runs at init, called by an apply-only method's scan body",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Policy(nn.Module):
            @nn.compact
            def step(self, obs):
                return nn.Dense(3)(nn.relu(nn.Dense(16)(obs)))

            def __call__(self, obs):
                return self.step(obs)

            def rollout(self, obs0, steps):
                def body(obs, _):
                    return obs, self.step(obs)
                return jax.lax.scan(body, obs0, None, length=steps)

        model = Policy()
        variables = model.init(jax.random.PRNGKey(0), jnp.ones((2, 3)))
        actions = model.apply(variables, jnp.ones((2, 3)), 4, method="rollout")
        """,
        [],
    ),
    Case(
        "not flagged: a scan helper that runs the step once in Python while the module initializes and scans only under apply",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        def unrolled_while_initializing(module, f, init, xs):
            if module.is_initializing():
                return f(init, xs[0])
            return jax.lax.scan(f, init, xs)

        class Integrator(nn.Module):
            @nn.compact
            def __call__(self, xs):
                def step(h, x):
                    h = jnp.tanh(nn.Dense(3, name="cell")(h) + x)
                    w = self.param("gain", nn.initializers.ones, (3,))
                    return h * w, h
                return unrolled_while_initializing(self, step, jnp.zeros(3), xs)
        """,
        [],
    ),
    Case(
        "not flagged: the scan sits in the `else` of `if self.is_initializing():`",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Integrator(nn.Module):
            @nn.compact
            def __call__(self, xs):
                step = lambda h, x: (jnp.tanh(nn.Dense(3, name="cell")(h) + x),) * 2
                if self.is_initializing():
                    h, y = step(jnp.zeros(3), xs[0])
                    return y
                else:
                    return jax.lax.scan(step, jnp.zeros(3), xs)[1]
        """,
        [],
    ),
    Case(
        "Linen: the same helper when its scan also runs while initializing (the guard tests something else)",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        def unrolled_if_short(module, f, init, xs):
            if xs.shape[0] == 1:
                return f(init, xs[0])
            return jax.lax.scan(f, init, xs)

        class Integrator(nn.Module):
            @nn.compact
            def __call__(self, xs):
                def step(h, x):
                    h = jnp.tanh(nn.Dense(3, name="cell")(h) + x)
                    return h, h
                return unrolled_if_short(self, step, jnp.zeros(3), xs)
        """,
        ["15:26 SCN101"],
    ),
]

LINEN_VARIABLE = [
    Case(
        "self.param in a compact nested def",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class ParamRNN(nn.Module):
            hidden: int

            @nn.compact
            def __call__(self, xs):
                def step(carry, x):
                    w = self.param("w", nn.initializers.lecun_normal(), (self.hidden, self.hidden))
                    return jnp.tanh(carry @ w + x), None
                return jax.lax.scan(step, jnp.zeros(self.hidden), xs)
        """,
        ["12:17 SCN102"],
    ),
    Case(
        "self.variable, self.put_variable and self.sow, import flax.linen",
        """
        import flax.linen
        import jax.numpy as jnp
        from jax import lax

        class Stateful(flax.linen.Module):
            @flax.linen.compact
            def __call__(self, xs):
                def step(carry, x):
                    count = self.variable("state", "count", jnp.zeros, ())
                    count.value = count.value + 1
                    self.put_variable("state", "last", carry)
                    self.sow("intermediates", "h", carry)
                    return carry + x, None
                return lax.scan(step, xs[0], xs)
        """,
        ["10:21 SCN102", "12:13 SCN102", "13:13 SCN102"],
    ),
    Case(
        "body is self.method, and self is spelled differently",
        """
        import flax.linen as nn
        import jax

        class MethodParam(nn.Module):
            def step(mdl, carry, x):
                bias = mdl.param("bias", nn.initializers.zeros, carry.shape)
                return carry + bias + x, None

            @nn.compact
            def __call__(mdl, xs):
                return jax.lax.scan(mdl.step, xs[0], xs)
        """,
        ["7:16 SCN102"],
    ),
    Case(
        "lambda body, import jax.lax as L",
        """
        import flax.linen as nn
        import jax.lax as L

        class LambdaParam(nn.Module):
            @nn.compact
            def __call__(self, xs):
                return L.scan(
                    lambda c, x: (c * self.param("g", nn.initializers.ones, ()), x), xs[0], xs
                )
        """,
        ["9:31 SCN102"],
    ),
    Case(
        "helper method called from a partial body",
        """
        from functools import partial
        import flax.linen as nn
        from jax import lax

        class HelperParam(nn.Module):
            def weight(self, n):
                return self.param("w", nn.initializers.lecun_normal(), (n, n))

            @nn.compact
            def __call__(self, xs):
                def step(n, carry, x):
                    return carry @ self.weight(n) + x, None
                return lax.scan(partial(step, 4), xs[0], xs)
        """,
        ["8:16 SCN102"],
    ),
    Case(
        "not flagged: the seed pattern, a parameter allocated outside and closed over",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class LaxScanModule(nn.Module):
            hidden: int
            T: int

            @nn.compact
            def __call__(self, x):
                H = self.hidden
                W = self.param("W", nn.initializers.lecun_normal(), (H, H))

                def body(carry, t):
                    new = jnp.tanh(carry @ W)
                    return new, None

                final, _ = jax.lax.scan(body, x, jnp.arange(self.T))
                return final
        """,
        [],
    ),
    Case(
        "not flagged: reading variables, and a non-Flax class with a param method",
        """
        import flax.linen as nn
        from jax import lax

        class Reader(nn.Module):
            @nn.compact
            def __call__(self, xs):
                def step(c, x):
                    return c + self.variables["params"]["b"] + self.get_variable("state", "s"), None
                return lax.scan(step, xs[0], xs)

        class Plain:
            def param(self, name):
                return 1.0

            def run(self, xs):
                def step(c, x):
                    return c + self.param("a"), None
                return lax.scan(step, 0.0, xs)
        """,
        [],
    ),
    Case(
        "self.param in a body wrapped in jax.checkpoint at the call site",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class ParamRNN(nn.Module):
            @nn.compact
            def __call__(self, xs):
                def step(carry, x):
                    w = self.param("w", nn.initializers.lecun_normal(), (4, 4))
                    return jnp.tanh(carry @ w + x), None
                return jax.lax.scan(jax.checkpoint(step), jnp.zeros(4), xs)
        """,
        ["10:17 SCN102"],
    ),
    Case(
        "module.param in a module-level step that functools.partial hands the module's self",
        """
        import functools

        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        def step(module, carry, x):
            w = module.param("w", nn.initializers.lecun_normal(), (4, 4))
            return jnp.tanh(carry @ w + x), None

        class ParamRNN(nn.Module):
            @nn.compact
            def __call__(self, xs):
                return jax.lax.scan(functools.partial(step, self), jnp.zeros(4), xs)
        """,
        ["9:9 SCN102"],
    ),
    Case(
        "module.param in a module-level step that functools.partial hands the module by keyword",
        """
        import functools

        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        def step(carry, x, module=None):
            w = module.param("w", nn.initializers.lecun_normal(), (4, 4))
            return jnp.tanh(carry @ w + x), None

        class ParamRNN(nn.Module):
            @nn.compact
            def __call__(self, xs):
                return jax.lax.scan(functools.partial(step, module=self), jnp.zeros(4), xs)
        """,
        ["9:9 SCN102"],
    ),
    Case(
        "a BatchNorm in training mode called in the body after a first call before the scan",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Net(nn.Module):
            train: bool = True

            def setup(self):
                self.dense = nn.Dense(4)
                self.bn = nn.BatchNorm(use_running_average=not self.train)

            def __call__(self, xs):
                h = self.bn(self.dense(xs[0]))
                def step(h, x):
                    h = self.bn(self.dense(h) + x)
                    return h, h
                return jax.lax.scan(step, h, xs)

        class Compact(nn.Module):
            @nn.compact
            def __call__(self, xs, train: bool = True):
                norm = nn.BatchNorm()
                h = norm(xs[0], use_running_average=not train)
                return jax.lax.scan(lambda h, x: (norm(h + x, use_running_average=not train), h), h, xs)

        def build():
            return Net(train=False), Net()
        """,
        ["16:17 SCN102", "25:43 SCN102"],
    ),
    Case(
        "not flagged: BatchNorm on running averages in every run, or first called in the body",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Net(nn.Module):
            train: bool = True

            def setup(self):
                self.bn = nn.BatchNorm(use_running_average=not self.train)
                self.frozen = nn.BatchNorm(use_running_average=True)

            def __call__(self, xs):
                h = self.frozen(self.bn(xs[0]))
                def step(h, x):
                    h = self.frozen(self.bn(h + x))
                    return h, h
                return jax.lax.scan(step, h, xs)

        class FirstInBody(nn.Module):
            @nn.compact
            def __call__(self, xs):
                norm = nn.BatchNorm(use_running_average=False)
                return jax.lax.scan(lambda h, x: (norm(h + x), h), xs[0], xs)

        def evaluate(xs):
            model = Net(train=False)
            return model.apply(model.init(jax.random.PRNGKey(0), xs), xs)
        """,
        ["24:43 SCN104"],
    ),
    Case(
        "a submodule whose __call__ updates its running statistics, called in a sampling scan",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp


        class RunningNorm(nn.Module):
            momentum: float = 0.99

            @nn.compact
            def __call__(self, x):
                mean = self.variable("stats", "mean", jnp.zeros, x.shape[-1:])
                if not self.is_initializing():
                    mean.value = self.momentum * mean.value + (1 - self.momentum) * x.mean(0)
                return x - mean.value


        class Policy(nn.Module):
            def setup(self):
                self.norm = RunningNorm()
                self.head = nn.Dense(3)

            def __call__(self, obs):
                return self.head(self.norm(obs))

            def rollout(self, obs0, n):
                def step(obs, _):
                    action = self.head(self.norm(obs))
                    return obs + action.mean(), action
                return jax.lax.scan(step, obs0, None, length=n)
        """,
        ["28:32 SCN102"],
    ),
    Case(
        "not flagged: statistics updated only behind a flag of its own, or only read",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class RunningNorm(nn.Module):
            update_stats: bool = False

            @nn.compact
            def __call__(self, x):
                mean = self.variable("stats", "mean", jnp.zeros, x.shape[-1:])
                if self.update_stats:
                    mean.value = 0.9 * mean.value + 0.1 * x.mean(0)
                return x - mean.value

        class Frozen(nn.Module):
            @nn.compact
            def __call__(self, x):
                return x - self.variable("stats", "mean", jnp.zeros, x.shape[-1:]).value

        class Policy(nn.Module):
            def setup(self):
                self.norm = RunningNorm()
                self.frozen = Frozen()

            def __call__(self, obs):
                return self.frozen(self.norm(obs))

            def rollout(self, obs0, n):
                return jax.lax.scan(lambda o, _: (self.frozen(self.norm(o)), o), obs0, None, length=n)
        """,
        [],
    ),
    Case(
        "not flagged: the same step given an unrelated first argument",
        """
        import functools

        import jax
        import jax.numpy as jnp

        def step(scale, carry, x):
            return jnp.tanh(carry * scale + x), None

        def run(xs):
            return jax.lax.scan(functools.partial(step, 0.5), jnp.zeros(4), xs)
        """,
        [],
    ),
    Case(
        "a variable made before the scan, its value updated in the body",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Counting(nn.Module):
            @nn.compact
            def __call__(self, xs):
                steps = self.variable("counter", "steps", lambda: jnp.zeros((), jnp.int32))
                def step(h, x):
                    steps.value += 1
                    return h + x, h
                return jax.lax.scan(step, xs[0], xs)
        """,
        ["11:13 SCN102"],
    ),
    Case(
        "`self(obs)` in an apply-only rollout's scan body runs `__call__`, whose setup normaliser updates its running mean",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class ObsNorm(nn.Module):
            @nn.compact
            def __call__(self, x):
                mean = self.variable("obs_stats", "mean", jnp.zeros, x.shape[-1:])
                if not self.is_initializing():
                    mean.value = 0.99 * mean.value + 0.01 * x.mean(0)
                return x - mean.value

        class Policy(nn.Module):
            def setup(self):
                self.norm = ObsNorm()
                self.head = nn.Dense(3)

            def __call__(self, obs):
                return self.head(self.norm(obs))

            def rollout(self, obs0, steps):
                def body(obs, _):
                    action = self(obs)
                    return obs + action.sum(-1, keepdims=True), action
                return jax.lax.scan(body, obs0, None, length=steps)
        """,
        ["20:26 SCN102"],
    ),
    Case(
        "the rollout's body calls `self(obs, learning=True)`, which has the normaliser update its mean (`if update:`)",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class RunningMean(nn.Module):
            @nn.compact
            def __call__(self, x, update: bool):
                mean = self.variable("stats", "mean", jnp.zeros, x.shape[-1:])
                if update:
                    mean.value = 0.9 * mean.value + 0.1 * x.mean(0)
                return x - mean.value

        class Agent(nn.Module):
            def setup(self):
                self.norm = RunningMean()
                self.head = nn.Dense(3)

            def __call__(self, obs, learning=False):
                return self.head(self.norm(obs, update=learning))

            def rollout(self, obs0, horizon):
                def step(obs, _):
                    act = self(obs, learning=True)
                    return 0.9 * obs + 0.1 * act, act
                return jax.lax.scan(step, obs0, None, length=horizon)[1]

        agent = Agent()
        variables = agent.init(jax.random.PRNGKey(0), jnp.ones((4, 3)))
        acts = agent.apply(variables, jnp.ones((4, 3)), 10, method=Agent.rollout)
        """,
        ["20:26 SCN102"],
    ),
    Case(
        "not flagged: the rollout's body calls `self(obs)`; the normaliser updates only `if update:`, False in this run",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class RunningMean(nn.Module):
            @nn.compact
            def __call__(self, x, update: bool):
                mean = self.variable("stats", "mean", jnp.zeros, x.shape[-1:])
                if update:
                    mean.value = 0.9 * mean.value + 0.1 * x.mean(0)
                return x - mean.value

        class Agent(nn.Module):
            def setup(self):
                self.norm = RunningMean()
                self.head = nn.Dense(3)

            def __call__(self, obs, learning=False):
                return self.head(self.norm(obs, update=learning))

            def rollout(self, obs0, horizon):
                def step(obs, _):
                    act = self(obs)
                    return 0.9 * obs + 0.1 * act, act
                return jax.lax.scan(step, obs0, None, length=horizon)[1]

        agent = Agent()
        variables = agent.init(jax.random.PRNGKey(0), jnp.ones((4, 3)))
        acts = agent.apply(variables, jnp.ones((4, 3)), 10, method=Agent.rollout)
        """,
        [],
    ),
    Case(
        "a module-level helper the body calls with the module (`rnn_step(self, h, x)` in a lambda, `noisy_step(self, ...)` in a def)",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        def rnn_step(module, h, x):
            w = module.param("w", nn.initializers.normal(), (h.shape[-1], h.shape[-1]))
            return jnp.tanh(h @ w + x), h

        def noisy_step(module, h, x):
            noise = jax.random.normal(module.make_rng("noise"), h.shape)
            return h + x + noise, noise

        class RNN(nn.Module):
            @nn.compact
            def __call__(self, xs):
                return jax.lax.scan(lambda h, x: rnn_step(self, h, x), jnp.zeros(xs.shape[1:]), xs)

        class Noisy(nn.Module):
            @nn.compact
            def __call__(self, xs):
                def body(h, x):
                    return noisy_step(self, h, x)
                return jax.lax.scan(body, jnp.zeros(xs.shape[1:]), xs)
        """,
        ["7:9 SCN102", "11:31 SCN103"],
    ),
    Case(
        "not flagged: the helper is given the parameter array made before the scan, or something that is no method's `self`",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        def rnn_step(w, h, x):
            return jnp.tanh(h @ w + x), h

        def describe(module, h, x):
            return module.param("w", nn.initializers.normal(), (2, 2))

        class RNN(nn.Module):
            @nn.compact
            def __call__(self, xs):
                w = self.param("w", nn.initializers.normal(), (xs.shape[-1], xs.shape[-1]))
                return jax.lax.scan(lambda h, x: rnn_step(w, h, x), jnp.zeros(xs.shape[1:]), xs)

        class Other(nn.Module):
            @nn.compact
            def __call__(self, xs):
                inner = nn.Dense(2)
                return jax.lax.scan(lambda h, x: (describe(inner, h, x), h), xs[0], xs)
        """,
        [],
    ),
    Case(
        "a setup attention layer built with decode=True (a field every construction sets), run by an apply-only generate scan through `self(tok)`",
        """
        from flax import linen as nn
        from jax import lax
        import jax.numpy as jnp

        class Decoder(nn.Module):
            decode: bool = False

            def setup(self):
                self.embed = nn.Embed(10, 8)
                self.attn = nn.MultiHeadDotProductAttention(num_heads=2, decode=self.decode)
                self.out = nn.Dense(10)

            def __call__(self, tokens):
                h = self.embed(tokens)
                return self.out(self.attn(h, h))

            def generate(self, first, length):
                def step(tok, _):
                    nxt = jnp.argmax(self(tok[:, None])[:, 0], -1)
                    return nxt, nxt
                return lax.scan(step, first, None, length=length)[1]

        decoder = Decoder(decode=True)
        """,
        ["16:25 SCN102"],
    ),
    Case(
        "not flagged: the same decoder built with decode=False",
        """
        from flax import linen as nn
        from jax import lax
        import jax.numpy as jnp

        class Decoder(nn.Module):
            decode: bool = False

            def setup(self):
                self.embed = nn.Embed(10, 8)
                self.attn = nn.MultiHeadDotProductAttention(num_heads=2, decode=self.decode)
                self.out = nn.Dense(10)

            def __call__(self, tokens):
                h = self.embed(tokens)
                return self.out(self.attn(h, h))

            def generate(self, first, length):
                def step(tok, _):
                    nxt = jnp.argmax(self(tok[:, None])[:, 0], -1)
                    return nxt, nxt
                return lax.scan(step, first, None, length=length)[1]

        decoder = Decoder(decode=False)
        """,
        [],
    ),
    Case(
        "a value sown in the body into `intermediates`, which an apply collects",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Forecaster(nn.Module):
            @nn.compact
            def __call__(self, xs):
                cell = nn.GRUCell(8)
                h0 = cell.initialize_carry(jax.random.PRNGKey(0), xs[0].shape)
                h, _ = cell(h0, xs[0])
                def step(h, x):
                    h, y = cell(h, x)
                    self.sow("intermediates", "hidden", h)
                    return h, y
                return jax.lax.scan(step, h, xs)[1]

        def main():
            model = Forecaster()
            xs = jnp.ones((5, 2, 3))
            variables = model.init(jax.random.PRNGKey(0), xs)
            ys, state = model.apply(variables, xs, mutable=["intermediates"])
        """,
        ["14:13 SCN102"],
    ),
    Case(
        "not flagged: a value sown in the body into `intermediates`, which no run of the file collects",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Forecaster(nn.Module):
            @nn.compact
            def __call__(self, xs):
                cell = nn.GRUCell(8)
                h0 = cell.initialize_carry(jax.random.PRNGKey(0), xs[0].shape)
                h, _ = cell(h0, xs[0])
                def step(h, x):
                    h, y = cell(h, x)
                    self.sow("intermediates", "hidden", h)
                    return h, y
                return jax.lax.scan(step, h, xs)[1]

        def main():
            model = Forecaster()
            xs = jnp.ones((5, 2, 3))
            variables = model.init(jax.random.PRNGKey(0), xs)
            ys = model.apply(variables, xs)
        """,
        [],
    ),
    Case(
        "a counter `__call__` updates under apply, reached by `self(obs)` in the scan body of a method only apply runs",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class CountingPolicy(nn.Module):
            @nn.compact
            def __call__(self, obs):
                steps = self.variable("counters", "env_steps", lambda: jnp.zeros((), jnp.int32))
                if not self.is_initializing():
                    steps.value += 1
                return nn.Dense(2)(obs)

            def rollout(self, obs0, length):
                def body(obs, _):
                    logits = self(obs)
                    return jnp.roll(obs, 1) + logits.max(), jnp.argmax(logits)
                return jax.lax.scan(body, obs0, None, length=length)[1]

        def run(obs):
            policy = CountingPolicy()
            variables = policy.init(jax.random.key(0), obs)
            return policy.apply(variables, obs, 5, method="rollout", mutable=["counters"])
        """,
        ["11:13 SCN102"],
    ),
    Case(
        "not flagged: the counter is updated only when the call asks for it, and the scan body's call does not",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class CountingPolicy(nn.Module):
            @nn.compact
            def __call__(self, obs, count=True):
                steps = self.variable("counters", "env_steps", lambda: jnp.zeros((), jnp.int32))
                if count and not self.is_initializing():
                    steps.value += 1
                return nn.Dense(2)(obs)

            def rollout(self, obs0, length):
                def body(obs, _):
                    logits = self(obs, count=False)
                    return jnp.roll(obs, 1) + logits.max(), jnp.argmax(logits)
                return jax.lax.scan(body, obs0, None, length=length)[1]

        def run(obs):
            policy = CountingPolicy()
            variables = policy.init(jax.random.key(0), obs)
            return policy.apply(variables, obs, 5, method="rollout")
        """,
        [],
    ),
    Case(
        "not flagged: a lax.cond branch in the body copies the online layer's parameters into a target variable (no operation runs)",
        """
        import jax.numpy as jnp
        import flax.linen as nn
        from jax import lax

        class QNetWithTarget(nn.Module):
            @nn.compact
            def __call__(self, obs_seq):
                q_layer = nn.Dense(3)
                q_layer(obs_seq[0])
                target_bias = self.variable("target", "bias", jnp.zeros, (3,))

                def sync():
                    target_bias.value = q_layer.variables["params"]["bias"]
                    return jnp.array(1)

                def step(t, obs):
                    synced = lax.cond(t % 2 == 0, sync, lambda: jnp.array(0))
                    return t + 1, q_layer(obs).max() - target_bias.value.max() + synced

                return lax.scan(step, 0, obs_seq)[1]
        """,
        [],
    ),
    Case(
        "the same target variable given a value computed in the body (`.T` runs an operation too)",
        """
        import jax.numpy as jnp
        import flax.linen as nn
        from jax import lax

        class QNetWithTarget(nn.Module):
            @nn.compact
            def __call__(self, obs_seq):
                q_layer = nn.Dense(3)
                q_layer(obs_seq[0])
                target_bias = self.variable("target", "bias", jnp.zeros, (3,))
                target_kernel = self.variable("target", "kernel", jnp.zeros, (3, 3))

                def step(t, obs):
                    target_bias.value = 0.5 * q_layer.variables["params"]["bias"]
                    target_kernel.value = q_layer.variables["params"]["kernel"].T
                    return t + 1, q_layer(obs).max()

                return lax.scan(step, 0, obs_seq)[1]
        """,
        ["15:13 SCN102", "16:13 SCN102"],
    ),
    Case(
        "`layer.param` in a module-level helper bound with `partial(helper, self, ...)` to a name the body calls",
        """
        from functools import partial

        import jax.numpy as jnp
        from flax import linen as nn
        from jax import lax

        def _ssm_step(layer, x_t, *, state_dim):
            log_lambda = layer.param("log_lambda", nn.initializers.normal(0.1), (state_dim,))
            return jnp.exp(-jnp.exp(log_lambda)) * x_t

        class DiagonalSSM(nn.Module):
            state_dim: int = 8

            @nn.compact
            def __call__(self, u):
                decay = partial(_ssm_step, self, state_dim=self.state_dim)
                def body(h, u_t):
                    h = decay(h) + u_t
                    return h, h
                return lax.scan(body, jnp.zeros((self.state_dim,)), u)[1]
        """,
        ["9:18 SCN102"],
    ),
    Case(
        "not flagged: the partial-bound helper runs once before the scan; the body closes over its result",
        """
        from functools import partial

        import jax.numpy as jnp
        from flax import linen as nn
        from jax import lax

        def _decay(layer, *, state_dim):
            log_lambda = layer.param("log_lambda", nn.initializers.normal(0.1), (state_dim,))
            return jnp.exp(-jnp.exp(log_lambda))

        class DiagonalSSM(nn.Module):
            state_dim: int = 8

            @nn.compact
            def __call__(self, u):
                decay = partial(_decay, self, state_dim=self.state_dim)
                factor = decay()
                def body(h, u_t):
                    h = factor * h + u_t
                    return h, h
                return lax.scan(body, jnp.zeros((self.state_dim,)), u)[1]
        """,
        [],
    ),
    Case(
        "a submodule whose `__call__` sows its attention into a collection an apply collects, called in the body after its first call",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class MemoryBlock(nn.Module):
            @nn.compact
            def __call__(self, memory, chunk):
                probs = nn.softmax(nn.Dense(4)(memory) @ nn.Dense(4)(chunk).T, axis=-1)
                self.sow("intermediates", "attention_probs", probs)
                return memory + probs @ chunk

        class RecurrentMemory(nn.Module):
            def setup(self):
                self.block = MemoryBlock()

            def __call__(self, memory, chunks):
                memory = self.block(memory, chunks[0])
                def step(memory, chunk):
                    memory = self.block(memory, chunk)
                    return memory, memory.mean(0)
                return jax.lax.scan(step, memory, chunks[1:])

        def run(memory, chunks):
            model = RecurrentMemory()
            params = model.init(jax.random.key(0), memory, chunks)["params"]
            return model.apply({"params": params}, memory, chunks, mutable=["intermediates"])
        """,
        ["20:22 SCN102"],
    ),
    Case(
        "not flagged: the same sowing submodule when no init or apply of the file collects the collection",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class MemoryBlock(nn.Module):
            @nn.compact
            def __call__(self, memory, chunk):
                probs = nn.softmax(nn.Dense(4)(memory) @ nn.Dense(4)(chunk).T, axis=-1)
                self.sow("intermediates", "attention_probs", probs)
                return memory + probs @ chunk

        class RecurrentMemory(nn.Module):
            def setup(self):
                self.block = MemoryBlock()

            def __call__(self, memory, chunks):
                memory = self.block(memory, chunks[0])
                def step(memory, chunk):
                    memory = self.block(memory, chunk)
                    return memory, memory.mean(0)
                return jax.lax.scan(step, memory, chunks[1:])

        def run(memory, chunks):
            model = RecurrentMemory()
            variables = model.init(jax.random.key(0), memory, chunks)
            return model.apply(variables, memory, chunks)
        """,
        [],
    ),
    Case(
        "a same-file submodule whose `__call__` runs a training-mode BatchNorm, bound before a fori_loop and called in its body after a first call",
        """
        import flax.linen as nn
        from jax.lax import fori_loop

        class VectorField(nn.Module):
            @nn.compact
            def __call__(self, y, train: bool):
                h = nn.Dense(6)(y)
                return nn.tanh(nn.BatchNorm(use_running_average=not train, momentum=0.9)(h))

        class ODEBlock(nn.Module):
            @nn.compact
            def __call__(self, y0, train: bool = True):
                field = VectorField()
                _ = field(y0, train)
                def rk2(i, y):
                    k1 = field(y, train)
                    return y + 0.1 * k1
                return fori_loop(0, 5, rk2, y0)

        def train_step(variables, batch):
            return ODEBlock().apply(variables, batch, train=True, mutable=["batch_stats"])
        """,
        ["17:18 SCN102"],
    ),
    Case(
        "not flagged: the same field when every run evaluates (`train=False`)",
        """
        import jax
        import flax.linen as nn
        from jax.lax import fori_loop

        class VectorField(nn.Module):
            @nn.compact
            def __call__(self, y, train: bool):
                h = nn.Dense(6)(y)
                return nn.tanh(nn.BatchNorm(use_running_average=not train, momentum=0.9)(h))

        class ODEBlock(nn.Module):
            @nn.compact
            def __call__(self, y0, train: bool = False):
                field = VectorField()
                _ = field(y0, train)
                def rk2(i, y):
                    return y + 0.1 * field(y, train)
                return fori_loop(0, 5, rk2, y0)

        def evaluate(y0):
            model = ODEBlock()
            variables = model.init(jax.random.key(0), y0)
            return model.apply(variables, y0, train=False)
        """,
        [],
    ),
    Case(
        "a submodule built inline in `__call__`, reached by `self(tok, decode=True)` in a generate loop, writes its cache",
        """
        import jax.numpy as jnp
        import flax.linen as nn
        from jax.lax import while_loop

        class CachedAttention(nn.Module):
            @nn.compact
            def __call__(self, x, decode: bool = False):
                k = nn.Dense(8)(x)
                if not decode:
                    return k
                ck = self.variable("cache", "k", jnp.zeros, (4, 8))
                ck.value = ck.value + k
                return ck.value

        class TinyLM(nn.Module):
            @nn.compact
            def __call__(self, tokens, decode=False):
                h = nn.Embed(13, 8)(tokens)
                return CachedAttention()(h, decode)

            def generate(self, first):
                def body(state):
                    i, tok = state
                    logits = self(tok, decode=True)
                    return i + 1, jnp.argmax(logits[-1]).astype(jnp.int32)
                return while_loop(lambda s: s[0] < 4, body, (0, first))
        """,
        ["20:16 SCN102"],
    ),
    Case(
        "not flagged: the generate loop calls it with `decode=False`, which returns before the cache",
        """
        import jax.numpy as jnp
        import flax.linen as nn
        from jax.lax import while_loop

        class CachedAttention(nn.Module):
            @nn.compact
            def __call__(self, x, decode: bool = False):
                k = nn.Dense(8)(x)
                if not decode:
                    return k
                ck = self.variable("cache", "k", jnp.zeros, (4, 8))
                ck.value = ck.value + k
                return ck.value

        class TinyLM(nn.Module):
            @nn.compact
            def __call__(self, tokens, decode=False):
                h = nn.Embed(13, 8)(tokens)
                return CachedAttention()(h, decode)

            def generate(self, first):
                def body(state):
                    i, tok = state
                    logits = self(tok, decode=False)
                    return i + 1, jnp.argmax(logits[-1]).astype(jnp.int32)
                return while_loop(lambda s: s[0] < 4, body, (0, first))
        """,
        [],
    ),
    Case(
        "not flagged: the loop body calls the BatchNorm-holding block with a literal `train=False`, whatever other calls pass",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class DEQBlock(nn.Module):
            @nn.compact
            def __call__(self, z, x, train: bool):
                z = nn.Dense(8)(z) + x
                return nn.tanh(nn.BatchNorm(use_running_average=not train)(z))

        class DEQ(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                block = DEQBlock()
                z0 = block(jnp.zeros_like(x), x, train)
                def body(state):
                    i, z = state
                    return i + 1, block(z, x, False)
                return jax.lax.while_loop(lambda s: s[0] < 10, body, (0, z0))[1]

        def fit(x):
            model = DEQ()
            variables = model.init(jax.random.key(1), x, train=True)
            return model.apply(variables, x, train=True, mutable=["batch_stats"])
        """,
        [],
    ),
    Case(
        "a block given `norm=partial(nn.BatchNorm, use_running_average=not train)` as a field (the Flax ResNet idiom), called in a scan body after a first call",
        """
        from functools import partial
        from typing import Any

        import jax
        import flax.linen as nn

        ModuleDef = Any

        class ResBlock(nn.Module):
            features: int
            norm: ModuleDef

            @nn.compact
            def __call__(self, x):
                y = nn.Dense(self.features)(x)
                y = self.norm(scale_init=nn.initializers.zeros_init())(y)
                return x + nn.relu(y)

        class TiedResNet(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                norm = partial(nn.BatchNorm, use_running_average=not train, momentum=0.9)
                block = ResBlock(8, norm=norm)
                x = block(x)
                def body(h, _):
                    return block(h), None
                return jax.lax.scan(body, x, None, length=3)[0]

        def train_step(variables, x):
            return TiedResNet().apply(variables, x, train=True, mutable=["batch_stats"])
        """,
        ["27:20 SCN102"],
    ),
    Case(
        "the same idiom with a positional field and the partial written at the construction",
        """
        import functools

        import jax
        from flax import linen as nn

        class ResBlock(nn.Module):
            features: int
            norm: type = nn.BatchNorm

            @nn.compact
            def __call__(self, x):
                return x + self.norm()(nn.Dense(self.features)(x))

        class TiedResNet(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                block = ResBlock(8, functools.partial(nn.BatchNorm, use_running_average=not train))
                x = block(x)
                x, _ = jax.lax.scan(lambda h, _: (block(h), None), x, None, length=3)
                return x

        def train_step(variables, x):
            return TiedResNet().apply(variables, x, train=True, mutable=["batch_stats"])
        """,
        ["20:43 SCN102"],
    ),
    Case(
        "not flagged: the `norm` partial when every run evaluates, or on running averages",
        """
        from functools import partial

        import jax
        import flax.linen as nn

        class ResBlock(nn.Module):
            features: int
            norm: type

            @nn.compact
            def __call__(self, x):
                return x + self.norm()(nn.Dense(self.features)(x))

        class TiedResNet(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                norm = partial(nn.BatchNorm, use_running_average=not train)
                block = ResBlock(8, norm=norm)
                x = block(x)
                return jax.lax.scan(lambda h, _: (block(h), None), x, None, length=3)[0]

        class FrozenResNet(nn.Module):
            @nn.compact
            def __call__(self, x):
                block = ResBlock(8, norm=partial(nn.BatchNorm, use_running_average=True))
                x = block(x)
                return jax.lax.scan(lambda h, _: (block(h), None), x, None, length=3)[0]

        def evaluate(variables, x):
            return TiedResNet().apply(variables, x, train=False)
        """,
        [],
    ),
    Case(
        "not flagged: a `norm` field whose value this file does not show (a factory argument)",
        """
        import jax
        import flax.linen as nn

        class ResBlock(nn.Module):
            norm: type

            @nn.compact
            def __call__(self, x):
                return x + self.norm()(x)

        def make(norm):
            return ResBlock(norm=norm)

        class Net(nn.Module):
            @nn.compact
            def __call__(self, x):
                block = make(nn.LayerNorm)
                x = block(x)
                return jax.lax.scan(lambda h, _: (block(h), None), x, None, length=3)[0]
        """,
        [],
    ),
    Case(
        "a training-mode BatchNorm two modules down (`self.backbone` -> `ResBlock`), the flag passed down from the body's `train=True`",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class ResBlock(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                return x + nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(x))

        class Backbone(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                for i in range(2):
                    x = ResBlock(name=f"block_{i}")(x, train)
                return x

        class Net(nn.Module):
            def setup(self):
                self.backbone = Backbone()
                self.head = nn.Dense(2)

            def __call__(self, x, train: bool = False):
                return self.head(self.backbone(x, train))

            def accumulate(self, micro_xs):
                def body(total, x):
                    return total + self.head(self.backbone(x, train=True)).sum(), None
                return jax.lax.scan(body, jnp.zeros(()), micro_xs)[0]
        """,
        ["28:38 SCN102"],
    ),
    Case(
        "not flagged: the same nesting when the body passes `train=False`",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class ResBlock(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                return x + nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(x))

        class Backbone(nn.Module):
            def setup(self):
                self.blocks = [ResBlock() for _ in range(2)]

            def __call__(self, x, train: bool):
                for block in self.blocks:
                    x = block(x, train)
                return x

        class Net(nn.Module):
            def setup(self):
                self.backbone = Backbone()

            def __call__(self, x, train: bool = True):
                return self.backbone(x, train)

            def evaluate(self, xs):
                def body(total, x):
                    return total + self.backbone(x, train=False).sum(), None
                return jax.lax.scan(body, jnp.zeros(()), xs)[0]
        """,
        [],
    ),
    Case(
        "layers of a `setup` list that sow, run through `zip(self.layers, hs)` in a step method the body calls (init built them through `__call__`)",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class GatedLayer(nn.Module):
            @nn.compact
            def __call__(self, h, x):
                gate = nn.sigmoid(nn.Dense(4)(h + x))
                self.sow("intermediates", "gate", gate.mean())
                return gate * h

        class LM(nn.Module):
            def setup(self):
                self.layers = [GatedLayer() for _ in range(2)]

            def step(self, hs, x):
                new = []
                for layer, h in zip(self.layers, hs):
                    x = layer(h, x)
                    new.append(x)
                return tuple(new), x

            def __call__(self, x):
                return self.step((x, x), x)[1]

            def generate(self, x):
                def body(hs, _):
                    hs, y = self.step(hs, x)
                    return hs, y
                return jax.lax.scan(body, (x, x), None, length=3)[1]

        def run(model, params, x):
            return model.apply({"params": params}, x, method=LM.generate, mutable=["intermediates"])
        """,
        ["20:17 SCN102"],
    ),
    Case(
        "the mode comes from runs the file shows through `partial(model.apply, mutable=...)` in a factory the model is handed to",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Block(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                return nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(x))

        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                block = Block()
                x = block(x, False)
                return jax.lax.fori_loop(0, 3, lambda i, h: block(h, train), x)

        def make_step(model):
            forward = functools.partial(model.apply, mutable=["batch_stats"])
            return jax.jit(lambda variables, x: forward(variables, x))

        def main():
            model = Net()
            variables = model.init(jax.random.key(0), jnp.ones((2, 4)), train=False)
            return make_step(model)(variables, jnp.ones((2, 4)))
        """,
        ["18:53 SCN102"],
    ),
    Case(
        "not flagged: the same runs when every call passes `train=False`",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Block(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                return nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(x))

        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                block = Block()
                x = block(x, False)
                return jax.lax.fori_loop(0, 3, lambda i, h: block(h, train), x)

        def make_step(model):
            forward = functools.partial(model.apply, mutable=["batch_stats"])
            return jax.jit(lambda variables, x: forward(variables, x, train=False))

        def main():
            model = Net()
            variables = model.init(jax.random.key(0), jnp.ones((2, 4)), train=False)
            return make_step(model)(variables, jnp.ones((2, 4)))
        """,
        [],
    ),
    Case(
        "the decode cache idiom (`if self.has_variable(...)`) two modules below `self(h)` in a while_loop body of a generate method",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class CachedAttention(nn.Module):
            @nn.compact
            def __call__(self, x):
                initialized = self.has_variable("cache", "keys")
                keys = self.variable("cache", "keys", jnp.zeros, (x.shape[0], 8, 4))
                index = self.variable("cache", "index", lambda: jnp.zeros((), jnp.int32))
                if initialized:
                    keys.value = jax.lax.dynamic_update_slice(keys.value, x[:, None], (0, index.value, 0))
                    index.value = index.value + 1
                return nn.Dense(4)(keys.value.sum(1))

        class Block(nn.Module):
            @nn.compact
            def __call__(self, x):
                return x + CachedAttention()(nn.LayerNorm()(x))

        class Decoder(nn.Module):
            def setup(self):
                self.blocks = [Block() for _ in range(2)]

            def __call__(self, x):
                for block in self.blocks:
                    x = block(x)
                return x

            def generate(self, x):
                def body(carry):
                    i, h = carry
                    return i + 1, self(h)
                return jax.lax.while_loop(lambda c: c[0] < 4, body, (0, x))[1]
        """,
        ["28:17 SCN102"],
    ),
    Case(
        "not flagged: the same nesting when the cache is written only while `init` makes it (`if not initialized:`)",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class CachedAttention(nn.Module):
            @nn.compact
            def __call__(self, x):
                initialized = self.has_variable("cache", "keys")
                keys = self.variable("cache", "keys", jnp.zeros, (x.shape[0], 8, 4))
                index = self.variable("cache", "index", lambda: jnp.zeros((), jnp.int32))
                if not initialized:
                    keys.value = jax.lax.dynamic_update_slice(keys.value, x[:, None], (0, index.value, 0))
                    index.value = index.value + 1
                return nn.Dense(4)(keys.value.sum(1))

        class Block(nn.Module):
            @nn.compact
            def __call__(self, x):
                return x + CachedAttention()(nn.LayerNorm()(x))

        class Decoder(nn.Module):
            def setup(self):
                self.blocks = [Block() for _ in range(2)]

            def __call__(self, x):
                for block in self.blocks:
                    x = block(x)
                return x

            def generate(self, x):
                def body(carry):
                    i, h = carry
                    return i + 1, self(h)
                return jax.lax.while_loop(lambda c: c[0] < 4, body, (0, x))[1]
        """,
        [],
    ),
    Case(
        "a module-level helper that writes the Linen variable `functools.partial(helper, self.ema)` binds, called in a fori_loop body",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        def ema_update(var, x, decay):
            var.value = decay * var.value + (1.0 - decay) * x
            return var.value

        class Tracker(nn.Module):
            def setup(self):
                self.encoder = nn.Dense(4)
                self.ema = self.variable("ema_stats", "mean", jnp.zeros, (4,))

            def __call__(self, frame):
                return self.encoder(frame) - self.ema.value

            def track(self, frames):
                update = functools.partial(ema_update, self.ema, decay=0.9)
                def body(i, drift):
                    return drift + update(self.encoder(frames[i])).sum()
                return jax.lax.fori_loop(0, frames.shape[0], body, jnp.zeros(()))
        """,
        ["9:5 SCN102"],
    ),
    Case(
        "not flagged: the same partial when the helper only reads the variable",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        def ema_update(var, x, decay):
            return decay * var.value + (1.0 - decay) * x

        class Tracker(nn.Module):
            def setup(self):
                self.encoder = nn.Dense(4)
                self.ema = self.variable("ema_stats", "mean", jnp.zeros, (4,))

            def __call__(self, frame):
                return self.encoder(frame) - self.ema.value

            def track(self, frames):
                update = functools.partial(ema_update, self.ema, decay=0.9)
                def body(i, drift):
                    return drift + update(self.encoder(frames[i])).sum()
                return jax.lax.fori_loop(0, frames.shape[0], body, jnp.zeros(()))
        """,
        [],
    ),
    Case(
        "`model.apply(...)` without `mutable` in a helper the scan body calls, on a model whose nested BatchNorm trains in that run",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class ScoreBlock(nn.Module):
            @nn.compact
            def __call__(self, h, train: bool):
                return nn.elu(nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(h)))

        class ScoreNet(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                return nn.Dense(2)(ScoreBlock()(x, train))

        def langevin_step(model, variables, x, step_size):
            return x + step_size * model.apply(variables, x)

        def sample(model, variables, x0):
            def body(x, _):
                x = langevin_step(model, variables, x, 0.01)
                return x, x
            return jax.lax.scan(body, x0, None, length=5)[1]

        def main():
            model = ScoreNet()
            x0 = jnp.ones((4, 2))
            variables = model.init(jax.random.key(0), x0)
            return sample(model, variables, x0)
        """,
        ["17:28 SCN102"],
    ),
    Case(
        "not flagged: the same apply with `train=False`",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class ScoreBlock(nn.Module):
            @nn.compact
            def __call__(self, h, train: bool):
                return nn.elu(nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(h)))

        class ScoreNet(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                return nn.Dense(2)(ScoreBlock()(x, train))

        def langevin_step(model, variables, x, step_size):
            return x + step_size * model.apply(variables, x, train=False)

        def sample(model, variables, x0):
            def body(x, _):
                x = langevin_step(model, variables, x, 0.01)
                return x, x
            return jax.lax.scan(body, x0, None, length=5)[1]

        def main():
            model = ScoreNet()
            x0 = jnp.ones((4, 2))
            variables = model.init(jax.random.key(0), x0)
            return sample(model, variables, x0)
        """,
        [],
    ),
    Case(
        "`model.apply(..., method=QNetwork.act)` without `mutable` in a fori_loop body; `act` updates a `setup` variable; the loop runs under `jax.jit(run_episode)`",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class QNetwork(nn.Module):
            def setup(self):
                self.out = nn.Dense(2)
                self.counts = self.variable("counters", "action_counts", jnp.zeros, (2,))

            def __call__(self, obs):
                return self.out(obs)

            def act(self, obs):
                action = jnp.argmax(self(obs), axis=-1)
                self.counts.value = self.counts.value + jax.nn.one_hot(action, 2)
                return action

        def run_episode(model, variables, obs0):
            def body(t, obs):
                action = model.apply(variables, obs, method=QNetwork.act)
                return jnp.roll(obs, action)
            return jax.lax.fori_loop(0, 5, body, obs0)

        def main():
            model = QNetwork()
            obs = jnp.ones(4)
            variables = model.init(jax.random.key(0), obs)
            return jax.jit(run_episode, static_argnums=0)(model, variables, obs)
        """,
        ["21:18 SCN102"],
    ),
    Case(
        "not flagged: the same apply through `__call__`, which updates nothing",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class QNetwork(nn.Module):
            def setup(self):
                self.out = nn.Dense(2)
                self.counts = self.variable("counters", "action_counts", jnp.zeros, (2,))

            def __call__(self, obs):
                return self.out(obs)

            def act(self, obs):
                action = jnp.argmax(self(obs), axis=-1)
                self.counts.value = self.counts.value + jax.nn.one_hot(action, 2)
                return action

        def run_episode(model, variables, obs0):
            def body(t, obs):
                action = model.apply(variables, obs)
                return jnp.roll(obs, action)
            return jax.lax.fori_loop(0, 5, body, obs0)

        def main():
            model = QNetwork()
            obs = jnp.ones(4)
            variables = model.init(jax.random.key(0), obs)
            return jax.jit(run_episode, static_argnums=0)(model, variables, obs)
        """,
        [],
    ),
    Case(
        "a decode flag passed down two modules to the attention whose cache is written, from `self(h, decode=True)` in a generate scan",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Attention(nn.Module):
            @nn.compact
            def __call__(self, x, decode: bool = False):
                if decode:
                    initialized = self.has_variable("cache", "index")
                    index = self.variable("cache", "index", lambda: jnp.zeros((), jnp.int32))
                    if initialized:
                        index.value = index.value + 1
                return nn.Dense(4)(x)

        class Block(nn.Module):
            @nn.compact
            def __call__(self, x, decode: bool = False):
                return x + Attention()(x, decode)

        class Decoder(nn.Module):
            def setup(self):
                self.blocks = [Block() for _ in range(2)]

            def __call__(self, x, decode: bool = False):
                for block in self.blocks:
                    x = block(x, decode)
                return x

            def generate(self, x):
                def body(h, _):
                    h = self(h, decode=True)
                    return h, h
                return jax.lax.scan(body, x, None, length=3)[1]

        def main(x):
            model = Decoder()
            variables = model.init(jax.random.key(0), x, decode=True)
            return model.apply(variables, x, method=Decoder.generate, mutable=["cache"])
        """,
        ["27:17 SCN102"],
    ),
    Case(
        "not flagged: the same generate loop calling `self(h)` with decoding off",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Attention(nn.Module):
            @nn.compact
            def __call__(self, x, decode: bool = False):
                if decode:
                    initialized = self.has_variable("cache", "index")
                    index = self.variable("cache", "index", lambda: jnp.zeros((), jnp.int32))
                    if initialized:
                        index.value = index.value + 1
                return nn.Dense(4)(x)

        class Block(nn.Module):
            @nn.compact
            def __call__(self, x, decode: bool = False):
                return x + Attention()(x, decode)

        class Decoder(nn.Module):
            def setup(self):
                self.blocks = [Block() for _ in range(2)]

            def __call__(self, x, decode: bool = False):
                for block in self.blocks:
                    x = block(x, decode)
                return x

            def generate(self, x):
                def body(h, _):
                    h = self(h)
                    return h, h
                return jax.lax.scan(body, x, None, length=3)[1]

        def main(x):
            model = Decoder()
            variables = model.init(jax.random.key(0), x, decode=True)
            return model.apply(variables, x, method=Decoder.generate, mutable=["cache"])
        """,
        [],
    ),
    Case(
        "`functools.partial(model.apply, variables, decode=True)` from a factory, called in a scan body with nothing mutable, on a module that writes its cache",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Attention(nn.Module):
            @nn.compact
            def __call__(self, x, decode: bool = False):
                if decode:
                    initialized = self.has_variable("cache", "index")
                    index = self.variable("cache", "index", lambda: jnp.zeros((), jnp.int32))
                    if initialized:
                        index.value = index.value + 1
                return nn.Dense(4)(x)

        def make_logits_fn(model, variables):
            return functools.partial(model.apply, variables, decode=True)

        def greedy(model, variables, x):
            logits_fn = make_logits_fn(model, variables)
            def body(h, _):
                h = logits_fn(h)
                return h, h
            return jax.lax.scan(body, x, None, length=3)[1]

        def main():
            model = Attention()
            x = jnp.ones((2, 4))
            variables = model.init(jax.random.key(0), x, decode=True)
            return greedy(model, variables, x)
        """,
        ["24:13 SCN102"],
    ),
    Case(
        "not flagged: the same partial with `mutable=[\"cache\"]`, whose updates the body drops",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Attention(nn.Module):
            @nn.compact
            def __call__(self, x, decode: bool = False):
                if decode:
                    initialized = self.has_variable("cache", "index")
                    index = self.variable("cache", "index", lambda: jnp.zeros((), jnp.int32))
                    if initialized:
                        index.value = index.value + 1
                return nn.Dense(4)(x)

        def make_logits_fn(model, variables):
            return functools.partial(model.apply, variables, decode=True, mutable=["cache"])

        def greedy(model, variables, x):
            logits_fn = make_logits_fn(model, variables)
            def body(h, _):
                h = logits_fn(h)[0]
                return h, h
            return jax.lax.scan(body, x, None, length=3)[1]

        def main():
            model = Attention()
            x = jnp.ones((2, 4))
            variables = model.init(jax.random.key(0), x, decode=True)
            return greedy(model, variables, x)
        """,
        [],
    ),
    Case(
        "not flagged: the BatchNorm block's mode comes from a config field this file cannot evaluate",
        """
        from dataclasses import dataclass

        import jax.numpy as jnp
        import flax.linen as nn
        from jax import lax

        @dataclass(frozen=True)
        class WMConfig:
            train: bool = False

        class DynamicsBlock(nn.Module):
            @nn.compact
            def __call__(self, z, train: bool):
                return z + nn.relu(nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(z)))

        class WorldModel(nn.Module):
            cfg: WMConfig

            @nn.compact
            def __call__(self, z0, steps):
                block = DynamicsBlock()
                z = block(z0, self.cfg.train)
                def imagine(z, _):
                    z = block(z, self.cfg.train)
                    return z, z
                return lax.scan(imagine, z, None, length=steps)[1]
        """,
        [],
    ),
    Case(
        "a config dataclass the file builds with its default `train=True` sets the BatchNorm block's mode",
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp
        import flax.linen as nn
        from jax import lax

        @dataclass(frozen=True)
        class WMConfig:
            horizon: int = 4
            train: bool = True

        class DynamicsBlock(nn.Module):
            @nn.compact
            def __call__(self, z, train: bool):
                return z + nn.relu(nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(z)))

        class WorldModel(nn.Module):
            cfg: WMConfig

            @nn.compact
            def __call__(self, z0):
                block = DynamicsBlock()
                z = block(z0, self.cfg.train)
                def imagine(z, _):
                    z = block(z, self.cfg.train)
                    return z, z
                return lax.scan(imagine, z, None, length=self.cfg.horizon)[1]

        def main():
            cfg = WMConfig()
            model = WorldModel(cfg)
            z0 = jnp.ones((2, 8))
            variables = model.init(jax.random.key(0), z0)
            return model.apply(variables, z0, mutable=["batch_stats"])
        """,
        ["27:17 SCN102"],
    ),
    Case(
        "a config dataclass built with `train=True` by keyword sets the BatchNorm block's mode",
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp
        import flax.linen as nn
        from jax import lax

        @dataclass(frozen=True)
        class WMConfig:
            horizon: int = 4
            train: bool = False

        class DynamicsBlock(nn.Module):
            @nn.compact
            def __call__(self, z, train: bool):
                return z + nn.relu(nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(z)))

        class WorldModel(nn.Module):
            cfg: WMConfig

            @nn.compact
            def __call__(self, z0):
                block = DynamicsBlock()
                z = block(z0, self.cfg.train)
                def imagine(z, _):
                    z = block(z, self.cfg.train)
                    return z, z
                return lax.scan(imagine, z, None, length=self.cfg.horizon)[1]

        def main():
            cfg = WMConfig(train=True)
            model = WorldModel(cfg)
            z0 = jnp.ones((2, 8))
            variables = model.init(jax.random.key(0), z0)
            return model.apply(variables, z0, mutable=["batch_stats"])
        """,
        ["27:17 SCN102"],
    ),
    Case(
        "not flagged: the config dataclass the file builds leaves `train` at its default False",
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp
        import flax.linen as nn
        from jax import lax

        @dataclass(frozen=True)
        class WMConfig:
            horizon: int = 4
            train: bool = False

        class DynamicsBlock(nn.Module):
            @nn.compact
            def __call__(self, z, train: bool):
                return z + nn.relu(nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(z)))

        class WorldModel(nn.Module):
            cfg: WMConfig

            @nn.compact
            def __call__(self, z0):
                block = DynamicsBlock()
                z = block(z0, self.cfg.train)
                def imagine(z, _):
                    z = block(z, self.cfg.train)
                    return z, z
                return lax.scan(imagine, z, None, length=self.cfg.horizon)[1]

        def main():
            cfg = WMConfig(horizon=6)
            model = WorldModel(cfg)
            z0 = jnp.ones((2, 8))
            variables = model.init(jax.random.key(0), z0)
            return model.apply(variables, z0, mutable=["batch_stats"])
        """,
        [],
    ),
    Case(
        "not flagged: the config is built from values this file does not show",
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp
        import flax.linen as nn
        from jax import lax

        @dataclass(frozen=True)
        class WMConfig:
            horizon: int = 4
            train: bool = True

        class DynamicsBlock(nn.Module):
            @nn.compact
            def __call__(self, z, train: bool):
                return z + nn.relu(nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(z)))

        class WorldModel(nn.Module):
            cfg: WMConfig

            @nn.compact
            def __call__(self, z0):
                block = DynamicsBlock()
                z = block(z0, self.cfg.train)
                def imagine(z, _):
                    z = block(z, self.cfg.train)
                    return z, z
                return lax.scan(imagine, z, None, length=self.cfg.horizon)[1]

        def main():
            cfg = WMConfig(**load_overrides())
            model = WorldModel(cfg)
            z0 = jnp.ones((2, 8))
            variables = model.init(jax.random.key(0), z0)
            return model.apply(variables, z0, mutable=["batch_stats"])
        """,
        [],
    ),
    Case(
        "not flagged: the config is rebuilt with `dataclasses.replace` before the model sees it",
        """
        import dataclasses
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp
        import flax.linen as nn
        from jax import lax

        @dataclass(frozen=True)
        class WMConfig:
            horizon: int = 4
            train: bool = True

        class DynamicsBlock(nn.Module):
            @nn.compact
            def __call__(self, z, train: bool):
                return z + nn.relu(nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(z)))

        class WorldModel(nn.Module):
            cfg: WMConfig

            @nn.compact
            def __call__(self, z0):
                block = DynamicsBlock()
                z = block(z0, self.cfg.train)
                def imagine(z, _):
                    z = block(z, self.cfg.train)
                    return z, z
                return lax.scan(imagine, z, None, length=self.cfg.horizon)[1]

        def main():
            cfg = WMConfig()
            cfg = dataclasses.replace(cfg, train=False)
            model = WorldModel(cfg)
            z0 = jnp.ones((2, 8))
            variables = model.init(jax.random.key(0), z0)
            return model.apply(variables, z0, mutable=["batch_stats"])
        """,
        [],
    ),
    Case(
        "a module-level factory handed a Linen variable makes the while_loop body that updates it",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        def make_body(counter, factor=0.5):
            def body(s):
                counter.value = counter.value + 1
                return s * factor
            return body

        class Solver(nn.Module):
            @nn.compact
            def __call__(self, x):
                n_evals = self.variable("counters", "n_evals", lambda: jnp.array(0))
                return jax.lax.while_loop(lambda s: jnp.abs(s).max() > 1e-3, make_body(n_evals), x)
        """,
        ["8:9 SCN102"],
    ),
    Case(
        "not flagged: the factory's body only reads the variable it is handed",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        def make_body(scale):
            def body(s):
                return s * scale.value
            return body

        class Solver(nn.Module):
            @nn.compact
            def __call__(self, x):
                scale = self.variable("consts", "scale", lambda: jnp.array(0.5))
                return jax.lax.while_loop(lambda s: jnp.abs(s).max() > 1e-3, make_body(scale), x)
        """,
        [],
    ),
    Case(
        "a helper method takes a setup variable to a local (`keys = self.keys`) and updates it, called in a generate loop",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class CachedDecoder(nn.Module):
            def setup(self):
                self.embed = nn.Embed(20, 16)
                self.keys = self.variable("cache", "keys", jnp.zeros, (2, 8, 16))

            def _attend(self, tok, idx):
                keys = self.keys
                x = self.embed(tok)
                keys.value = keys.value.at[:, idx].set(x)
                return x @ keys.value[0].T

            def __call__(self, tok):
                return self._attend(tok, 0)

            def generate(self, tok0):
                def body(i, tok):
                    return jnp.argmax(self._attend(tok, i), -1)
                return jax.lax.fori_loop(0, 8, body, tok0)
        """,
        ["14:9 SCN102"],
    ),
    Case(
        "a BatchNorm in a fori_loop body trains by the flag a module-level factory's parameter passes to `model.apply` (make_loss_fn(model, train=True)), nothing mutable",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Recycler(nn.Module):
            @nn.compact
            def __call__(self, nodes, train: bool = False):
                trunk = nn.Dense(4)
                norm = nn.BatchNorm(use_running_average=not train)
                prev = norm(trunk(nodes))
                def recycle(i, prev):
                    return norm(trunk(nodes + prev))
                return jax.lax.fori_loop(0, 3, recycle, prev)

        def make_loss_fn(model, train):
            def loss_fn(variables, nodes):
                return jnp.mean(model.apply(variables, nodes, train=train))
            return loss_fn

        def main():
            model = Recycler()
            variables = model.init(jax.random.key(0), jnp.ones((2, 4)))
            return jax.jit(make_loss_fn(model, train=True))(variables, jnp.ones((2, 4)))
        """,
        ["13:20 SCN102"],
    ),
    Case(
        "not flagged: the same factory when every call passes `train=False`",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Recycler(nn.Module):
            @nn.compact
            def __call__(self, nodes, train: bool = False):
                trunk = nn.Dense(4)
                norm = nn.BatchNorm(use_running_average=not train)
                prev = norm(trunk(nodes))
                def recycle(i, prev):
                    return norm(trunk(nodes + prev))
                return jax.lax.fori_loop(0, 3, recycle, prev)

        def make_loss_fn(model, train):
            def loss_fn(variables, nodes):
                return jnp.mean(model.apply(variables, nodes, train=train))
            return loss_fn

        def main():
            model = Recycler()
            variables = model.init(jax.random.key(0), jnp.ones((2, 4)))
            return jax.jit(make_loss_fn(model, train=False))(variables, jnp.ones((2, 4)))
        """,
        [],
    ),
    Case(
        "the factory's flag comes from a caller this file does not show: a BatchNorm not known to use running averages",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Recycler(nn.Module):
            @nn.compact
            def __call__(self, nodes, train: bool = False):
                trunk = nn.Dense(4)
                norm = nn.BatchNorm(use_running_average=not train)
                prev = norm(trunk(nodes))
                def recycle(i, prev):
                    return norm(trunk(nodes + prev))
                return jax.lax.fori_loop(0, 3, recycle, prev)

        def make_loss_fn(model, train):
            def loss_fn(variables, nodes):
                return jnp.mean(model.apply(variables, nodes, train=train))
            return loss_fn
        """,
        ["13:20 SCN102"],
    ),
    Case(
        "a setup submodule's method that writes its setup variables (`self.carry.value = ...`), called in a while_loop body",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Predictor(nn.Module):
            def setup(self):
                self.cell = nn.LSTMCell(4)
                zeros = lambda: jnp.zeros((1, 4))
                self.carry = self.variable("decoder_state", "carry", lambda: (zeros(), zeros()))

            def advance(self, x):
                self.carry.value, out = self.cell(self.carry.value, x)
                return out

        class Transducer(nn.Module):
            def setup(self):
                self.predictor = Predictor()

            def __call__(self, x):
                return self.predictor.advance(x)

            def decode(self, xs):
                def body(state):
                    t, h = state
                    return t + 1, self.predictor.advance(h + xs[t])
                return jax.lax.while_loop(lambda s: s[0] < xs.shape[0], body, (0, xs[0]))[1]
        """,
        ["26:27 SCN102"],
    ),
    Case(
        "not flagged: the same submodule's method that only reads its setup variables",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Predictor(nn.Module):
            def setup(self):
                self.cell = nn.LSTMCell(4)
                zeros = lambda: jnp.zeros((1, 4))
                self.carry = self.variable("decoder_state", "carry", lambda: (zeros(), zeros()))

            def advance(self, x):
                _, out = self.cell(self.carry.value, x)
                return out

        class Transducer(nn.Module):
            def setup(self):
                self.predictor = Predictor()

            def __call__(self, x):
                return self.predictor.advance(x)

            def decode(self, xs):
                def body(state):
                    t, h = state
                    return t + 1, self.predictor.advance(h + xs[t])
                return jax.lax.while_loop(lambda s: s[0] < xs.shape[0], body, (0, xs[0]))[1]
        """,
        [],
    ),
    Case(
        "`model.bind(variables)` held by a propagator object, whose bound method runs a training BatchNorm from a fori_loop body (nothing mutable)",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Net(nn.Module):
            def setup(self):
                self.dense = nn.Dense(4)
                self.norm = nn.BatchNorm(use_running_average=False)

            def round(self, h):
                return self.norm(self.dense(h))

            def __call__(self, h):
                return self.round(h)

        class Propagator:
            def __init__(self, model, variables):
                self.bound = model.bind(variables)

            def run(self, h):
                return jax.lax.fori_loop(0, 3, lambda i, h: self.bound.round(h), h)

        def main():
            model = Net()
            variables = model.init(jax.random.key(0), jnp.ones((2, 4)))
            return Propagator(model, variables).run(jnp.ones((2, 4)))
        """,
        ["22:53 SCN102"],
    ),
    Case(
        "`bound = model.bind(variables)` in a function, its `__call__` updating a setup counter in a scan body",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Net(nn.Module):
            def setup(self):
                self.dense = nn.Dense(4)
                self.calls = self.variable("stats", "calls", lambda: jnp.zeros((), jnp.int32))

            def __call__(self, h):
                self.calls.value = self.calls.value + 1
                return self.dense(h)

        def rollout(model, variables, h0):
            bound = model.bind(variables)
            def body(h, _):
                h = bound(h)
                return h, h
            return jax.lax.scan(body, h0, None, length=3)

        def main():
            model = Net()
            variables = model.init(jax.random.key(0), jnp.ones((2, 4)))
            return rollout(model, variables, jnp.ones((2, 4)))
        """,
        ["18:13 SCN102"],
    ),
    Case(
        "not flagged: the bound module's method updates nothing (its BatchNorm uses running averages)",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Net(nn.Module):
            def setup(self):
                self.dense = nn.Dense(4)
                self.norm = nn.BatchNorm(use_running_average=True)

            def round(self, h):
                return self.norm(self.dense(h))

            def __call__(self, h):
                return self.round(h)

        class Propagator:
            def __init__(self, model, variables):
                self.bound = model.bind(variables)

            def run(self, h):
                return jax.lax.fori_loop(0, 3, lambda i, h: self.bound.round(h), h)

        def main():
            model = Net()
            variables = model.init(jax.random.key(0), jnp.ones((2, 4)))
            return Propagator(model, variables).run(jnp.ones((2, 4)))
        """,
        [],
    ),
    Case(
        "a propagator object's config (`self.cfg`, from its constructor) sets the train flag of a bound module's BatchNorm run in a fori_loop body",
        """
        import dataclasses

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        @dataclasses.dataclass(frozen=True)
        class Config:
            rounds: int = 3
            train: bool = True

        class Net(nn.Module):
            @nn.compact
            def round(self, h, train: bool):
                return nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(h))

            def __call__(self, h):
                return self.round(h, False)

        class Propagator:
            def __init__(self, model, variables, cfg):
                self.bound = model.bind(variables)
                self.cfg = cfg

            def run(self, h):
                def body(i, h):
                    return self.bound.round(h, train=self.cfg.train)
                return jax.lax.fori_loop(0, self.cfg.rounds, body, h)

        def main():
            model = Net()
            variables = model.init(jax.random.key(0), jnp.ones((2, 4)))
            return Propagator(model, variables, Config()).run(jnp.ones((2, 4)))
        """,
        ["28:20 SCN102"],
    ),
    Case(
        "not flagged: the same propagator when the config it is given leaves training off",
        """
        import dataclasses

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        @dataclasses.dataclass(frozen=True)
        class Config:
            rounds: int = 3
            train: bool = True

        class Net(nn.Module):
            @nn.compact
            def round(self, h, train: bool):
                return nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(h))

            def __call__(self, h):
                return self.round(h, False)

        class Propagator:
            def __init__(self, model, variables, cfg):
                self.bound = model.bind(variables)
                self.cfg = cfg

            def run(self, h):
                def body(i, h):
                    return self.bound.round(h, train=self.cfg.train)
                return jax.lax.fori_loop(0, self.cfg.rounds, body, h)

        def main():
            model = Net()
            variables = model.init(jax.random.key(0), jnp.ones((2, 4)))
            return Propagator(model, variables, Config(train=False)).run(jnp.ones((2, 4)))
        """,
        [],
    ),
    Case(
        "a setup submodule whose `__call__` runs its own helper method that updates a variable, reached from the body through the outer module's helper",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Teacher(nn.Module):
            def setup(self):
                self.head = nn.Dense(4)
                self.center = self.variable("centering", "center", jnp.zeros, (4,))

            def _update_center(self, logits):
                if not self.is_initializing():
                    self.center.value = 0.9 * self.center.value + 0.1 * logits.mean(axis=0)

            def __call__(self, x):
                logits = self.head(x)
                self._update_center(logits)
                return logits - self.center.value

        class Distiller(nn.Module):
            def setup(self):
                self.teacher = Teacher()

            def _pair_loss(self, view):
                return self.teacher(view).sum()

            def __call__(self, view):
                return self._pair_loss(view)

            def multi_crop(self, crops):
                total, _ = jax.lax.scan(lambda acc, crop: (acc + self._pair_loss(crop), None), 0.0, crops)
                return total
        """,
        ["25:16 SCN102"],
    ),
    Case(
        "not flagged: the same helper when it updates the variable only while the module initializes",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Teacher(nn.Module):
            def setup(self):
                self.head = nn.Dense(4)
                self.center = self.variable("centering", "center", jnp.zeros, (4,))

            def _update_center(self, logits):
                if self.is_initializing():
                    self.center.value = 0.9 * self.center.value + 0.1 * logits.mean(axis=0)

            def __call__(self, x):
                logits = self.head(x)
                self._update_center(logits)
                return logits - self.center.value

        class Distiller(nn.Module):
            def setup(self):
                self.teacher = Teacher()

            def _pair_loss(self, view):
                return self.teacher(view).sum()

            def __call__(self, view):
                return self._pair_loss(view)

            def multi_crop(self, crops):
                total, _ = jax.lax.scan(lambda acc, crop: (acc + self._pair_loss(crop), None), 0.0, crops)
                return total
        """,
        [],
    ),
    Case(
        "a submodule's helper method given the variables its compact `__call__` made (`self._merge(count, mean, x)`), run behind `if update and not self.is_initializing():` with the body's call setting the flag",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class RunningNorm(nn.Module):
            def _merge(self, count, mean, x):
                total = count.value + x.shape[0]
                mean.value = mean.value + (x.mean(0) - mean.value) * x.shape[0] / total
                count.value = total

            @nn.compact
            def __call__(self, x, update: bool):
                count = self.variable("norm_stats", "count", lambda: jnp.array(1e-4))
                mean = self.variable("norm_stats", "mean", lambda: jnp.zeros(x.shape[-1]))
                if update and not self.is_initializing():
                    self._merge(count, mean, x)
                return x - mean.value

        class Policy(nn.Module):
            def setup(self):
                self.norm = RunningNorm()
                self.head = nn.Dense(3)

            def __call__(self, obs, update_stats: bool = False):
                return self.head(self.norm(obs, update_stats))

            def rollout(self, obs0, steps):
                def body(obs, _):
                    logits = self(obs, update_stats=True)
                    return obs * 0.9 + logits.mean(), logits
                return jax.lax.scan(body, obs0, None, length=steps)
        """,
        ["26:26 SCN102"],
    ),
    Case(
        "not flagged: the same helper when the body's call leaves the flag off and the statistics are merged after the loop",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class RunningNorm(nn.Module):
            def _merge(self, count, mean, x):
                total = count.value + x.shape[0]
                mean.value = mean.value + (x.mean(0) - mean.value) * x.shape[0] / total
                count.value = total

            @nn.compact
            def __call__(self, x, update: bool):
                count = self.variable("norm_stats", "count", lambda: jnp.array(1e-4))
                mean = self.variable("norm_stats", "mean", lambda: jnp.zeros(x.shape[-1]))
                if update and not self.is_initializing():
                    self._merge(count, mean, x)
                return x - mean.value

        class Policy(nn.Module):
            def setup(self):
                self.norm = RunningNorm()
                self.head = nn.Dense(3)

            def __call__(self, obs, update_stats: bool = False):
                return self.head(self.norm(obs, update_stats))

            def rollout(self, obs0, steps):
                def body(obs, _):
                    logits = self(obs, update_stats=False)
                    return obs * 0.9 + logits.mean(), logits
                last, traj = jax.lax.scan(body, obs0, None, length=steps)
                self.norm(obs0, update=True)
                return last, traj
        """,
        [],
    ),
    Case(
        "not flagged: a submodule's helper that updates a variable, called only in the `else` of a flag",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Tracker(nn.Module):
            def setup(self):
                self.total = self.variable("stats", "total", jnp.zeros, ())

            def _accumulate(self, x):
                self.total.value = self.total.value + x.sum()

            def __call__(self, x, frozen: bool = True):
                if frozen:
                    return x
                else:
                    self._accumulate(x)
                return x

        class Model(nn.Module):
            def setup(self):
                self.tracker = Tracker()

            def __call__(self, x):
                return self.tracker(x)

            def sweep(self, xs):
                return jax.lax.scan(lambda c, x: (c + self.tracker(x).sum(), None), 0.0, xs)
        """,
        [],
    ),
    Case(
        "a compact submodule that sows into a collection `apply` collects, handed by `functools.partial(decode_step, attention, cell)` to a module-level loop helper that runs `lax.scan`",
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        def scan_steps(step_fn, carry, xs):
            return jax.lax.scan(step_fn, carry, xs)

        class Attention(nn.Module):
            @nn.compact
            def __call__(self, query):
                weights = jax.nn.softmax(nn.Dense(4)(query))
                self.sow("intermediates", "weights", weights)
                return weights

        def decode_step(attention, cell, h, y):
            h, out = cell(h, jnp.concatenate([y, attention(h)], axis=-1))
            return h, out

        class Decoder(nn.Module):
            @nn.compact
            def __call__(self, targets):
                attention = Attention()
                cell = nn.GRUCell(4)
                h0 = jnp.zeros((2, 4))
                step = functools.partial(decode_step, attention, cell)
                if self.is_initializing():
                    step(h0, targets[0])
                return scan_steps(step, h0, targets)

        def main(targets):
            model = Decoder()
            params = model.init(jax.random.key(0), targets)["params"]
            return model.apply({"params": params}, targets, mutable=["intermediates"])
        """,
        ["28:47 SCN102"],
    ),
    Case(
        "not flagged: the same decoder when no `apply` collects what it sows",
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        def scan_steps(step_fn, carry, xs):
            return jax.lax.scan(step_fn, carry, xs)

        class Attention(nn.Module):
            @nn.compact
            def __call__(self, query):
                weights = jax.nn.softmax(nn.Dense(4)(query))
                self.sow("intermediates", "weights", weights)
                return weights

        def decode_step(attention, cell, h, y):
            h, out = cell(h, jnp.concatenate([y, attention(h)], axis=-1))
            return h, out

        class Decoder(nn.Module):
            @nn.compact
            def __call__(self, targets):
                attention = Attention()
                cell = nn.GRUCell(4)
                h0 = jnp.zeros((2, 4))
                step = functools.partial(decode_step, attention, cell)
                if self.is_initializing():
                    step(h0, targets[0])
                return scan_steps(step, h0, targets)

        def main(targets):
            model = Decoder()
            params = model.init(jax.random.key(0), targets)["params"]
            return model.apply({"params": params}, targets)
        """,
        [],
    ),
    Case(
        "a plain object's module bound with `mutable=['batch_stats']`, called (`self.bound(frame, train=True)`) from a helper the scan body runs: the BatchNorm keeps a tracer of the scan",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class Encoder(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                return nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(x))

        class Trainer:
            def __init__(self, model, variables):
                self.bound = model.bind(variables, mutable=["batch_stats"])

            def _encode(self, frame):
                return self.bound(frame, train=True)

            def embed(self, clip):
                return jax.lax.scan(lambda acc, f: (acc + self._encode(f), None), jnp.zeros((2, 4)), clip)

        def main(clip):
            model = Encoder()
            trainer = Trainer(model, model.init(jax.random.key(0), clip[0]))
            return trainer.embed(clip)
        """,
        ["16:16 SCN102"],
    ),
    Case(
        "the same module bound with nothing mutable, called directly in the scan body in training mode",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class Encoder(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                return nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(x))

        class Trainer:
            def __init__(self, model, variables):
                self.bound = model.bind(variables)

            def embed(self, clip):
                return jax.lax.scan(lambda acc, f: (acc + self.bound(f, train=True), None), jnp.zeros((2, 4)), clip)

        def main(clip):
            model = Encoder()
            trainer = Trainer(model, model.init(jax.random.key(0), clip[0]))
            return trainer.embed(clip)
        """,
        ["16:51 SCN102"],
    ),
    Case(
        "not flagged: the mutable binding called in evaluation mode in the scan body",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class Encoder(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                return nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(x))

        class Trainer:
            def __init__(self, model, variables):
                self.bound = model.bind(variables, mutable=["batch_stats"])

            def _encode(self, frame):
                return self.bound(frame, train=False)

            def embed(self, clip):
                return jax.lax.scan(lambda acc, f: (acc + self._encode(f), None), jnp.zeros((2, 4)), clip)

        def main(clip):
            model = Encoder()
            trainer = Trainer(model, model.init(jax.random.key(0), clip[0]))
            return trainer.embed(clip)
        """,
        [],
    ),
    Case(
        "`decode_model.apply(...)` with nothing mutable in a while_loop body, where `decode_model = LM(decode=True)` and another instance of the same class trains: the decode branch writes the cache",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class LM(nn.Module):
            decode: bool = False

            @nn.compact
            def __call__(self, tokens):
                x = nn.Embed(11, 8)(tokens)
                if self.decode:
                    initialized = self.has_variable("cache", "total")
                    total = self.variable("cache", "total", jnp.zeros, x[:, 0].shape)
                    if initialized:
                        total.value = total.value + x[:, 0]
                    return nn.Dense(11)(total.value)
                return nn.Dense(11)(x.mean(1))

        def sample(decode_model, params, cache, seq):
            def body(state):
                i, seq = state
                logits = decode_model.apply({"params": params, "cache": cache}, jax.lax.dynamic_slice_in_dim(seq, i, 1, axis=1))
                return i + 1, seq.at[:, i + 1].set(logits.argmax(-1))
            return jax.lax.while_loop(lambda s: s[0] < 4, body, (0, seq))

        def main(tokens):
            model = LM()
            params = model.init(jax.random.key(0), tokens)["params"]
            decode_model = LM(decode=True)
            cache = decode_model.init(jax.random.key(0), tokens[:, :1])["cache"]
            return sample(decode_model, params, cache, tokens)
        """,
        ["23:18 SCN102"],
    ),
    Case(
        "not flagged: the same sampler handed the instance built with `decode=False`",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class LM(nn.Module):
            decode: bool = False

            @nn.compact
            def __call__(self, tokens):
                x = nn.Embed(11, 8)(tokens)
                if self.decode:
                    initialized = self.has_variable("cache", "total")
                    total = self.variable("cache", "total", jnp.zeros, x[:, 0].shape)
                    if initialized:
                        total.value = total.value + x[:, 0]
                    return nn.Dense(11)(total.value)
                return nn.Dense(11)(x.mean(1))

        def sample(decode_model, params, cache, seq):
            def body(state):
                i, seq = state
                logits = decode_model.apply({"params": params, "cache": cache}, jax.lax.dynamic_slice_in_dim(seq, i, 1, axis=1))
                return i + 1, seq.at[:, i + 1].set(logits.argmax(-1))
            return jax.lax.while_loop(lambda s: s[0] < 4, body, (0, seq))

        def main(tokens):
            model = LM()
            params = model.init(jax.random.key(0), tokens)["params"]
            cache = LM(decode=True).init(jax.random.key(0), tokens[:, :1])["cache"]
            return sample(model, params, cache, tokens)
        """,
        [],
    ),
    Case(
        "a setup BatchNorm in a block the fori_loop body runs with `train=train`, where `init` spreads its inputs (`model.init(key, *graph)`) and a jitted step applies with `train=True`",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Block(nn.Module):
            def setup(self):
                self.dense = nn.Dense(4)
                self.norm = nn.BatchNorm(momentum=0.9)

            def __call__(self, h, *, train: bool):
                return self.norm(self.dense(h), use_running_average=not train)

        class Net(nn.Module):
            def setup(self):
                self.block = Block()

            def __call__(self, x, senders, train: bool = False):
                h = self.block(x[senders], train=train)
                return jax.lax.fori_loop(0, 3, lambda i, h: self.block(h, train=train), h)

        @functools.partial(jax.jit, static_argnums=0)
        def train_step(model, variables, graph):
            return model.apply(variables, *graph, train=True, mutable=["batch_stats"])

        def main(x, senders):
            graph = (x, senders)
            model = Net()
            variables = model.init(jax.random.key(0), *graph)
            return train_step(model, variables, graph)
        """,
        ["22:53 SCN102"],
    ),
    Case(
        "not flagged: the same network when every apply leaves `train` off",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Block(nn.Module):
            def setup(self):
                self.dense = nn.Dense(4)
                self.norm = nn.BatchNorm(momentum=0.9)

            def __call__(self, h, *, train: bool):
                return self.norm(self.dense(h), use_running_average=not train)

        class Net(nn.Module):
            def setup(self):
                self.block = Block()

            def __call__(self, x, senders, train: bool = False):
                h = self.block(x[senders], train=train)
                return jax.lax.fori_loop(0, 3, lambda i, h: self.block(h, train=train), h)

        @functools.partial(jax.jit, static_argnums=0)
        def eval_step(model, variables, graph):
            return model.apply(variables, *graph)

        def main(x, senders):
            graph = (x, senders)
            model = Net()
            variables = model.init(jax.random.key(0), *graph)
            return eval_step(model, variables, graph)
        """,
        [],
    ),
    Case(
        "a decoder cell's BatchNorm run in training mode in the scan body, where the model reaches `apply(train=True)` as a keyword argument of a jitted step (`train_step(params, x, model=model)`)",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Cell(nn.Module):
            @nn.compact
            def __call__(self, h, *, train: bool):
                return nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(h))

        class Forecaster(nn.Module):
            def setup(self):
                self.cell = Cell()

            def __call__(self, h, xs, train: bool = False):
                if self.is_initializing():
                    self.cell(h, train=False)
                return jax.lax.scan(lambda h, x: (self.cell(h + x, train=train), h), h, xs)

        @functools.partial(jax.jit, static_argnames=("model",))
        def train_step(variables, h, xs, *, model):
            return model.apply(variables, h, xs, train=True)

        def main(h, xs):
            model = Forecaster()
            variables = model.init(jax.random.key(0), h, xs)
            return train_step(variables, h, xs, model=model)
        """,
        ["20:43 SCN102"],
    ),
    Case(
        "not flagged: the same forecaster when the jitted step it is handed by keyword applies in evaluation mode",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Cell(nn.Module):
            @nn.compact
            def __call__(self, h, *, train: bool):
                return nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(h))

        class Forecaster(nn.Module):
            def setup(self):
                self.cell = Cell()

            def __call__(self, h, xs, train: bool = False):
                if self.is_initializing():
                    self.cell(h, train=False)
                return jax.lax.scan(lambda h, x: (self.cell(h + x, train=train), h), h, xs)

        @functools.partial(jax.jit, static_argnames=("model",))
        def eval_step(variables, h, xs, *, model):
            return model.apply(variables, h, xs, train=False)

        def main(h, xs):
            model = Forecaster()
            variables = model.init(jax.random.key(0), h, xs)
            return eval_step(variables, h, xs, model=model)
        """,
        [],
    ),
    Case(
        "`model.apply(variables, u, train=train)` with nothing mutable in a lambda a loop wrapper scans, where the model and the flag reach it through two callers (`train_step(model, ...)` -> `rollout_loss(model, ..., train=True)`) and a block's inline BatchNorm trains",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn
        from jax.lax import scan

        def integrate(f, x0, n):
            def _step(x, _):
                x = f(x)
                return x, x
            return scan(_step, x0, None, length=n)[1]

        class Block(nn.Module):
            @nn.compact
            def __call__(self, x, train):
                return nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(x))

        class Net(nn.Module):
            @nn.compact
            def __call__(self, u, train=False):
                for _ in range(2):
                    u = Block()(u, train)
                return u

        def rollout_loss(model, variables, u0, train):
            traj = integrate(lambda u: model.apply(variables, u, train=train), u0, 3)
            return jnp.mean(traj**2)

        def train_step(model, variables, u0):
            return jax.grad(lambda p: rollout_loss(model, {**variables, "params": p}, u0, train=True))(variables["params"])

        def main(u0):
            model = Net()
            variables = model.init(jax.random.key(0), u0)
            return train_step(model, variables, u0)
        """,
        ["26:32 SCN102"],
    ),
    Case(
        "a scan over batches whose step runs `jax.value_and_grad(loss_fn)(...)`, and `loss_fn` applies a training BatchNorm with nothing mutable",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class SmallNet(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                x = nn.Dense(4)(x)
                x = nn.BatchNorm(use_running_average=not train)(x)
                return nn.Dense(2)(nn.relu(x))

        model = SmallNet()

        def loss_fn(params, batch_stats, x, y):
            logits = model.apply({"params": params, "batch_stats": batch_stats}, x, train=True)
            return jnp.mean((logits - y) ** 2)

        def train_step(state, batch):
            params, batch_stats = state
            loss, grads = jax.value_and_grad(loss_fn)(params, batch_stats, *batch)
            params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
            return (params, batch_stats), loss

        def train_epoch(state, xs, ys):
            return jax.lax.scan(train_step, state, (xs, ys))
        """,
        ["16:14 SCN102"],
    ),
    Case(
        "not flagged: `loss_fn` makes `batch_stats` mutable and returns the new statistics as the aux value, carried by the scan",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class SmallNet(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                x = nn.Dense(4)(x)
                x = nn.BatchNorm(use_running_average=not train)(x)
                return nn.Dense(2)(nn.relu(x))

        model = SmallNet()

        def loss_fn(params, batch_stats, x, y):
            logits, updates = model.apply(
                {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
            )
            return jnp.mean((logits - y) ** 2), updates["batch_stats"]

        def train_step(state, batch):
            params, batch_stats = state
            (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch_stats, *batch)
            params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
            return (params, batch_stats), loss

        def train_epoch(state, xs, ys):
            return jax.lax.scan(train_step, state, (xs, ys))
        """,
        [],
    ),
    Case(
        "a runner object's model (`self.model`, stored by `__init__`) applied in a fori_loop body with a method that updates a variable, nothing mutable",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class EdgeMessage(nn.Module):
            @nn.compact
            def __call__(self, h):
                msg = nn.Dense(4)(h)
                norm = self.variable("stats", "edge_norm", jnp.zeros, ())
                norm.value = 0.9 * norm.value + 0.1 * jnp.mean(msg)
                return msg

        class MolNet(nn.Module):
            def setup(self):
                self.edge = EdgeMessage()
                self.energy = nn.Dense(1)

            def message_round(self, h):
                return self.edge(h)

            def readout(self, h):
                return self.energy(h)

            def __call__(self, h):
                return self.readout(self.message_round(h))

        class Runner:
            def __init__(self, model, variables):
                self.model, self.variables = model, variables

            def _round(self, i, h):
                return self.model.apply(self.variables, h, method=MolNet.message_round)

            def run(self, h):
                return jax.lax.fori_loop(0, 3, self._round, h)

        def main(h):
            model = MolNet()
            return Runner(model, model.init(jax.random.key(0), h)).run(h)
        """,
        ["33:16 SCN102"],
    ),
    Case(
        "not flagged: the runner's loop applies a method that only reads",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class EdgeMessage(nn.Module):
            @nn.compact
            def __call__(self, h):
                msg = nn.Dense(4)(h)
                norm = self.variable("stats", "edge_norm", jnp.zeros, ())
                norm.value = 0.9 * norm.value + 0.1 * jnp.mean(msg)
                return msg

        class MolNet(nn.Module):
            def setup(self):
                self.edge = EdgeMessage()
                self.energy = nn.Dense(1)

            def message_round(self, h):
                return self.edge(h)

            def readout(self, h):
                return self.energy(h)

            def __call__(self, h):
                return self.readout(self.message_round(h))

        class Runner:
            def __init__(self, model, variables):
                self.model, self.variables = model, variables

            def _round(self, i, h):
                return h + self.model.apply(self.variables, h, method=MolNet.readout)

            def run(self, h):
                return jax.lax.fori_loop(0, 3, self._round, h)

        def main(h):
            model = MolNet()
            return Runner(model, model.init(jax.random.key(0), h)).run(h)
        """,
        [],
    ),
    Case(
        "a method only `apply` runs loops over `self(x, train=train)`, whose compact `__call__` runs a BatchNorm in training mode, the flag forwarded from the caller of `apply`",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn
        from jax import lax

        class Dynamics(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                h = nn.Dense(4)(x)
                h = nn.BatchNorm(use_running_average=not train)(h)
                return x + 0.1 * jnp.tanh(h)

            def rollout(self, x0, n_steps: int, train: bool = False):
                def body(i, x):
                    return self(x, train=train)
                return lax.fori_loop(0, n_steps, body, x0)

        def simulate(variables, model, x0, train):
            return model.apply(variables, x0, 4, train=train, method=Dynamics.rollout)

        def main(x0):
            model = Dynamics()
            variables = model.init(jax.random.key(1), x0)
            return simulate(variables, model, x0, train=True)
        """,
        ["16:20 SCN102"],
    ),
    Case(
        "not flagged: every run of the loop passes `train=False`, so the BatchNorm uses its running averages",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn
        from jax import lax

        class Dynamics(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                h = nn.Dense(4)(x)
                h = nn.BatchNorm(use_running_average=not train)(h)
                return x + 0.1 * jnp.tanh(h)

            def rollout(self, x0, n_steps: int, train: bool = False):
                def body(i, x):
                    return self(x, train=train)
                return lax.fori_loop(0, n_steps, body, x0)

        def simulate(variables, model, x0, train):
            return model.apply(variables, x0, 4, train=train, method=Dynamics.rollout)

        def main(x0):
            model = Dynamics()
            variables = model.init(jax.random.key(1), x0)
            return simulate(variables, model, x0, train=False)
        """,
        [],
    ),
    Case(
        'variable: self(tok, decode=True) in a generate loop reaches the decode cache of attention built in setup-list blocks',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Block(nn.Module):
            @nn.compact
            def __call__(self, x, decode):
                h = nn.MultiHeadDotProductAttention(num_heads=2, qkv_features=8, decode=decode)(x, x)
                return x + nn.Dense(8)(h)

        class LM(nn.Module):
            def setup(self):
                self.embed = nn.Embed(11, 8)
                self.blocks = [Block() for _ in range(2)]
                self.head = nn.Dense(11)

            def __call__(self, tokens, decode=False):
                x = self.embed(tokens)
                for block in self.blocks:
                    x = block(x, decode)
                return self.head(x)

            def generate(self, first, n):
                def body(i, tok):
                    logits = self(tok[:, None], decode=True)[:, -1]
                    return jnp.argmax(logits, -1).astype(jnp.int32)
                return jax.lax.fori_loop(0, n, body, first)
        """,
        ['26:22 SCN102'],
    ),
    Case(
        'variable negative: the generate loop re-runs self(tok) without decoding, so no attention writes a cache',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Block(nn.Module):
            @nn.compact
            def __call__(self, x, decode):
                h = nn.MultiHeadDotProductAttention(num_heads=2, qkv_features=8, decode=decode)(x, x)
                return x + nn.Dense(8)(h)

        class LM(nn.Module):
            def setup(self):
                self.embed = nn.Embed(11, 8)
                self.blocks = [Block() for _ in range(2)]
                self.head = nn.Dense(11)

            def __call__(self, tokens, decode=False):
                x = self.embed(tokens)
                for block in self.blocks:
                    x = block(x, decode)
                return self.head(x)

            def generate(self, first, n):
                def body(i, tok):
                    logits = self(tok[:, None])[:, -1]
                    return jnp.argmax(logits, -1).astype(jnp.int32)
                return jax.lax.fori_loop(0, n, body, first)
        """,
        [],
    ),
    Case(
        "`state.apply_fn(..., train=True)` with nothing mutable in a gradient-accumulation scan, the TrainState made with `apply_fn=model.apply` of a BatchNorm model",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import linen as nn
        from flax.training import train_state

        class MLP(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                x = nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(x))
                return nn.Dense(1)(x)[..., 0]

        def create_state(model, rng):
            variables = model.init(rng, jnp.zeros((1, 3)), train=False)
            return train_state.TrainState.create(apply_fn=model.apply, params=variables["params"], tx=optax.sgd(0.1))

        def train_step(state, batch_stats, xs, ys):
            def loss_fn(params, x, y):
                pred = state.apply_fn({"params": params, "batch_stats": batch_stats}, x, train=True)
                return jnp.mean((pred - y) ** 2)

            def accumulate(grads, micro):
                g = jax.grad(loss_fn)(state.params, *micro)
                return jax.tree.map(jnp.add, grads, g), None

            grads, _ = jax.lax.scan(accumulate, jax.tree.map(jnp.zeros_like, state.params), (xs, ys))
            return state.apply_gradients(grads=grads)

        def main(batch_stats, xs, ys):
            state = create_state(MLP(), jax.random.key(0))
            return train_step(state, batch_stats, xs, ys)
        """,
        ["20:16 SCN102"],
    ),
    Case(
        "not flagged: `state.apply_fn` with the batch stats mutable, in eval mode, or with two models' TrainStates in one file",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import linen as nn
        from flax.training import train_state

        class MLP(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                x = nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(x))
                return nn.Dense(1)(x)[..., 0]

        def create_state(model, rng):
            variables = model.init(rng, jnp.zeros((1, 3)), train=False)
            return train_state.TrainState.create(apply_fn=model.apply, params=variables["params"], tx=optax.sgd(0.1))

        def train_step(state, batch_stats, xs, ys):
            def loss_fn(params, x, y):
                pred, updates = state.apply_fn(
                    {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
                )
                return jnp.mean((pred - y) ** 2)

            def evaluate(total, micro):
                x, y = micro
                pred = state.apply_fn({"params": state.params, "batch_stats": batch_stats}, x, train=False)
                return total + jnp.mean((pred - y) ** 2), None

            def accumulate(grads, micro):
                g = jax.grad(loss_fn)(state.params, *micro)
                return jax.tree.map(jnp.add, grads, g), None

            grads, _ = jax.lax.scan(accumulate, jax.tree.map(jnp.zeros_like, state.params), (xs, ys))
            total, _ = jax.lax.scan(evaluate, 0.0, (xs, ys))
            return state.apply_gradients(grads=grads), total

        def main(batch_stats, xs, ys):
            state = create_state(MLP(), jax.random.key(0))
            return train_step(state, batch_stats, xs, ys)
        """,
        [],
    ),
    Case(
        "not flagged: the body binds the module itself with the batch stats mutable, calls it and returns the unbound stats as the carry",
        """
        import flax.linen as nn
        from jax import lax

        class ConvNet(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(nn.Dense(8)(x))
                return nn.Dense(10)(x)

        def update_bn(model, variables, batches):
            params = variables["params"]

            def step(batch_stats, images):
                bound = model.bind({"params": params, "batch_stats": batch_stats}, mutable=["batch_stats"])
                bound(images, train=True)
                _, new_variables = bound.unbind()
                return new_variables["batch_stats"], None

            batch_stats, _ = lax.scan(step, variables["batch_stats"], batches)
            return {"params": params, "batch_stats": batch_stats}

        def main(batches, key):
            model = ConvNet()
            return update_bn(model, model.init(key, batches[0]), batches)
        """,
        [],
    ),
    Case(
        "not flagged: the loop runs only under `apply` (the `else` of `if self.is_initializing():`), and every `apply` passes `train=False`; `init` takes the default `train=True` but runs the round once outside the loop",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn
        from jax import lax

        class MPNN(nn.Module):
            def setup(self):
                self.node_mlp = nn.Dense(8)
                self.norm = nn.BatchNorm(momentum=0.9)

            def message_round(self, i, h, train):
                return h + nn.relu(self.norm(self.node_mlp(h), use_running_average=not train))

            def __call__(self, nodes, train: bool = True):
                h = nodes
                if self.is_initializing():
                    h = self.message_round(0, h, train)
                else:
                    h = lax.fori_loop(0, 4, lambda i, h: self.message_round(i, h, train), h)
                return h.mean(0)

        def main(nodes, key):
            model = MPNN()
            variables = model.init(key, nodes)
            return model.apply(variables, nodes, train=False)
        """,
        [],
    ),
    Case(
        "`decoder.apply({'params': ..., 'cache': cache}, token)` with nothing mutable in a while_loop body, the decoder built with `decode=True` and its `nn.SelfAttention` given `decode=self.decode`",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class TinyDecoder(nn.Module):
            decode: bool = False

            @nn.compact
            def __call__(self, tokens):
                x = nn.Embed(32, 16)(tokens)
                x = x + nn.SelfAttention(num_heads=2, qkv_features=16, decode=self.decode, deterministic=True)(x)
                return nn.Dense(32)(x)

        def main():
            params = TinyDecoder().init(jax.random.PRNGKey(0), jnp.ones((2, 8), jnp.int32))["params"]
            decoder = TinyDecoder(decode=True)
            cache = decoder.init(jax.random.PRNGKey(0), jnp.ones((2, 8), jnp.int32))["cache"]

            def body_fn(state):
                i, token = state
                logits = decoder.apply({"params": params, "cache": cache}, token)
                return i + 1, jnp.argmax(logits[:, -1], axis=-1)[:, None]

            return jax.lax.while_loop(lambda s: s[0] < 8, body_fn, (0, jnp.ones((2, 1), jnp.int32)))
        """,
        ["22:18 SCN102"],
    ),
    Case(
        "not flagged: the same loop with the cache mutable and carried, or the training decoder (`decode=False`) applied",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class TinyDecoder(nn.Module):
            decode: bool = False

            @nn.compact
            def __call__(self, tokens):
                x = nn.Embed(32, 16)(tokens)
                x = x + nn.SelfAttention(num_heads=2, qkv_features=16, decode=self.decode, deterministic=True)(x)
                return nn.Dense(32)(x)

        def main(tokens):
            model = TinyDecoder()
            params = model.init(jax.random.PRNGKey(0), jnp.ones((2, 8), jnp.int32))["params"]
            decoder = TinyDecoder(decode=True)
            cache = decoder.init(jax.random.PRNGKey(0), jnp.ones((2, 8), jnp.int32))["cache"]

            def body_fn(state):
                i, token, cache = state
                logits, updated = decoder.apply({"params": params, "cache": cache}, token, mutable=["cache"])
                return i + 1, jnp.argmax(logits[:, -1], axis=-1)[:, None], updated["cache"]

            def score(total, x):
                return total + model.apply({"params": params}, x).sum(), None

            jax.lax.scan(score, 0.0, tokens)
            return jax.lax.while_loop(lambda s: s[0] < 8, body_fn, (0, jnp.ones((2, 1), jnp.int32), cache))
        """,
        [],
    ),
    Case(
        "a trainer's `self.apply_fn = model.apply`, called in train mode with nothing mutable by a method `jax.grad` runs in a micro-batch scan",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                x = nn.Dense(8)(x)
                return nn.BatchNorm(use_running_average=not train)(x)

        class Trainer:
            def __init__(self, model, sample):
                self.apply_fn = model.apply
                self.variables = model.init(jax.random.key(0), sample, train=False)

            def loss(self, params, batch_stats, x):
                out = self.apply_fn({"params": params, "batch_stats": batch_stats}, x, train=True)
                return jnp.mean(out**2)

            def accumulate(self, xs):
                params, batch_stats = self.variables["params"], self.variables["batch_stats"]

                def micro_step(acc, x):
                    grads = jax.grad(self.loss)(params, batch_stats, x)
                    return jax.tree.map(jnp.add, acc, grads), None

                return jax.lax.scan(micro_step, jax.tree.map(jnp.zeros_like, params), xs)[0]

        def main():
            trainer = Trainer(Net(), jnp.ones((4, 3)))
            return trainer.accumulate(jnp.ones((2, 4, 3)))
        """,
        ["18:15 SCN102"],
    ),
    Case(
        "not flagged: a trainer's stored `self.apply_fn = model.apply` with the batch stats mutable, or in eval mode",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                x = nn.Dense(8)(x)
                return nn.BatchNorm(use_running_average=not train)(x)

        class Trainer:
            def __init__(self, model, sample):
                self.apply_fn = model.apply
                self.variables = model.init(jax.random.key(0), sample, train=False)

            def loss(self, params, batch_stats, x):
                out, updates = self.apply_fn(
                    {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
                )
                return jnp.mean(out**2), updates["batch_stats"]

            def evaluate(self, xs):
                def eval_step(total, x):
                    out = self.apply_fn(self.variables, x, train=False)
                    return total + jnp.mean(out), None

                return jax.lax.scan(eval_step, 0.0, xs)[0]

            def accumulate(self, xs):
                params = self.variables["params"]

                def micro_step(carry, x):
                    acc, batch_stats = carry
                    grads, batch_stats = jax.grad(self.loss, has_aux=True)(params, batch_stats, x)
                    return (jax.tree.map(jnp.add, acc, grads), batch_stats), None

                start = (jax.tree.map(jnp.zeros_like, params), self.variables["batch_stats"])
                return jax.lax.scan(micro_step, start, xs)[0]

        def main():
            trainer = Trainer(Net(), jnp.ones((4, 3)))
            return trainer.accumulate(jnp.ones((2, 4, 3))), trainer.evaluate(jnp.ones((2, 4, 3)))
        """,
        [],
    ),
    Case(
        "a hand-written decode cache updated under `if self.decode:` (with an else) once `has_variable`, applied with nothing mutable by a module-level greedy decoder's fori_loop",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn
        from jax import lax

        class CachedDecoder(nn.Module):
            decode: bool = False

            @nn.compact
            def __call__(self, tokens):
                emb = nn.Embed(11, 8)(tokens)
                if self.decode:
                    is_init = self.has_variable("cache", "keys")
                    keys = self.variable("cache", "keys", jnp.zeros, (tokens.shape[0], 6, 8))
                    index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
                    if is_init:
                        keys.value = lax.dynamic_update_slice(keys.value, emb, (0, index.value, 0))
                        index.value = index.value + 1
                    context = keys.value.sum(axis=1, keepdims=True)
                else:
                    context = emb
                return nn.Dense(11)(emb + context)

        def greedy_decode(model, params, cache, first_token):
            def body(i, tokens):
                cur = lax.dynamic_slice(tokens, (0, i), (tokens.shape[0], 1))
                logits = model.apply({"params": params, "cache": cache}, cur)
                return lax.dynamic_update_slice(tokens, jnp.argmax(logits, -1).astype(jnp.int32), (0, i + 1))

            tokens = jnp.zeros((first_token.shape[0], 6), jnp.int32).at[:, :1].set(first_token)
            return lax.fori_loop(0, 5, body, tokens)

        def main():
            model = CachedDecoder(decode=True)
            first = jnp.ones((2, 1), jnp.int32)
            variables = model.init(jax.random.key(0), first)
            return greedy_decode(model, variables["params"], variables["cache"], first)
        """,
        ["28:18 SCN102"],
    ),
    Case(
        "not flagged: the same hand-written cache with the cache mutable and carried, and a model built with decode off",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn
        from jax import lax

        class CachedDecoder(nn.Module):
            decode: bool = False

            @nn.compact
            def __call__(self, tokens):
                emb = nn.Embed(11, 8)(tokens)
                if self.decode:
                    is_init = self.has_variable("cache", "keys")
                    keys = self.variable("cache", "keys", jnp.zeros, (tokens.shape[0], 6, 8))
                    index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
                    if is_init:
                        keys.value = lax.dynamic_update_slice(keys.value, emb, (0, index.value, 0))
                        index.value = index.value + 1
                    context = keys.value.sum(axis=1, keepdims=True)
                else:
                    context = emb
                return nn.Dense(11)(emb + context)

        def greedy_decode(model, params, cache, first_token):
            def body(i, carry):
                tokens, cache = carry
                cur = lax.dynamic_slice(tokens, (0, i), (tokens.shape[0], 1))
                logits, updates = model.apply({"params": params, "cache": cache}, cur, mutable=["cache"])
                nxt = jnp.argmax(logits, -1).astype(jnp.int32)
                return lax.dynamic_update_slice(tokens, nxt, (0, i + 1)), updates["cache"]

            tokens = jnp.zeros((first_token.shape[0], 6), jnp.int32).at[:, :1].set(first_token)
            return lax.fori_loop(0, 5, body, (tokens, cache))[0]

        def score(model, params, tokens):
            def body(total, row):
                return total + model.apply({"params": params}, row[None]).sum(), None

            return lax.scan(body, 0.0, tokens)[0]

        def main():
            model = CachedDecoder(decode=True)
            first = jnp.ones((2, 1), jnp.int32)
            variables = model.init(jax.random.key(0), first)
            plain = CachedDecoder()
            plain_params = plain.init(jax.random.key(1), first)["params"]
            return greedy_decode(model, variables["params"], variables["cache"], first), score(plain, plain_params, jnp.ones((3, 4), jnp.int32))
        """,
        [],
    ),
    Case(
        "an evaluator object whose `train_mode` defaults to True hands it to `state.apply_fn(..., train=self.train_mode)` in a scan, nothing mutable",
        """
        from typing import Any

        import jax
        import jax.numpy as jnp
        import optax
        from flax import linen as nn
        from flax.training import train_state

        class BNState(train_state.TrainState):
            batch_stats: Any

        class Regressor(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                x = nn.Dense(16)(x)
                return nn.BatchNorm(use_running_average=not train)(x)

        class Evaluator:
            def __init__(self, state, train_mode=True):
                self.state = state
                self.train_mode = train_mode

            def evaluate(self, xs):
                state = self.state

                def body(total, x):
                    variables = {"params": state.params, "batch_stats": state.batch_stats}
                    pred = state.apply_fn(variables, x, train=self.train_mode)
                    return total + jnp.mean(pred), None

                return jax.lax.scan(body, 0.0, xs)[0]

        def main():
            model = Regressor()
            variables = model.init(jax.random.key(0), jnp.ones((4, 3)), train=False)
            state = BNState.create(
                apply_fn=model.apply, params=variables["params"], batch_stats=variables["batch_stats"], tx=optax.sgd(0.1)
            )
            return Evaluator(state).evaluate(jnp.ones((2, 4, 3)))
        """,
        ["29:20 SCN102"],
    ),
    Case(
        "not flagged: the same evaluator built with `train_mode=False`, or one whose mode a method changes",
        """
        from typing import Any

        import jax
        import jax.numpy as jnp
        import optax
        from flax import linen as nn
        from flax.training import train_state

        class BNState(train_state.TrainState):
            batch_stats: Any

        class Regressor(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                x = nn.Dense(16)(x)
                return nn.BatchNorm(use_running_average=not train)(x)

        class Evaluator:
            def __init__(self, state, train_mode=True):
                self.state = state
                self.train_mode = train_mode

            def evaluate(self, xs):
                state = self.state

                def body(total, x):
                    variables = {"params": state.params, "batch_stats": state.batch_stats}
                    pred = state.apply_fn(variables, x, train=self.train_mode)
                    return total + jnp.mean(pred), None

                return jax.lax.scan(body, 0.0, xs)[0]

        class SwitchableEvaluator(Evaluator):
            def eval(self):
                self.train_mode = False
                return self

        def main():
            model = Regressor()
            variables = model.init(jax.random.key(0), jnp.ones((4, 3)), train=False)
            state = BNState.create(
                apply_fn=model.apply, params=variables["params"], batch_stats=variables["batch_stats"], tx=optax.sgd(0.1)
            )
            return Evaluator(state, train_mode=False).evaluate(jnp.ones((2, 4, 3)))
        """,
        [],
    ),
    Case(
        "a client object's `self.model.apply` in a local-steps fori_loop leaves `train` at its default True (BatchNorm trains), nothing mutable; the server inits with train=False",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn
        from jax.lax import fori_loop

        class ClientNet(nn.Module):
            @nn.compact
            def __call__(self, x, train=True):
                x = nn.Dense(8)(x)
                x = nn.BatchNorm(use_running_average=not train)(x)
                return nn.Dense(2)(x)

        class Client:
            def __init__(self, model, data):
                self.model, self.data = model, data

            def local_update(self, global_vars, steps=3):
                batch_stats = global_vars["batch_stats"]

                def loss_fn(params):
                    out = self.model.apply({"params": params, "batch_stats": batch_stats}, self.data)
                    return jnp.mean(out**2)

                def body(i, params):
                    grads = jax.grad(loss_fn)(params)
                    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)

                return fori_loop(0, steps, body, global_vars["params"])

        def main():
            model = ClientNet()
            data = jnp.ones((6, 4))
            global_vars = model.init(jax.random.key(0), data, train=False)
            return Client(model, data).local_update(global_vars)
        """,
        ["22:19 SCN102"],
    ),
    Case(
        "not flagged: the same client passing `train=False`, and one whose module's default is eval mode",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn
        from jax.lax import fori_loop

        class ClientNet(nn.Module):
            @nn.compact
            def __call__(self, x, train=False):
                x = nn.Dense(8)(x)
                x = nn.BatchNorm(use_running_average=not train)(x)
                return nn.Dense(2)(x)

        class Client:
            def __init__(self, model, data):
                self.model, self.data = model, data

            def local_update(self, global_vars, steps=3):
                batch_stats = global_vars["batch_stats"]

                def loss_fn(params):
                    out = self.model.apply({"params": params, "batch_stats": batch_stats}, self.data)
                    out = out + self.model.apply({"params": params, "batch_stats": batch_stats}, self.data, train=False)
                    return jnp.mean(out**2)

                def body(i, params):
                    grads = jax.grad(loss_fn)(params)
                    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)

                return fori_loop(0, steps, body, global_vars["params"])

        def main():
            model = ClientNet()
            data = jnp.ones((6, 4))
            global_vars = model.init(jax.random.key(0), data, train=True)
            return Client(model, data).local_update(global_vars)
        """,
        [],
    ),
    Case(
        "an inference engine stores `jax.tree_util.Partial(model.apply)` and its decode step, run by the scan body, calls it with `decode=True` and nothing mutable",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn
        from jax import lax

        class TinyDecoder(nn.Module):
            @nn.compact
            def __call__(self, tokens, decode: bool = False):
                h = nn.Embed(16, 8)(tokens)
                if decode:
                    primed = self.has_variable("cache", "state")
                    state = self.variable("cache", "state", jnp.zeros, h.shape, h.dtype)
                    if primed:
                        state.value = 0.9 * state.value + h
                        h = state.value
                return nn.Dense(16)(h)

        class InferenceEngine:
            def __init__(self, model, variables):
                self.variables = variables
                self._apply = jax.tree_util.Partial(model.apply)

            def _decode_one(self, tokens):
                return jnp.argmax(self._apply(self.variables, tokens, decode=True), axis=-1)

            def generate(self, prompt):
                def step(tokens, _):
                    nxt = self._decode_one(tokens)
                    return nxt, nxt

                return lax.scan(step, prompt, None, length=4)[1]

        def main():
            model = TinyDecoder()
            prompt = jnp.zeros((2,), jnp.int32)
            variables = model.init(jax.random.key(0), prompt, decode=True)
            return InferenceEngine(model, variables).generate(prompt)
        """,
        ["25:27 SCN102"],
    ),
    Case(
        "not flagged: the same engine when its stored `jax.tree_util.Partial(model.apply)` runs without decoding",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn
        from jax import lax

        class TinyDecoder(nn.Module):
            @nn.compact
            def __call__(self, tokens, decode: bool = False):
                h = nn.Embed(16, 8)(tokens)
                if decode:
                    primed = self.has_variable("cache", "state")
                    state = self.variable("cache", "state", jnp.zeros, h.shape, h.dtype)
                    if primed:
                        state.value = 0.9 * state.value + h
                        h = state.value
                return nn.Dense(16)(h)

        class InferenceEngine:
            def __init__(self, model, variables):
                self.variables = variables
                self._apply = jax.tree_util.Partial(model.apply)

            def _decode_one(self, tokens):
                return jnp.argmax(self._apply(self.variables, tokens), axis=-1)

            def generate(self, prompt):
                def step(tokens, _):
                    nxt = self._decode_one(tokens)
                    return nxt, nxt

                return lax.scan(step, prompt, None, length=4)[1]

        def main():
            model = TinyDecoder()
            prompt = jnp.zeros((2,), jnp.int32)
            variables = model.init(jax.random.key(0), prompt)
            return InferenceEngine(model, variables).generate(prompt)
        """,
        [],
    ),
    Case(
        "an abstract base trainer's scan runs `self.loss`, which its one subclass fills in with the model its inherited `__init__` stores, applied in train mode with nothing mutable",
        """
        import abc

        import jax
        import jax.numpy as jnp
        import optax
        from flax import linen as nn

        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                x = nn.Dense(8)(x)
                return nn.BatchNorm(use_running_average=not train)(x)

        class BaseTrainer(abc.ABC):
            def __init__(self, model, tx):
                self.model = model
                self.tx = tx

            @abc.abstractmethod
            def loss(self, params, batch_stats, x):
                ...

            def fit(self, params, batch_stats, xs):
                opt_state = self.tx.init(params)

                def step(carry, x):
                    params, opt_state = carry
                    value, grads = jax.value_and_grad(self.loss)(params, batch_stats, x)
                    updates, opt_state = self.tx.update(grads, opt_state)
                    return (optax.apply_updates(params, updates), opt_state), value

                return jax.lax.scan(step, (params, opt_state), xs)[1]

        class RegressionTrainer(BaseTrainer):
            def loss(self, params, batch_stats, x):
                out = self.model.apply({"params": params, "batch_stats": batch_stats}, x, train=True)
                return jnp.mean(out**2)

        def main():
            model = Net()
            variables = model.init(jax.random.key(0), jnp.ones((4, 3)), train=False)
            trainer = RegressionTrainer(model, optax.sgd(0.1))
            return trainer.fit(variables["params"], variables["batch_stats"], jnp.ones((2, 4, 3)))
        """,
        ["37:15 SCN102"],
    ),
    Case(
        "not flagged: the abstract base trainer with one subclass in eval mode, or with two subclasses filling in the loss differently (which one runs is not known)",
        """
        import abc

        import jax
        import jax.numpy as jnp
        import optax
        from flax import linen as nn

        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                x = nn.Dense(8)(x)
                return nn.BatchNorm(use_running_average=not train)(x)

        class BaseTrainer(abc.ABC):
            def __init__(self, model, tx):
                self.model = model
                self.tx = tx

            @abc.abstractmethod
            def loss(self, params, batch_stats, x):
                ...

            def fit(self, params, batch_stats, xs):
                opt_state = self.tx.init(params)

                def step(carry, x):
                    params, opt_state = carry
                    value, grads = jax.value_and_grad(self.loss)(params, batch_stats, x)
                    updates, opt_state = self.tx.update(grads, opt_state)
                    return (optax.apply_updates(params, updates), opt_state), value

                return jax.lax.scan(step, (params, opt_state), xs)[1]

        class EvalTrainer(BaseTrainer):
            def loss(self, params, batch_stats, x):
                out = self.model.apply({"params": params, "batch_stats": batch_stats}, x, train=False)
                return jnp.mean(out**2)

        class TrainTrainer(BaseTrainer):
            def loss(self, params, batch_stats, x):
                out = self.model.apply({"params": params, "batch_stats": batch_stats}, x, train=True)
                return jnp.mean(out**2)

        def main():
            model = Net()
            variables = model.init(jax.random.key(0), jnp.ones((4, 3)), train=False)
            trainer = EvalTrainer(model, optax.sgd(0.1))
            return trainer.fit(variables["params"], variables["batch_stats"], jnp.ones((2, 4, 3)))
        """,
        [],
    ),
    Case(
        "a generator builds its decoder from a registry a decorator fills (`DECODERS[name](decode=True)`) and applies it in a while_loop with nothing mutable",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        DECODERS = {}

        def register(name):
            def wrap(cls):
                DECODERS[name] = cls
                return cls

            return wrap

        @register("tiny")
        class TinyDecoder(nn.Module):
            decode: bool = False

            @nn.compact
            def __call__(self, tokens):
                h = nn.Embed(16, 8)(tokens)
                if self.decode:
                    primed = self.has_variable("cache", "memory")
                    memory = self.variable("cache", "memory", jnp.zeros, h.shape, h.dtype)
                    if primed:
                        memory.value = 0.9 * memory.value + h
                        h = memory.value
                return nn.Dense(16)(h)

        class Generator:
            def __init__(self, name):
                self.model = DECODERS[name](decode=True)
                self.variables = self.model.init(jax.random.key(0), jnp.zeros((1, 1), jnp.int32))

            def generate(self, token, steps=4):
                def cond(state):
                    return state[0] < steps

                def body(state):
                    i, token = state
                    logits = self.model.apply(self.variables, token)
                    return i + 1, jnp.argmax(logits, axis=-1).astype(jnp.int32)

                return jax.lax.while_loop(cond, body, (0, token))[1]

        def main():
            return Generator("tiny").generate(jnp.ones((1, 1), jnp.int32))
        """,
        ["41:22 SCN102"],
    ),
    Case(
        "not flagged: the registry's decoder built without decoding, and a registry holding two classes (which one a name picks is not known)",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        DECODERS = {}

        def register(name):
            def wrap(cls):
                DECODERS[name] = cls
                return cls

            return wrap

        @register("tiny")
        class TinyDecoder(nn.Module):
            decode: bool = False

            @nn.compact
            def __call__(self, tokens):
                h = nn.Embed(16, 8)(tokens)
                if self.decode:
                    primed = self.has_variable("cache", "memory")
                    memory = self.variable("cache", "memory", jnp.zeros, h.shape, h.dtype)
                    if primed:
                        memory.value = 0.9 * memory.value + h
                        h = memory.value
                return nn.Dense(16)(h)

        @register("plain")
        class PlainDecoder(TinyDecoder):
            pass

        class Generator:
            def __init__(self, name, decode):
                self.model = DECODERS[name](decode=decode)
                self.variables = self.model.init(jax.random.key(0), jnp.zeros((1, 1), jnp.int32))

            def generate(self, token, steps=4):
                def cond(state):
                    return state[0] < steps

                def body(state):
                    i, token = state
                    logits = self.model.apply(self.variables, token)
                    return i + 1, jnp.argmax(logits, axis=-1).astype(jnp.int32)

                return jax.lax.while_loop(cond, body, (0, token))[1]

        def main():
            return Generator("plain", False).generate(jnp.ones((1, 1), jnp.int32))
        """,
        [],
    ),
    Case(
        "a runner's body factory returns `jax.checkpoint(body) if remat else body`; the body applies a model that counts its calls, nothing mutable",
        """
        import dataclasses

        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        @dataclasses.dataclass(frozen=True)
        class LoopConfig:
            remat: bool = True
            steps: int = 4

        class CountingMLP(nn.Module):
            @nn.compact
            def __call__(self, x):
                calls = self.variable("stats", "calls", lambda: jnp.zeros((), jnp.int32))
                calls.value += 1
                return x + nn.Dense(x.shape[-1])(nn.gelu(x))

        class Runner:
            def __init__(self, cfg):
                self.cfg = cfg
                self.model = CountingMLP()
                self.variables = self.model.init(jax.random.key(0), jnp.ones((2, 8)))

            def make_body(self):
                def body(x, _):
                    y = self.model.apply(self.variables, x)
                    return y, jnp.mean(y)

                return jax.checkpoint(body) if self.cfg.remat else body

            def run(self, x):
                return jax.lax.scan(self.make_body(), x, None, length=self.cfg.steps)[1]

        def main():
            return Runner(LoopConfig()).run(jnp.ones((2, 8)))
        """,
        ["28:17 SCN102"],
    ),
    Case(
        "not flagged: the same runner applying with `mutable=['stats']` and carrying the updated collection",
        """
        import dataclasses

        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        @dataclasses.dataclass(frozen=True)
        class LoopConfig:
            remat: bool = True
            steps: int = 4

        class CountingMLP(nn.Module):
            @nn.compact
            def __call__(self, x):
                calls = self.variable("stats", "calls", lambda: jnp.zeros((), jnp.int32))
                calls.value += 1
                return x + nn.Dense(x.shape[-1])(nn.gelu(x))

        class Runner:
            def __init__(self, cfg):
                self.cfg = cfg
                self.model = CountingMLP()
                self.variables = self.model.init(jax.random.key(0), jnp.ones((2, 8)))

            def make_body(self):
                params = self.variables["params"]

                def body(carry, _):
                    x, stats = carry
                    y, updated = self.model.apply({"params": params, "stats": stats}, x, mutable=["stats"])
                    return (y, updated["stats"]), jnp.mean(y)

                return jax.checkpoint(body) if self.cfg.remat else body

            def run(self, x):
                carry = (x, self.variables["stats"])
                return jax.lax.scan(self.make_body(), carry, None, length=self.cfg.steps)[1]

        def main():
            return Runner(LoopConfig()).run(jnp.ones((2, 8)))
        """,
        [],
    ),
    Case(
        "a callable wrapper object holding `partial(model.apply, train=True)` is called by a factory's checkpointed body; the model's `nn.remat` blocks, bound to a name, train a BatchNorm",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class ResBlock(nn.Module):
            width: int

            @nn.compact
            def __call__(self, x, train: bool):
                h = nn.BatchNorm(use_running_average=not train)(nn.Dense(self.width)(x))
                return x + nn.relu(h)

        class DeepMLP(nn.Module):
            width: int = 16

            @nn.compact
            def __call__(self, x, train: bool = False):
                block = nn.remat(ResBlock, static_argnums=(2,))
                for i in range(2):
                    x = block(self.width, name=f"block_{i}")(x, train)
                return nn.Dense(1)(x)

        class ApplyWrapper:
            def __init__(self, model, train):
                self._apply = functools.partial(model.apply, train=train)

            def __call__(self, variables, x):
                return self._apply(variables, x)

        def make_step(predict, variables):
            @jax.checkpoint
            def step(total, x):
                loss = jnp.mean(predict(variables, x) ** 2)
                return total + loss, loss

            return step

        def main():
            model = DeepMLP()
            variables = model.init(jax.random.key(0), jnp.ones((4, 16)))
            step = make_step(ApplyWrapper(model, train=True), variables)
            xs = jax.random.normal(jax.random.key(1), (3, 4, 16))
            return jax.lax.scan(step, 0.0, xs)
        """,
        ["31:16 SCN102"],
    ),
    Case(
        "not flagged: the same wrapper object built with `train=False` (the BatchNorm reads its running averages)",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class ResBlock(nn.Module):
            width: int

            @nn.compact
            def __call__(self, x, train: bool):
                h = nn.BatchNorm(use_running_average=not train)(nn.Dense(self.width)(x))
                return x + nn.relu(h)

        class DeepMLP(nn.Module):
            width: int = 16

            @nn.compact
            def __call__(self, x, train: bool = False):
                block = nn.remat(ResBlock, static_argnums=(2,))
                for i in range(2):
                    x = block(self.width, name=f"block_{i}")(x, train)
                return nn.Dense(1)(x)

        class ApplyWrapper:
            def __init__(self, model, train):
                self._apply = functools.partial(model.apply, train=train)

            def __call__(self, variables, x):
                return self._apply(variables, x)

        def make_step(predict, variables):
            @jax.checkpoint
            def step(total, x):
                loss = jnp.mean(predict(variables, x) ** 2)
                return total + loss, loss

            return step

        def main():
            model = DeepMLP()
            variables = model.init(jax.random.key(0), jnp.ones((4, 16)))
            step = make_step(ApplyWrapper(model, train=False), variables)
            xs = jax.random.normal(jax.random.key(1), (3, 4, 16))
            return jax.lax.scan(step, 0.0, xs)
        """,
        [],
    ),
    Case(
        "a service's `__init__` binds a model built with its `update_stats` parameter, which the construction leaves at its default `True`; the body calls the bound model",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn
        from jax import lax

        class Scorer(nn.Module):
            update_stats: bool = False

            @nn.compact
            def __call__(self, user, items):
                mean = self.variable("stats", "mean", jnp.zeros, items.shape[-1:])
                if self.update_stats:
                    mean.value = 0.9 * mean.value + 0.1 * items.mean(0)
                return nn.Dense(1)((items - mean.value) * user).squeeze(-1)

        class RankingService:
            def __init__(self, variables, update_stats=True):
                self.scorer = Scorer(update_stats).bind(variables)

            def first_page_with_hits(self, user, pages, min_hits=3):
                def cond(state):
                    i, hits = state
                    return (i < pages.shape[0]) & (hits < min_hits)

                def body(state):
                    i, _ = state
                    scores = self.scorer(user, pages[i])
                    return i + 1, jnp.sum(scores > 0.0)

                return lax.while_loop(cond, body, (0, jnp.array(0)))

        def main():
            pages = jax.random.normal(jax.random.key(0), (6, 10, 8))
            user = jax.random.normal(jax.random.key(1), (8,))
            variables = Scorer().init(jax.random.key(2), user, pages[0])
            return RankingService(variables).first_page_with_hits(user, pages)
        """,
        ["28:22 SCN102"],
    ),
    Case(
        "not flagged: the same service built with `update_stats=False`",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn
        from jax import lax

        class Scorer(nn.Module):
            update_stats: bool = False

            @nn.compact
            def __call__(self, user, items):
                mean = self.variable("stats", "mean", jnp.zeros, items.shape[-1:])
                if self.update_stats:
                    mean.value = 0.9 * mean.value + 0.1 * items.mean(0)
                return nn.Dense(1)((items - mean.value) * user).squeeze(-1)

        class RankingService:
            def __init__(self, variables, update_stats=True):
                self.scorer = Scorer(update_stats).bind(variables)

            def first_page_with_hits(self, user, pages, min_hits=3):
                def cond(state):
                    i, hits = state
                    return (i < pages.shape[0]) & (hits < min_hits)

                def body(state):
                    i, _ = state
                    scores = self.scorer(user, pages[i])
                    return i + 1, jnp.sum(scores > 0.0)

                return lax.while_loop(cond, body, (0, jnp.array(0)))

        def main():
            pages = jax.random.normal(jax.random.key(0), (6, 10, 8))
            user = jax.random.normal(jax.random.key(1), (8,))
            variables = Scorer().init(jax.random.key(2), user, pages[0])
            return RankingService(variables, update_stats=False).first_page_with_hits(user, pages)
        """,
        [],
    ),
    Case(
        "a trainer's `__init__` stores what a step factory returns (`self.step_fn = make_step(model, tx)`) and `lax.scan(self.step_fn, ...)` runs it; the step trains a BatchNorm, nothing mutable",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import linen as nn
        from jax import lax

        class Classifier(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                x = nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(x))
                return nn.Dense(2)(nn.relu(x))

        def make_step(model, tx):
            def step(state, batch):
                params, stats, opt_state = state

                def loss_fn(p):
                    logits = model.apply({"params": p, "batch_stats": stats}, batch, train=True)
                    return jnp.mean(logits ** 2)

                grads = jax.grad(loss_fn)(params)
                updates, opt_state = tx.update(grads, opt_state, params)
                return (optax.apply_updates(params, updates), stats, opt_state), None

            return step

        class Trainer:
            def __init__(self, model, tx, variables):
                self.state = (variables["params"], variables["batch_stats"], tx.init(variables["params"]))
                self.step_fn = make_step(model, tx)

            def fit(self, batches):
                self.state, _ = lax.scan(self.step_fn, self.state, batches)

        def main():
            model = Classifier()
            variables = model.init(jax.random.key(0), jnp.ones((4, 6)), train=False)
            Trainer(model, optax.sgd(0.1), variables).fit(jnp.ones((3, 4, 6)))
        """,
        ["19:22 SCN102"],
    ),
    Case(
        "not flagged: the same stored step applying with `mutable=['batch_stats']` and carrying the statistics",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import linen as nn
        from jax import lax

        class Classifier(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                x = nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(x))
                return nn.Dense(2)(nn.relu(x))

        def make_step(model, tx):
            def step(state, batch):
                params, stats, opt_state = state

                def loss_fn(p):
                    logits, updated = model.apply(
                        {"params": p, "batch_stats": stats}, batch, train=True, mutable=["batch_stats"]
                    )
                    return jnp.mean(logits ** 2), updated["batch_stats"]

                grads, stats = jax.grad(loss_fn, has_aux=True)(params)
                updates, opt_state = tx.update(grads, opt_state, params)
                return (optax.apply_updates(params, updates), stats, opt_state), None

            return step

        class Trainer:
            def __init__(self, model, tx, variables):
                self.state = (variables["params"], variables["batch_stats"], tx.init(variables["params"]))
                self.step_fn = make_step(model, tx)

            def fit(self, batches):
                self.state, _ = lax.scan(self.step_fn, self.state, batches)

        def main():
            model = Classifier()
            variables = model.init(jax.random.key(0), jnp.ones((4, 6)), train=False)
            Trainer(model, optax.sgd(0.1), variables).fit(jnp.ones((3, 4, 6)))
        """,
        [],
    ),
    Case(
        "the body calls a method of a plain helper object held by the trainer (`self.teacher.targets(x)`), which calls a module its `__init__` bound; the teacher's BatchNorm trains",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class Teacher(nn.Module):
            train: bool

            @nn.compact
            def __call__(self, x):
                x = nn.BatchNorm(use_running_average=not self.train)(nn.Dense(8)(x))
                return nn.Dense(4)(x)

        class FrozenTeacher:
            def __init__(self, module, variables):
                self._bound = module.bind(variables)

            def targets(self, x, temperature):
                return jax.nn.softmax(self._bound(x) / temperature)

        class Distiller:
            def __init__(self, teacher, temperature=2.0):
                self.teacher = teacher
                self.temperature = temperature

            def _step(self, total, x):
                soft = self.teacher.targets(x, self.temperature)
                return total + soft.max(), soft.mean()

            def distill(self, data):
                return jax.lax.scan(self._step, 0.0, data)

        def main():
            x = jnp.ones((8, 5))
            variables = Teacher(train=False).init(jax.random.key(0), x)
            teacher = FrozenTeacher(Teacher(train=True), variables)
            return Distiller(teacher).distill(jnp.ones((3, 8, 5)))
        """,
        ["19:31 SCN102"],
    ),
    Case(
        "not flagged: the same helper object around a teacher built with `train=False`",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class Teacher(nn.Module):
            train: bool

            @nn.compact
            def __call__(self, x):
                x = nn.BatchNorm(use_running_average=not self.train)(nn.Dense(8)(x))
                return nn.Dense(4)(x)

        class FrozenTeacher:
            def __init__(self, module, variables):
                self._bound = module.bind(variables)

            def targets(self, x, temperature):
                return jax.nn.softmax(self._bound(x) / temperature)

        class Distiller:
            def __init__(self, teacher, temperature=2.0):
                self.teacher = teacher
                self.temperature = temperature

            def _step(self, total, x):
                soft = self.teacher.targets(x, self.temperature)
                return total + soft.max(), soft.mean()

            def distill(self, data):
                return jax.lax.scan(self._step, 0.0, data)

        def main():
            x = jnp.ones((8, 5))
            variables = Teacher(train=False).init(jax.random.key(0), x)
            teacher = FrozenTeacher(Teacher(train=False), variables)
            return Distiller(teacher).distill(jnp.ones((3, 8, 5)))
        """,
        [],
    ),
    Case(
        "a plain dataclass policy holds `model.apply` as a field (`Policy(model.apply)`) and a calibrator's loop body calls its `forward`, which applies a model that tracks an amax variable, nothing mutable",
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class AmaxDense(nn.Module):
            features: int

            @nn.compact
            def __call__(self, x):
                amax = self.variable("fp8_stats", "amax", lambda: jnp.zeros(()))
                amax.value = jnp.maximum(amax.value, jnp.max(jnp.abs(x)))
                return nn.Dense(self.features)(x / jnp.maximum(amax.value, 1e-6))

        @dataclass
        class Policy:
            apply_fn: callable
            dtype: jnp.dtype = jnp.bfloat16

            def forward(self, variables, x):
                return self.apply_fn(variables, x.astype(self.dtype)).astype(jnp.float32)

        class Calibrator:
            def __init__(self, policy):
                self.policy = policy

            def run(self, variables, batches):
                def body(i, total):
                    return total + jnp.abs(self.policy.forward(variables, batches[i])).mean()

                return jax.lax.fori_loop(0, batches.shape[0], body, 0.0)

        def main():
            model = AmaxDense(4)
            batches = jnp.ones((5, 8, 16))
            variables = model.init(jax.random.key(0), batches[0])
            return Calibrator(Policy(model.apply)).run(variables, batches)
        """,
        ["23:16 SCN102"],
    ),
    Case(
        "not flagged: the same policy applying with the statistics mutable and carried through the loop",
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class AmaxDense(nn.Module):
            features: int

            @nn.compact
            def __call__(self, x):
                amax = self.variable("fp8_stats", "amax", lambda: jnp.zeros(()))
                amax.value = jnp.maximum(amax.value, jnp.max(jnp.abs(x)))
                return nn.Dense(self.features)(x / jnp.maximum(amax.value, 1e-6))

        @dataclass
        class Policy:
            apply_fn: callable
            dtype: jnp.dtype = jnp.bfloat16

            def forward(self, variables, x):
                out, updated = self.apply_fn(variables, x.astype(self.dtype), mutable=["fp8_stats"])
                return out.astype(jnp.float32), {**variables, **updated}

        class Calibrator:
            def __init__(self, policy):
                self.policy = policy

            def run(self, variables, batches):
                def body(i, carry):
                    total, variables = carry
                    out, variables = self.policy.forward(variables, batches[i])
                    return total + jnp.abs(out).mean(), variables

                return jax.lax.fori_loop(0, batches.shape[0], body, (0.0, variables))

        def main():
            model = AmaxDense(4)
            batches = jnp.ones((5, 8, 16))
            variables = model.init(jax.random.key(0), batches[0])
            return Calibrator(Policy(model.apply)).run(variables, batches)
        """,
        [],
    ),
    Case(
        "not flagged: a stepper's BatchNorm trains only in the instance given to `init` (BatchNorm updates nothing while initializing); the instance `apply` runs reads its running averages",
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import linen as nn
        from jax.lax import scan

        class Branch(nn.Module):
            train: bool = True

            @nn.compact
            def __call__(self, u):
                h = nn.BatchNorm(use_running_average=not self.train)(nn.Dense(16)(u))
                return nn.Dense(8)(jnp.tanh(h))

        def operator_step(branch, u, _):
            return branch(u)[:, :4], None

        class Stepper(nn.Module):
            train: bool = True

            @nn.compact
            def __call__(self, u0):
                branch = Branch(train=self.train)
                body = functools.partial(operator_step, branch)
                if self.is_initializing():
                    body(u0, None)
                return scan(body, u0, None, length=3)[0]

        def main():
            u0 = jnp.ones((3, 4))
            variables = Stepper(train=True).init(jax.random.key(0), u0)
            return Stepper(train=False).apply(variables, u0)
        """,
        [],
    ),
    Case(
        "the same stepper applied with `train=True`: its BatchNorm updates `batch_stats` in the scan body",
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import linen as nn
        from jax.lax import scan

        class Branch(nn.Module):
            train: bool = True

            @nn.compact
            def __call__(self, u):
                h = nn.BatchNorm(use_running_average=not self.train)(nn.Dense(16)(u))
                return nn.Dense(8)(jnp.tanh(h))

        def operator_step(branch, u, _):
            return branch(u)[:, :4], None

        class Stepper(nn.Module):
            train: bool = True

            @nn.compact
            def __call__(self, u0):
                branch = Branch(train=self.train)
                body = functools.partial(operator_step, branch)
                if self.is_initializing():
                    body(u0, None)
                return scan(body, u0, None, length=3)[0]

        def main():
            u0 = jnp.ones((3, 4))
            variables = Stepper(train=False).init(jax.random.key(0), u0)
            _, updated = Stepper(train=True).apply(variables, u0, mutable=["batch_stats"])
            return jax.tree.map(lambda a: a + 1, updated["batch_stats"])
        """,
        ["18:12 SCN102"],
    ),
    Case(
        "a hook in a list of hooks of different classes, run by a for in the scan body, applies the model in training mode",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class Tagger(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                x = nn.Dense(8)(x)
                x = nn.BatchNorm(use_running_average=not train)(x)
                return nn.Dense(3)(x)

        class Hook:
            def after_batch(self, variables, batch, total):
                return total

        class ConfidenceHook(Hook):
            def __init__(self, model):
                self.model = model

            def after_batch(self, variables, batch, total):
                logits = self.model.apply(variables, batch, train=True)
                return total + jax.nn.softmax(logits).max(-1).mean()

        def evaluate(variables, batches, hooks):
            def body(total, batch):
                for hook in hooks:
                    total = hook.after_batch(variables, batch, total)
                return total, None

            total, _ = jax.lax.scan(body, jnp.zeros(()), batches)
            return total

        def main():
            model = Tagger()
            batches = jnp.ones((4, 2, 5))
            variables = model.init(jax.random.PRNGKey(0), batches[0])
            return evaluate(variables, batches, [Hook(), ConfidenceHook(model)])
        """,
        ["22:18 SCN102"],
    ),
    Case(
        "not flagged: the hook in the list of hooks applies the model in evaluation mode",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class Tagger(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                x = nn.Dense(8)(x)
                x = nn.BatchNorm(use_running_average=not train)(x)
                return nn.Dense(3)(x)

        class Hook:
            def after_batch(self, variables, batch, total):
                return total

        class ConfidenceHook(Hook):
            def __init__(self, model):
                self.model = model

            def after_batch(self, variables, batch, total):
                logits = self.model.apply(variables, batch, train=False)
                return total + jax.nn.softmax(logits).max(-1).mean()

        def evaluate(variables, batches, hooks):
            def body(total, batch):
                for hook in hooks:
                    total = hook.after_batch(variables, batch, total)
                return total, None

            total, _ = jax.lax.scan(body, jnp.zeros(()), batches)
            return total

        def main():
            model = Tagger()
            batches = jnp.ones((4, 2, 5))
            variables = model.init(jax.random.PRNGKey(0), batches[0])
            return evaluate(variables, batches, [Hook(), ConfidenceHook(model)])
        """,
        [],
    ),
    Case(
        "a loop reaches the model through two dataclasses a builder returns (`self.service.backend.score(x)`), and the model updates a counter it keeps",
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Ranker(nn.Module):
            @nn.compact
            def __call__(self, x):
                served = self.variable("stats", "served", lambda: jnp.zeros((), jnp.int32))
                served.value += 1
                return nn.Dense(1)(x)

        @dataclass
        class Backend:
            module: nn.Module
            variables: dict

            def score(self, x):
                return self.module.apply(self.variables, x)

        @dataclass
        class Service:
            backend: Backend
            threshold: float = 0.5

        def build_service(seed):
            module = Ranker()
            variables = module.init(jax.random.PRNGKey(seed), jnp.ones((2, 3)))
            return Service(Backend(module, variables))

        class Replayer:
            def __init__(self, service):
                self.service = service

            def replay(self, requests):
                def body(total, x):
                    return total + self.service.backend.score(x).sum(), None

                return jax.lax.scan(body, jnp.zeros(()), requests)[0]

        def main():
            return Replayer(build_service(0)).replay(jnp.ones((4, 2, 3)))
        """,
        ["21:16 SCN102"],
    ),
    Case(
        "not flagged: the backend two dataclasses down applies the model with its counter mutable and returns the update",
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Ranker(nn.Module):
            @nn.compact
            def __call__(self, x):
                served = self.variable("stats", "served", lambda: jnp.zeros((), jnp.int32))
                served.value += 1
                return nn.Dense(1)(x)

        @dataclass
        class Backend:
            module: nn.Module
            variables: dict

            def score(self, x):
                out, _ = self.module.apply(self.variables, x, mutable=["stats"])
                return out

        @dataclass
        class Service:
            backend: Backend
            threshold: float = 0.5

        def build_service(seed):
            module = Ranker()
            variables = module.init(jax.random.PRNGKey(seed), jnp.ones((2, 3)))
            return Service(Backend(module, variables))

        class Replayer:
            def __init__(self, service):
                self.service = service

            def replay(self, requests):
                def body(total, x):
                    return total + self.service.backend.score(x).sum(), None

                return jax.lax.scan(body, jnp.zeros(()), requests)[0]

        def main():
            return Replayer(build_service(0)).replay(jnp.ones((4, 2, 3)))
        """,
        [],
    ),
    Case(
        "two constructions of a dataclass both pass `model.apply`; the scan body runs it in training mode through one of them",
        """
        import dataclasses
        from typing import Any, Callable

        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                x = nn.Dense(4)(x)
                return nn.BatchNorm(use_running_average=not train)(x)

        @dataclasses.dataclass
        class Arm:
            label: str
            apply_fn: Callable
            variables: Any

            def predict(self, x):
                return self.apply_fn(self.variables, x)

        def compare(arm_a, arm_b, xs):
            def body(gap, x):
                return gap + jnp.abs(arm_a.predict(x) - arm_b.predict(x)).mean(), None

            return jax.lax.scan(body, jnp.zeros(()), xs)[0]

        def main():
            model = Net()
            xs = jnp.ones((3, 2, 5))
            a = Arm("a", model.apply, model.init(jax.random.PRNGKey(0), xs[0]))
            b = Arm("b", model.apply, model.init(jax.random.PRNGKey(1), xs[0]))
            return compare(a, b, xs)
        """,
        ["22:16 SCN102"],
    ),
    Case(
        "not flagged: both arms of the dataclass run the model in evaluation mode",
        """
        import dataclasses
        from typing import Any, Callable

        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                x = nn.Dense(4)(x)
                return nn.BatchNorm(use_running_average=not train)(x)

        @dataclasses.dataclass
        class Arm:
            label: str
            apply_fn: Callable
            variables: Any

            def predict(self, x):
                return self.apply_fn(self.variables, x, train=False)

        def compare(arm_a, arm_b, xs):
            def body(gap, x):
                return gap + jnp.abs(arm_a.predict(x) - arm_b.predict(x)).mean(), None

            return jax.lax.scan(body, jnp.zeros(()), xs)[0]

        def main():
            model = Net()
            xs = jnp.ones((3, 2, 5))
            a = Arm("a", model.apply, model.init(jax.random.PRNGKey(0), xs[0]))
            b = Arm("b", model.apply, model.init(jax.random.PRNGKey(1), xs[0]))
            return compare(a, b, xs)
        """,
        [],
    ),
    Case(
        "a factory returns its step with the bound module (`step, bound = make_step(...)`); the fori_loop step runs the bound module's BatchNorm in training mode",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                x = nn.Dense(4)(x)
                return nn.BatchNorm(use_running_average=not train)(x)

        def make_step(model, variables, data):
            bound = model.bind(variables, mutable=["batch_stats"])

            def step(i, acc):
                return acc + bound(data[i], train=True).mean()

            return step, bound

        def recalibrate(model, variables, data):
            step, bound = make_step(model, variables, data)
            jax.lax.fori_loop(0, data.shape[0], step, jnp.zeros(()))
            return jax.tree.map(jnp.mean, bound.variables["batch_stats"])

        def main():
            model = Net()
            data = jnp.ones((3, 2, 5))
            return recalibrate(model, model.init(jax.random.PRNGKey(0), data[0], train=False), data)
        """,
        ["16:22 SCN102"],
    ),
    Case(
        "not flagged: the step the factory returns with the bound module runs it in evaluation mode",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                x = nn.Dense(4)(x)
                return nn.BatchNorm(use_running_average=not train)(x)

        def make_step(model, variables, data):
            bound = model.bind(variables, mutable=["batch_stats"])

            def step(i, acc):
                return acc + bound(data[i], train=False).mean()

            return step, bound

        def evaluate(model, variables, data):
            step, bound = make_step(model, variables, data)
            total = jax.lax.fori_loop(0, data.shape[0], step, jnp.zeros(()))
            return total, jax.tree.map(jnp.mean, bound.variables["batch_stats"])

        def main():
            model = Net()
            data = jnp.ones((3, 2, 5))
            return evaluate(model, model.init(jax.random.PRNGKey(0), data[0], train=False), data)
        """,
        [],
    ),
    Case(
        "flagged: a registry's builder makes the model whose remat blocks train BatchNorm, applied with nothing mutable",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        MODEL_REGISTRY = {}

        def register(name):
            def deco(cls):
                MODEL_REGISTRY[name] = cls
                return cls
            return deco

        class ResBlock(nn.Module):
            features: int
            train: bool = True

            @nn.compact
            def __call__(self, x):
                y = nn.BatchNorm(use_running_average=not self.train)(nn.Dense(self.features)(x))
                return x + nn.relu(y)

        @register("resmlp")
        class ResMLP(nn.Module):
            features: int = 8

            @nn.compact
            def __call__(self, x, train: bool = True):
                x = nn.Dense(self.features)(x)
                Block = nn.remat(ResBlock)
                x = Block(self.features, train=train)(x)
                return nn.Dense(1)(x)

        def create_model(name, **kwargs):
            return MODEL_REGISTRY[name](**kwargs)

        def make_train_step(model):
            def loss_fn(params, batch_stats, x):
                pred = model.apply({"params": params, "batch_stats": batch_stats}, x, train=True)
                return jnp.mean(pred ** 2)

            def train_step(variables, xs):
                def body(grads, x):
                    g = jax.grad(loss_fn)(variables["params"], variables["batch_stats"], x)
                    return jax.tree.map(jnp.add, grads, g), None

                zeros = jax.tree.map(jnp.zeros_like, variables["params"])
                return jax.lax.scan(body, zeros, xs)[0]

            return train_step

        def main():
            model = create_model("resmlp", features=8)
            xs = jnp.ones((3, 4, 8))
            variables = model.init(jax.random.PRNGKey(0), xs[0], train=False)
            return make_train_step(model)(variables, xs)
        """,
        ["39:16 SCN102"],
    ),
    Case(
        'not flagged: the registry-built model with remat BatchNorm blocks applied in evaluation mode',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        MODEL_REGISTRY = {}

        def register(name):
            def deco(cls):
                MODEL_REGISTRY[name] = cls
                return cls
            return deco

        class ResBlock(nn.Module):
            features: int
            train: bool = True

            @nn.compact
            def __call__(self, x):
                y = nn.BatchNorm(use_running_average=not self.train)(nn.Dense(self.features)(x))
                return x + nn.relu(y)

        @register("resmlp")
        class ResMLP(nn.Module):
            features: int = 8

            @nn.compact
            def __call__(self, x, train: bool = True):
                x = nn.Dense(self.features)(x)
                Block = nn.remat(ResBlock)
                x = Block(self.features, train=train)(x)
                return nn.Dense(1)(x)

        def create_model(name, **kwargs):
            return MODEL_REGISTRY[name](**kwargs)

        def make_train_step(model):
            def loss_fn(params, batch_stats, x):
                pred = model.apply({"params": params, "batch_stats": batch_stats}, x, train=False)
                return jnp.mean(pred ** 2)

            def train_step(variables, xs):
                def body(grads, x):
                    g = jax.grad(loss_fn)(variables["params"], variables["batch_stats"], x)
                    return jax.tree.map(jnp.add, grads, g), None

                zeros = jax.tree.map(jnp.zeros_like, variables["params"])
                return jax.lax.scan(body, zeros, xs)[0]

            return train_step

        def main():
            model = create_model("resmlp", features=8)
            xs = jnp.ones((3, 4, 8))
            variables = model.init(jax.random.PRNGKey(0), xs[0], train=False)
            return make_train_step(model)(variables, xs)
        """,
        [],
    ),
    Case(
        'flagged: inline nn.remat blocks of a builder-made encoder train BatchNorm under an immutable apply',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class ConvBlock(nn.Module):
            features: int
            training: bool

            @nn.compact
            def __call__(self, x):
                x = nn.Dense(self.features)(x)
                x = nn.BatchNorm(use_running_average=not self.training, momentum=0.9)(x)
                return nn.gelu(x)


        class Encoder(nn.Module):
            features: int = 16

            @nn.compact
            def __call__(self, x, training: bool = False):
                for _ in range(2):
                    x = nn.remat(ConvBlock)(self.features, training)(x)
                return x


        def build(config):
            return Encoder(**config)


        def encode_sequence(model, variables, frames):
            def step(i, total):
                feats = model.apply(variables, frames[i], training=True)
                return total + feats.mean()

            return jax.lax.fori_loop(0, frames.shape[0], step, 0.0)


        def main():
            model = build({"features": 16})
            frames = jnp.ones((4, 2, 16))
            variables = model.init(jax.random.PRNGKey(0), frames[0])
            return encode_sequence(model, variables, frames)
        """,
        ["34:17 SCN102"],
    ),
    Case(
        "not flagged: the builder-made encoder's apply makes batch_stats mutable and carries them",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class ConvBlock(nn.Module):
            features: int
            training: bool

            @nn.compact
            def __call__(self, x):
                x = nn.Dense(self.features)(x)
                x = nn.BatchNorm(use_running_average=not self.training, momentum=0.9)(x)
                return nn.gelu(x)


        class Encoder(nn.Module):
            features: int = 16

            @nn.compact
            def __call__(self, x, training: bool = False):
                for _ in range(2):
                    x = nn.remat(ConvBlock)(self.features, training)(x)
                return x


        def build(config):
            return Encoder(**config)


        def encode_sequence(model, variables, frames):
            def step(i, carry):
                total, stats = carry
                feats, updates = model.apply(
                    {"params": variables["params"], "batch_stats": stats}, frames[i], training=True, mutable=["batch_stats"]
                )
                return total + feats.mean(), updates["batch_stats"]

            return jax.lax.fori_loop(0, frames.shape[0], step, (0.0, variables["batch_stats"]))


        def main():
            model = build({"features": 16})
            frames = jnp.ones((4, 2, 16))
            variables = model.init(jax.random.PRNGKey(0), frames[0])
            return encode_sequence(model, variables, frames)
        """,
        [],
    ),
    Case(
        'flagged: a registry of builder functions serves a wrapper whose **kwargs reach apply empty, training BatchNorm',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        BUILDERS = {}


        def register(name):
            def wrap(fn):
                BUILDERS[name] = fn
                return fn
            return wrap


        class Tagger(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                x = nn.Dense(8)(x)
                return nn.BatchNorm(use_running_average=not train)(x)


        class Served:
            def __init__(self, module, sample):
                self.module = module
                self.variables = module.init(jax.random.PRNGKey(0), sample, train=False)

            def __call__(self, x, **kwargs):
                return self.module.apply(self.variables, x, **kwargs)


        @register("tagger")
        def build_tagger(sample):
            return Served(Tagger(), sample)


        def tag_stream(name, frames):
            model = BUILDERS[name](frames[0])

            def body(total, frame):
                return total + model(frame).sum(), None

            return jax.lax.scan(body, 0.0, frames)[0]


        def main():
            return tag_stream("tagger", jnp.ones((4, 2, 5)))
        """,
        ["29:16 SCN102"],
    ),
    Case(
        'not flagged: the served wrapper is called with train=False through its **kwargs',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        BUILDERS = {}


        def register(name):
            def wrap(fn):
                BUILDERS[name] = fn
                return fn
            return wrap


        class Tagger(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                x = nn.Dense(8)(x)
                return nn.BatchNorm(use_running_average=not train)(x)


        class Served:
            def __init__(self, module, sample):
                self.module = module
                self.variables = module.init(jax.random.PRNGKey(0), sample, train=False)

            def __call__(self, x, **kwargs):
                return self.module.apply(self.variables, x, **kwargs)


        @register("tagger")
        def build_tagger(sample):
            return Served(Tagger(), sample)


        def tag_stream(name, frames):
            model = BUILDERS[name](frames[0])

            def body(total, frame):
                return total + model(frame, train=False).sum(), None

            return jax.lax.scan(body, 0.0, frames)[0]


        def main():
            return tag_stream("tagger", jnp.ones((4, 2, 5)))
        """,
        [],
    ),
    Case(
        "flagged: a loss closure a checkpoint object's method returns, reached through an annotated parameter",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import linen as nn


        class Scorer(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                x = nn.Dense(16)(x)
                x = nn.BatchNorm(use_running_average=not train)(x)
                return nn.Dense(1)(nn.relu(x))[..., 0]


        class Checkpoint:
            def __init__(self, module, variables):
                self.module = module
                self.variables = variables

            def loss_fn(self):
                def loss(params, x, y):
                    pred = self.module.apply({**self.variables, "params": params}, x)
                    return jnp.mean((pred - y) ** 2)
                return loss


        def finetune(ckpt: Checkpoint, xs, ys):
            tx = optax.sgd(1e-2)
            loss = ckpt.loss_fn()

            def body(carry, batch):
                params, opt_state = carry
                value, grads = jax.value_and_grad(loss)(params, *batch)
                updates, opt_state = tx.update(grads, opt_state, params)
                return (optax.apply_updates(params, updates), opt_state), value

            params = ckpt.variables["params"]
            return jax.lax.scan(body, (params, tx.init(params)), (xs, ys))[1]


        def main():
            module = Scorer()
            xs = jnp.ones((3, 4, 6))
            ckpt = Checkpoint(module, module.init(jax.random.PRNGKey(0), xs[0], train=False))
            return finetune(ckpt, xs, jnp.zeros((3, 4)))
        """,
        ["23:20 SCN102"],
    ),
    Case(
        "not flagged: the checkpoint's loss closure applies the module in evaluation mode",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import linen as nn


        class Scorer(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                x = nn.Dense(16)(x)
                x = nn.BatchNorm(use_running_average=not train)(x)
                return nn.Dense(1)(nn.relu(x))[..., 0]


        class Checkpoint:
            def __init__(self, module, variables):
                self.module = module
                self.variables = variables

            def loss_fn(self):
                def loss(params, x, y):
                    pred = self.module.apply({**self.variables, "params": params}, x, train=False)
                    return jnp.mean((pred - y) ** 2)
                return loss


        def finetune(ckpt: Checkpoint, xs, ys):
            tx = optax.sgd(1e-2)
            loss = ckpt.loss_fn()

            def body(carry, batch):
                params, opt_state = carry
                value, grads = jax.value_and_grad(loss)(params, *batch)
                updates, opt_state = tx.update(grads, opt_state, params)
                return (optax.apply_updates(params, updates), opt_state), value

            params = ckpt.variables["params"]
            return jax.lax.scan(body, (params, tx.init(params)), (xs, ys))[1]


        def main():
            module = Scorer()
            xs = jnp.ones((3, 4, 6))
            ckpt = Checkpoint(module, module.init(jax.random.PRNGKey(0), xs[0], train=False))
            return finetune(ckpt, xs, jnp.zeros((3, 4)))
        """,
        [],
    ),
    Case(
        "flagged: a validation callback's scan calls the trainer it is handed, whose predict trains BatchNorm by default",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train=True):
                x = nn.Dense(8)(x)
                x = nn.BatchNorm(use_running_average=not train)(x)
                return nn.Dense(1)(nn.relu(x))


        class Callback:
            def on_epoch_end(self, trainer):
                return None


        class Validation(Callback):
            def __init__(self, xs, ys):
                self.xs, self.ys = xs, ys

            def on_epoch_end(self, trainer):
                def body(total, batch):
                    x, y = batch
                    return total + jnp.mean((trainer.predict(x) - y) ** 2), None

                return jax.lax.scan(body, 0.0, (self.xs, self.ys))[0]


        class Trainer:
            def __init__(self, model, variables, callbacks):
                self.model, self.variables, self.callbacks = model, variables, callbacks

            def predict(self, x, train=True):
                return self.model.apply(self.variables, x, train=train)

            def end_epoch(self):
                return [cb.on_epoch_end(self) for cb in self.callbacks]


        def main():
            model = Net()
            x = jnp.ones((4, 3))
            variables = model.init(jax.random.PRNGKey(0), x, train=False)
            Trainer(model, variables, [Callback(), Validation(jnp.ones((3, 4, 3)), jnp.zeros((3, 4, 1)))]).end_epoch()
        """,
        ["37:16 SCN102"],
    ),
    Case(
        'not flagged: the validation callback asks the trainer it is handed to predict in evaluation mode',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train=True):
                x = nn.Dense(8)(x)
                x = nn.BatchNorm(use_running_average=not train)(x)
                return nn.Dense(1)(nn.relu(x))


        class Callback:
            def on_epoch_end(self, trainer):
                return None


        class Validation(Callback):
            def __init__(self, xs, ys):
                self.xs, self.ys = xs, ys

            def on_epoch_end(self, trainer):
                def body(total, batch):
                    x, y = batch
                    return total + jnp.mean((trainer.predict(x, train=False) - y) ** 2), None

                return jax.lax.scan(body, 0.0, (self.xs, self.ys))[0]


        class Trainer:
            def __init__(self, model, variables, callbacks):
                self.model, self.variables, self.callbacks = model, variables, callbacks

            def predict(self, x, train=True):
                return self.model.apply(self.variables, x, train=train)

            def end_epoch(self):
                return [cb.on_epoch_end(self) for cb in self.callbacks]


        def main():
            model = Net()
            x = jnp.ones((4, 3))
            variables = model.init(jax.random.PRNGKey(0), x, train=False)
            Trainer(model, variables, [Callback(), Validation(jnp.ones((3, 4, 3)), jnp.zeros((3, 4, 1)))]).end_epoch()
        """,
        [],
    ),
    Case(
        "a dataclass's method applies the model with its own field as the mode (`train=self.train_mode`, default True), run by the body through the object a queue keeps",
        """
        import dataclasses

        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Classifier(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                x = nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(x))
                return nn.Dense(3)(x)


        @dataclasses.dataclass
        class Scorer:
            model: nn.Module
            variables: dict
            train_mode: bool = True

            def score(self, batch):
                return self.model.apply(self.variables, batch, train=self.train_mode)


        class JobQueue:
            def __init__(self, scorer: Scorer):
                self.scorer = scorer

            def drain(self, batches):
                def body(carry, batch):
                    return carry, self.scorer.score(batch).argmax(-1)

                return jax.lax.scan(body, None, batches)[1]


        def main():
            model = Classifier()
            batches = jnp.ones((3, 4, 6))
            variables = model.init(jax.random.key(0), batches[0])
            return JobQueue(Scorer(model, variables)).drain(batches)
        """,
        ["23:16 SCN102"],
    ),
    Case(
        'the same dataclass field defaulting to False: nothing updates',
        """
        import dataclasses

        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Classifier(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                x = nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(x))
                return nn.Dense(3)(x)


        @dataclasses.dataclass
        class Scorer:
            model: nn.Module
            variables: dict
            train_mode: bool = False

            def score(self, batch):
                return self.model.apply(self.variables, batch, train=self.train_mode)


        class JobQueue:
            def __init__(self, scorer: Scorer):
                self.scorer = scorer

            def drain(self, batches):
                def body(carry, batch):
                    return carry, self.scorer.score(batch).argmax(-1)

                return jax.lax.scan(body, None, batches)[1]


        def main():
            model = Classifier()
            batches = jnp.ones((3, 4, 6))
            variables = model.init(jax.random.key(0), batches[0])
            return JobQueue(Scorer(model, variables)).drain(batches)
        """,
        [],
    ),
    Case(
        'a partial of `model.apply` kept as `self.apply`, called by a method whose `train` parameter the body passes True',
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class RiskModel(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                h = nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(x))
                return nn.softplus(nn.Dense(4)(h))


        class LearnedRisk:
            def __init__(self, model, variables):
                self.apply = functools.partial(model.apply, variables)

            def predict(self, x, train=False):
                return self.apply(x, train=train)


        def rebalance(risk, history):
            def day(i, weights):
                risk_now = risk.predict(history[i], train=True)
                return jax.nn.softmax(jnp.log(weights) - risk_now.mean(0))

            return jax.lax.fori_loop(0, history.shape[0], day, jnp.full((4,), 0.25))


        def main():
            history = jnp.ones((5, 3, 6))
            model = RiskModel()
            return rebalance(LearnedRisk(model, model.init(jax.random.key(0), history[0])), history)
        """,
        ["21:16 SCN102"],
    ),
    Case(
        'the same method called with its default `train=False`',
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class RiskModel(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                h = nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(x))
                return nn.softplus(nn.Dense(4)(h))


        class LearnedRisk:
            def __init__(self, model, variables):
                self.apply = functools.partial(model.apply, variables)

            def predict(self, x, train=False):
                return self.apply(x, train=train)


        def rebalance(risk, history):
            def day(i, weights):
                risk_now = risk.predict(history[i])
                return jax.nn.softmax(jnp.log(weights) - risk_now.mean(0))

            return jax.lax.fori_loop(0, history.shape[0], day, jnp.full((4,), 0.25))


        def main():
            history = jnp.ones((5, 3, 6))
            model = RiskModel()
            return rebalance(LearnedRisk(model, model.init(jax.random.key(0), history[0])), history)
        """,
        [],
    ),
    Case(
        'a module kept by a plain job object (`self.encoder.apply(..., train=train)`) whose method runs a raw scan over a BatchNorm block, the job run with `train=True`',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Block(nn.Module):
            @nn.compact
            def __call__(self, h, x, train: bool):
                return nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(h + x))


        class Encoder(nn.Module):
            @nn.compact
            def __call__(self, xs, train: bool = False):
                block = Block()
                h0 = block(jnp.zeros(xs.shape[1:2] + (8,)), xs[0], False)

                def fold(h, x):
                    return block(h, x, train), None

                return jax.lax.scan(fold, h0, xs[1:])[0]


        class Job:
            def __init__(self, encoder, variables):
                self.encoder = encoder
                self.variables = variables

            def run(self, xs, train):
                return self.encoder.apply(self.variables, xs, train=train)


        def main():
            encoder = Encoder()
            xs = jnp.ones((4, 2, 8))
            job = Job(encoder, encoder.init(jax.random.key(0), xs, train=False))
            return job.run(xs, train=True)
        """,
        ["20:20 SCN102"],
    ),
    Case(
        'the same job run with `train=False`',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Block(nn.Module):
            @nn.compact
            def __call__(self, h, x, train: bool):
                return nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(h + x))


        class Encoder(nn.Module):
            @nn.compact
            def __call__(self, xs, train: bool = False):
                block = Block()
                h0 = block(jnp.zeros(xs.shape[1:2] + (8,)), xs[0], False)

                def fold(h, x):
                    return block(h, x, train), None

                return jax.lax.scan(fold, h0, xs[1:])[0]


        class Job:
            def __init__(self, encoder, variables):
                self.encoder = encoder
                self.variables = variables

            def run(self, xs, train):
                return self.encoder.apply(self.variables, xs, train=train)


        def main():
            encoder = Encoder()
            xs = jnp.ones((4, 2, 8))
            job = Job(encoder, encoder.init(jax.random.key(0), xs, train=False))
            return job.run(xs, train=False)
        """,
        [],
    ),
    Case(
        'a step a factory in a decorator registry builds (`_STEPS[name](variables, xs)`) applies a module whose counter updates under apply',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        _STEPS = {}


        def register(name):
            def deco(fn):
                _STEPS[name] = fn
                return fn

            return deco


        class Counter(nn.Module):
            @nn.compact
            def __call__(self, x):
                count = self.variable("stats", "count", lambda: jnp.zeros((), jnp.int32))
                if not self.is_initializing():
                    count.value = count.value + 1
                return nn.Dense(4)(x)


        @register("counted")
        def make_step(variables, xs):
            model = Counter()

            def step(i, out):
                return out.at[i].set(model.apply(variables, xs[i]))

            return step


        def run(name, variables, xs):
            step = _STEPS[name](variables, xs)
            return jax.lax.fori_loop(0, xs.shape[0], step, jnp.zeros((xs.shape[0], 4)))


        def main():
            xs = jnp.ones((3, 4))
            return run("counted", Counter().init(jax.random.key(0), xs[0]), xs)
        """,
        ["31:30 SCN102"],
    ),
    Case(
        'the same registry factory over a module that updates nothing',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        _STEPS = {}


        def register(name):
            def deco(fn):
                _STEPS[name] = fn
                return fn

            return deco


        class Counter(nn.Module):
            @nn.compact
            def __call__(self, x):
                count = self.variable("stats", "count", lambda: jnp.zeros((), jnp.int32))
                if False:
                    count.value = count.value + 1
                return nn.Dense(4)(x)


        @register("counted")
        def make_step(variables, xs):
            model = Counter()

            def step(i, out):
                return out.at[i].set(model.apply(variables, xs[i]))

            return step


        def run(name, variables, xs):
            step = _STEPS[name](variables, xs)
            return jax.lax.fori_loop(0, xs.shape[0], step, jnp.zeros((xs.shape[0], 4)))


        def main():
            xs = jnp.ones((3, 4))
            return run("counted", Counter().init(jax.random.key(0), xs[0]), xs)
        """,
        [],
    ),
    Case(
        "a planner's adapter picked from a dict comprehension by a run-time key and bound to a local; the body runs its method, which calls a module bound with `mutable=['calib']` that updates the collection",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Forecaster(nn.Module):
            @nn.compact
            def __call__(self, x):
                bias = self.variable("calib", "bias", lambda: jnp.zeros((2,)))
                y = nn.Dense(2)(x)
                if not self.is_initializing():
                    bias.value = 0.9 * bias.value + 0.1 * y
                return y + bias.value


        class StoreAdapter:
            def __init__(self, model, variables):
                self.bound = model.bind(variables, mutable=["calib"])

            def forecast(self, x):
                return self.bound(x)


        class Planner:
            def __init__(self, model, variables, stores):
                self.adapters = {store: StoreAdapter(model, variables) for store in stores}

            def plan(self, store, xs):
                adapter = self.adapters[store]

                def body(i, total):
                    return total + adapter.forecast(xs[i]).sum()

                total = jax.lax.fori_loop(0, xs.shape[0], body, jnp.zeros(()))
                return total, adapter.bound.variables["calib"]["bias"] * 1.0


        def main():
            model = Forecaster()
            xs = jnp.ones((3, 4))
            variables = model.init(jax.random.key(0), xs[0])
            Planner(model, variables, ["x", "y"]).plan("x", xs)
        """,
        ["22:16 SCN102"],
    ),
    Case(
        'the same adapter run in a Python loop; the raw loop body touches no module',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Forecaster(nn.Module):
            @nn.compact
            def __call__(self, x):
                bias = self.variable("calib", "bias", lambda: jnp.zeros((2,)))
                y = nn.Dense(2)(x)
                if not self.is_initializing():
                    bias.value = 0.9 * bias.value + 0.1 * y
                return y + bias.value


        class StoreAdapter:
            def __init__(self, model, variables):
                self.bound = model.bind(variables, mutable=["calib"])

            def forecast(self, x):
                return self.bound(x)


        class Planner:
            def __init__(self, model, variables, stores):
                self.adapters = {store: StoreAdapter(model, variables) for store in stores}

            def plan(self, store, xs):
                adapter = self.adapters[store]

                for i in range(xs.shape[0]):
                    adapter.forecast(xs[i])

                def body(i, total):
                    return total + xs[i].sum()

                total = jax.lax.fori_loop(0, xs.shape[0], body, jnp.zeros(()))
                return total, adapter.bound.variables["calib"]["bias"] * 1.0


        def main():
            model = Forecaster()
            xs = jnp.ones((3, 4))
            variables = model.init(jax.random.key(0), xs[0])
            Planner(model, variables, ["x", "y"]).plan("x", xs)
        """,
        [],
    ),
    Case(
        "a plain desk builds the model in its `__init__` (`self.model = Model()`) and applies it with `train=True`; the scan body's helper method calls a BatchNorm head with that flag",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Head(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                h = nn.Dense(4)(x)
                return nn.BatchNorm(use_running_average=not train)(h)


        class Model(nn.Module):
            def setup(self):
                self.head = Head()

            def step(self, prev, x, train: bool = False):
                return self.head(x, train) + prev

            def __call__(self, xs, train: bool = False):
                def body(prev, x):
                    y = self.step(prev, x, train)
                    return y, y

                return jax.lax.scan(body, jnp.zeros((xs.shape[1], 4)), xs)[1]


        class Desk:
            def __init__(self):
                self.model = Model()
                self.variables = self.model.init(jax.random.key(0), jnp.zeros((2, 4)), jnp.ones((2, 5)), method="step")

            def recalibrate(self, xs):
                return self.model.apply(self.variables, xs, train=True)


        def main():
            return Desk().recalibrate(jnp.ones((3, 2, 5)))
        """,
        ["19:16 SCN102"],
    ),
    Case(
        'the same desk applying the model with `train=False`',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Head(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                h = nn.Dense(4)(x)
                return nn.BatchNorm(use_running_average=not train)(h)


        class Model(nn.Module):
            def setup(self):
                self.head = Head()

            def step(self, prev, x, train: bool = False):
                return self.head(x, train) + prev

            def __call__(self, xs, train: bool = False):
                def body(prev, x):
                    y = self.step(prev, x, train)
                    return y, y

                return jax.lax.scan(body, jnp.zeros((xs.shape[1], 4)), xs)[1]


        class Desk:
            def __init__(self):
                self.model = Model()
                self.variables = self.model.init(jax.random.key(0), jnp.zeros((2, 4)), jnp.ones((2, 5)), method="step")

            def recalibrate(self, xs):
                return self.model.apply(self.variables, xs, train=False)


        def main():
            return Desk().recalibrate(jnp.ones((3, 2, 5)))
        """,
        [],
    ),
    Case(
        'a factory returns `jax.checkpoint(partial(model.apply, variables))`, kept by a stream object whose scan body calls it; the module writes its `state` collection, none mutable',
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Smoother(nn.Module):
            @nn.compact
            def __call__(self, x):
                level = self.variable("state", "level", jnp.zeros, x.shape)
                level.value = 0.9 * level.value + 0.1 * x
                return nn.Dense(x.shape[-1])(level.value)


        def make_step(model, variables):
            return jax.checkpoint(functools.partial(model.apply, variables))


        class Stream:
            def __init__(self, step):
                self.step = step

            def run(self, xs):
                def body(c, x):
                    return c, self.step(x)

                return jax.lax.scan(body, 0, xs)[1]


        def main():
            model = Smoother()
            xs = jnp.ones((4, 3))
            variables = model.init(jax.random.key(0), xs[0])
            return Stream(make_step(model, variables)).run(xs)
        """,
        ["27:23 SCN102"],
    ),
    Case(
        "the same checkpointed partial binding `mutable=['state']`",
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Smoother(nn.Module):
            @nn.compact
            def __call__(self, x):
                level = self.variable("state", "level", jnp.zeros, x.shape)
                level.value = 0.9 * level.value + 0.1 * x
                return nn.Dense(x.shape[-1])(level.value)


        def make_step(model, variables):
            return jax.checkpoint(functools.partial(model.apply, {"params": variables["params"]}, mutable=["state"]))


        class Stream:
            def __init__(self, step):
                self.step = step

            def run(self, xs):
                def body(c, x):
                    y, _ = self.step(x)
                    return c, y

                return jax.lax.scan(body, 0, xs)[1]


        def main():
            model = Smoother()
            xs = jnp.ones((4, 3))
            variables = model.init(jax.random.key(0), xs[0])
            return Stream(make_step(model, variables)).run(xs)
        """,
        [],
    ),
    Case(
        'BatchNorm trained only under init (which leaves the statistics alone), applied with training=False',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Refiner(nn.Module):
            def setup(self):
                self.proj = nn.Dense(8)
                self.bn = nn.BatchNorm(momentum=0.9)

            def refine(self, h, training):
                return self.bn(jnp.tanh(self.proj(h)), use_running_average=not training)

            def __call__(self, x, training=True):
                h = self.refine(x, training)

                def step(h, _):
                    return self.refine(h, training), None

                return jax.lax.scan(step, h, None, length=3)[0]


        def main():
            x = jnp.ones((4, 8))
            model = Refiner()
            variables = model.init(jax.random.key(0), x)
            return model.apply(variables, x, training=False)
        """,
        [],
    ),
    Case(
        "BatchNorm trained under apply with mutable batch_stats in a raw scan of the module's own method",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Refiner(nn.Module):
            def setup(self):
                self.proj = nn.Dense(8)
                self.bn = nn.BatchNorm(momentum=0.9)

            def refine(self, h, training):
                return self.bn(jnp.tanh(self.proj(h)), use_running_average=not training)

            def __call__(self, x, training=True):
                h = self.refine(x, training)

                def step(h, _):
                    return self.refine(h, training), None

                return jax.lax.scan(step, h, None, length=3)[0]


        def main():
            x = jnp.ones((4, 8))
            model = Refiner()
            variables = model.init(jax.random.key(0), x)
            out, updates = model.apply(variables, x, mutable=["batch_stats"])
            return out, jax.tree.map(jnp.mean, updates)
        """,
        ["13:16 SCN102", "19:20 SCN102"],
    ),
    Case(
        "Linen session kept in a pool's dict filled by its open method, run through pool.sessions[name].forecast(...) (apply without mutable)",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn
        from jax.lax import fori_loop


        class StaffingModel(nn.Module):
            @nn.compact
            def __call__(self, x):
                calls = self.variable("metering", "calls", lambda: jnp.zeros((), jnp.int32))
                if not self.is_initializing():
                    calls.value = calls.value + 1
                return nn.Dense(3)(x)


        class TenantSession:
            def __init__(self, model, variables):
                self.model = model
                self.variables = variables

            def forecast(self, features):
                return self.model.apply(self.variables, features)


        class SessionPool:
            def __init__(self):
                self.sessions = {}

            def open(self, tenant_id, model, variables):
                self.sessions[tenant_id] = TenantSession(model, variables)


        def main():
            features = jnp.ones((8, 10))
            model = StaffingModel()
            pool = SessionPool()
            pool.open('a', model, model.init(jax.random.key(0), features[0]))
            def interval(i, agents):
                return jnp.maximum(agents, pool.sessions['a'].forecast(features[i]))
            return fori_loop(0, 8, interval, jnp.zeros(3))
        """,
        ["23:16 SCN102"],
    ),
    Case(
        'the pooled session applies with the collection mutable',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn
        from jax.lax import fori_loop


        class StaffingModel(nn.Module):
            @nn.compact
            def __call__(self, x):
                calls = self.variable("metering", "calls", lambda: jnp.zeros((), jnp.int32))
                if not self.is_initializing():
                    calls.value = calls.value + 1
                return nn.Dense(3)(x)


        class TenantSession:
            def __init__(self, model, variables):
                self.model = model
                self.variables = variables

            def forecast(self, features):
                return self.model.apply(self.variables, features, mutable=["metering"])[0]


        class SessionPool:
            def __init__(self):
                self.sessions = {}

            def open(self, tenant_id, model, variables):
                self.sessions[tenant_id] = TenantSession(model, variables)


        def main():
            features = jnp.ones((8, 10))
            model = StaffingModel()
            pool = SessionPool()
            pool.open('a', model, model.init(jax.random.key(0), features[0]))
            def interval(i, agents):
                return jnp.maximum(agents, pool.sessions['a'].forecast(features[i]))
            return fori_loop(0, 8, interval, jnp.zeros(3))
        """,
        [],
    ),
    Case(
        "jax.jit of a bound module's __call__ called in the body, BatchNorm in training mode, nothing mutable",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class MeltNet(nn.Module):
            @nn.compact
            def __call__(self, x):
                h = nn.Dense(8)(x)
                h = nn.BatchNorm(use_running_average=False)(h)
                return nn.Dense(1)(h).squeeze(-1)


        def main():
            model = MeltNet()
            x = jnp.ones((6, 4))
            variables = model.init(jax.random.key(0), x)
            forward = jax.jit(model.bind(variables).__call__)

            def month(ice, f):
                melt = forward(x + f)
                return ice - melt, melt

            return jax.lax.scan(month, jnp.zeros(6), jnp.ones((3, 6, 4)))
        """,
        ["22:16 SCN102"],
    ),
    Case(
        "a bound module's __call__ kept in a name and called in the body",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class MeltNet(nn.Module):
            @nn.compact
            def __call__(self, x):
                h = nn.Dense(8)(x)
                h = nn.BatchNorm(use_running_average=False)(h)
                return nn.Dense(1)(h).squeeze(-1)


        def main():
            model = MeltNet()
            x = jnp.ones((6, 4))
            variables = model.init(jax.random.key(0), x)
            forward = model.bind(variables).__call__

            def month(ice, f):
                melt = forward(x + f)
                return ice - melt, melt

            return jax.lax.scan(month, jnp.zeros(6), jnp.ones((3, 6, 4)))
        """,
        ["22:16 SCN102"],
    ),
    Case(
        "jax.jit of a bound module's __call__ whose BatchNorm uses running averages",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class MeltNet(nn.Module):
            @nn.compact
            def __call__(self, x):
                h = nn.Dense(8)(x)
                h = nn.BatchNorm(use_running_average=True)(h)
                return nn.Dense(1)(h).squeeze(-1)


        def main():
            model = MeltNet()
            x = jnp.ones((6, 4))
            variables = model.init(jax.random.key(0), x)
            forward = jax.jit(model.bind(variables).__call__)

            def month(ice, f):
                melt = forward(x + f)
                return ice - melt, melt

            return jax.lax.scan(month, jnp.zeros(6), jnp.ones((3, 6, 4)))
        """,
        [],
    ),
    Case(
        "jitted bound method kept in a service's dict by its add method, looked up before the scan",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Encoder(nn.Module):
            def setup(self):
                self.dense = nn.Dense(8)
                self.norm = nn.BatchNorm(use_running_average=False)

            def __call__(self, x):
                return self.encode(x)

            def encode(self, x):
                return self.norm(self.dense(x)).sum(-1)


        class EncoderService:
            def __init__(self):
                self._forwards = {}

            def add(self, name, model, variables):
                self._forwards[name] = jax.jit(model.bind(variables).encode)

            def rollout(self, name, xs):
                encode = self._forwards[name]

                def step(total, x):
                    return total + encode(x), None

                return jax.lax.scan(step, jnp.zeros(6), xs)[0]


        def main():
            model = Encoder()
            xs = jnp.ones((3, 6, 4))
            service = EncoderService()
            service.add("v1", model, model.init(jax.random.key(0), xs[0]))
            return service.rollout("v1", xs)
        """,
        ["30:28 SCN102"],
    ),
    Case(
        'the same service with a BatchNorm using running averages',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Encoder(nn.Module):
            def setup(self):
                self.dense = nn.Dense(8)
                self.norm = nn.BatchNorm(use_running_average=True)

            def __call__(self, x):
                return self.encode(x)

            def encode(self, x):
                return self.norm(self.dense(x)).sum(-1)


        class EncoderService:
            def __init__(self):
                self._forwards = {}

            def add(self, name, model, variables):
                self._forwards[name] = jax.jit(model.bind(variables).encode)

            def rollout(self, name, xs):
                encode = self._forwards[name]

                def step(total, x):
                    return total + encode(x), None

                return jax.lax.scan(step, jnp.zeros(6), xs)[0]


        def main():
            model = Encoder()
            xs = jnp.ones((3, 6, 4))
            service = EncoderService()
            service.add("v1", model, model.init(jax.random.key(0), xs[0]))
            return service.rollout("v1", xs)
        """,
        [],
    ),
    Case(
        'BatchNorm in a block made with nn.checkpoint, trained in a raw fori_loop that init skips, applied without mutable',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Block(nn.Module):
            @nn.compact
            def __call__(self, h, train):
                h = nn.Dense(4)(h)
                return jnp.tanh(nn.BatchNorm(use_running_average=not train)(h))


        class Refiner(nn.Module):
            @nn.compact
            def __call__(self, x, train=True):
                block = nn.checkpoint(Block, static_argnums=(2,))()
                if self.is_initializing():
                    return block(x, train)
                return jax.lax.fori_loop(0, 3, lambda i, h: block(h, train), x)


        def main():
            model = Refiner()
            x = jnp.ones((2, 4))
            variables = model.init(jax.random.key(0), x)
            return model.apply(variables, x)
        """,
        ["20:53 SCN102"],
    ),
    Case(
        'the checkpointed block applied with running averages in the loop',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Block(nn.Module):
            @nn.compact
            def __call__(self, h, train):
                h = nn.Dense(4)(h)
                return jnp.tanh(nn.BatchNorm(use_running_average=not train)(h))


        class Refiner(nn.Module):
            @nn.compact
            def __call__(self, x, train=True):
                block = nn.checkpoint(Block, static_argnums=(2,))()
                if self.is_initializing():
                    return block(x, train)
                return jax.lax.fori_loop(0, 3, lambda i, h: block(h, train), x)


        def main():
            model = Refiner()
            x = jnp.ones((2, 4))
            variables = model.init(jax.random.key(0), x)
            return model.apply(variables, x, train=False)
        """,
        [],
    ),
    Case(
        'BatchNorm in a checkpointed block called under init before a raw fori_loop that init runs too, applied in training',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Block(nn.Module):
            @nn.compact
            def __call__(self, h, train):
                h = nn.Dense(4)(h)
                return jnp.tanh(nn.BatchNorm(use_running_average=not train)(h))


        class Refiner(nn.Module):
            @nn.compact
            def __call__(self, x, train=True):
                block = nn.checkpoint(Block, static_argnums=(2,))()
                if self.is_initializing():
                    block(x, train)
                return jax.lax.fori_loop(0, 3, lambda i, h: block(h, train), x)


        def main():
            model = Refiner()
            x = jnp.ones((2, 4))
            variables = model.init(jax.random.key(0), x)
            return model.apply(variables, x)
        """,
        ["20:53 SCN102", "20:53 SCN104"],
    ),
    Case(
        "module bound by a property of a deployment a registry's getter returns (registry.get(name).runner(x)), BatchNorm training, nothing mutable",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Ranker(nn.Module):
            train: bool = True

            @nn.compact
            def __call__(self, x):
                h = nn.Dense(6)(x)
                return nn.BatchNorm(use_running_average=not self.train)(h).sum(-1)


        class Deployment:
            def __init__(self, model, variables):
                self.model = model
                self.variables = variables

            @property
            def runner(self):
                return self.model.bind(self.variables)


        class Registry:
            def __init__(self):
                self._deployments = {}

            def publish(self, name, deployment):
                self._deployments[name] = deployment

            def get(self, name):
                return self._deployments[name]


        def replay(registry, name, xs):
            def step(total, x):
                return total + registry.get(name).runner(x).sum(), None

            return jax.lax.scan(step, 0.0, xs)[0]


        def main():
            model = Ranker(train=True)
            xs = jnp.ones((3, 4, 5))
            registry = Registry()
            registry.publish("v2", Deployment(model, model.init(jax.random.key(0), xs[0])))
            return replay(registry, "v2", xs)
        """,
        ["39:24 SCN102"],
    ),
    Case(
        'the same property-bound module with BatchNorm using running averages',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Ranker(nn.Module):
            train: bool = True

            @nn.compact
            def __call__(self, x):
                h = nn.Dense(6)(x)
                return nn.BatchNorm(use_running_average=not self.train)(h).sum(-1)


        class Deployment:
            def __init__(self, model, variables):
                self.model = model
                self.variables = variables

            @property
            def runner(self):
                return self.model.bind(self.variables)


        class Registry:
            def __init__(self):
                self._deployments = {}

            def publish(self, name, deployment):
                self._deployments[name] = deployment

            def get(self, name):
                return self._deployments[name]


        def replay(registry, name, xs):
            def step(total, x):
                return total + registry.get(name).runner(x).sum(), None

            return jax.lax.scan(step, 0.0, xs)[0]


        def main():
            model = Ranker(train=False)
            xs = jnp.ones((3, 4, 5))
            registry = Registry()
            registry.publish("v2", Deployment(model, model.init(jax.random.key(0), xs[0])))
            return replay(registry, "v2", xs)
        """,
        [],
    ),
    Case(
        'factory returning jax.checkpoint of a partial(model.apply, train=train) or the partial itself, training BatchNorm, nothing mutable',
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                h = nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(x))
                return h.sum(-1)


        def make_forward(model, remat, train):
            forward = functools.partial(model.apply, train=train)
            if remat:
                return jax.checkpoint(forward)
            return forward


        def total(model, variables, xs, remat=True):
            forward = make_forward(model, remat, train=True)

            def body(i, acc):
                return acc + forward(variables, xs[i]).sum()

            return jax.lax.fori_loop(0, xs.shape[0], body, 0.0)


        def main():
            model = Net()
            xs = jnp.ones((3, 2, 5))
            return total(model, model.init(jax.random.key(0), xs[0]), xs)
        """,
        ["27:22 SCN102"],
    ),
    Case(
        'the same factory called with train=False',
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                h = nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(x))
                return h.sum(-1)


        def make_forward(model, remat, train):
            forward = functools.partial(model.apply, train=train)
            if remat:
                return jax.checkpoint(forward)
            return forward


        def total(model, variables, xs, remat=True):
            forward = make_forward(model, remat, train=False)

            def body(i, acc):
                return acc + forward(variables, xs[i]).sum()

            return jax.lax.fori_loop(0, xs.shape[0], body, 0.0)


        def main():
            model = Net()
            xs = jnp.ones((3, 2, 5))
            return total(model, model.init(jax.random.key(0), xs[0]), xs)
        """,
        [],
    ),
    Case(
        'scan over self.step unpacked in __init__ from a factory returning (step, bound) with the bound module mutable',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Tracker(nn.Module):
            @nn.compact
            def __call__(self, x):
                seen = self.variable("stats", "seen", lambda: jnp.zeros(()))
                seen.value = seen.value + x.sum()
                return nn.Dense(2)(x)


        def make_step(model, variables):
            bound = model.bind(variables, mutable=["stats"])

            def step(carry, x):
                return carry + bound(x).sum(), None

            return step, bound


        class Job:
            def __init__(self, model, variables):
                self.step, self.bound = make_step(model, variables)

            def run(self, xs):
                total, _ = jax.lax.scan(self.step, 0.0, xs)
                return total, self.bound.variables["stats"]["seen"] + 1.0


        def main():
            model = Tracker()
            xs = jnp.ones((3, 4))
            job = Job(model, model.init(jax.random.key(0), xs[0]))
            return job.run(xs)
        """,
        ["19:24 SCN102"],
    ),
    Case(
        "the factory's step applies with mutable collections returned as the scan's output",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Tracker(nn.Module):
            @nn.compact
            def __call__(self, x):
                seen = self.variable("stats", "seen", lambda: jnp.zeros(()))
                seen.value = seen.value + x.sum()
                return nn.Dense(2)(x)


        def make_step(model, variables):
            def step(carry, x):
                out, updates = model.apply(variables, x, mutable=["stats"])
                return carry + out.sum(), updates["stats"]["seen"]

            return step, model.bind(variables)


        class Job:
            def __init__(self, model, variables):
                self.step, self.bound = make_step(model, variables)

            def run(self, xs):
                total, seen = jax.lax.scan(self.step, 0.0, xs)
                return total, seen[-1]


        def main():
            model = Tracker()
            xs = jnp.ones((3, 4))
            job = Job(model, model.init(jax.random.key(0), xs[0]))
            return job.run(xs)
        """,
        [],
    ),
    Case(
        "module bound by a provider's get_model() method and called at once in the body (provider.get_model()(x, train=True))",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                h = nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(x))
                return h.sum(-1)


        class Provider:
            def __init__(self, model, variables):
                self._model = model
                self._variables = variables

            def get_model(self):
                return self._model.bind(self._variables)


        def run(provider, xs, train):
            def body(i, acc):
                return acc + provider.get_model()(xs[i], train=train).sum()

            return jax.lax.fori_loop(0, xs.shape[0], body, 0.0)


        def main():
            model = Net()
            xs = jnp.ones((3, 2, 5))
            return run(Provider(model, model.init(jax.random.key(0), xs[0])), xs, train=True)
        """,
        ["25:22 SCN102"],
    ),
    Case(
        "the provider's bound module called with train=False",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                h = nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(x))
                return h.sum(-1)


        class Provider:
            def __init__(self, model, variables):
                self._model = model
                self._variables = variables

            def get_model(self):
                return self._model.bind(self._variables)


        def run(provider, xs, train):
            def body(i, acc):
                return acc + provider.get_model()(xs[i], train=train).sum()

            return jax.lax.fori_loop(0, xs.shape[0], body, 0.0)


        def main():
            model = Net()
            xs = jnp.ones((3, 2, 5))
            return run(Provider(model, model.init(jax.random.key(0), xs[0])), xs, train=False)
        """,
        [],
    ),
    Case(
        'bound module a property caches lazily on its object (self._runner = model.bind(..., mutable=...)), first made in the body and read after',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Net(nn.Module):
            train: bool = True

            @nn.compact
            def __call__(self, x):
                h = nn.BatchNorm(use_running_average=not self.train)(nn.Dense(4)(x))
                return h.sum(-1)


        class Station:
            def __init__(self, model, variables):
                self.model = model
                self.variables = variables
                self._runner = None

            @property
            def runner(self):
                if self._runner is None:
                    self._runner = self.model.bind(self.variables, mutable=["batch_stats"])
                return self._runner

            def stats(self):
                return jax.tree.map(lambda a: a + 0.0, self.runner.variables["batch_stats"])


        def main(train=True):
            model = Net(train=True)
            xs = jnp.ones((3, 2, 5))
            station = Station(model, model.init(jax.random.key(0), xs[0]))

            def body(total, x):
                return total + station.runner(x).sum(), None

            total, _ = jax.lax.scan(body, 0.0, xs)
            return total, station.stats()
        """,
        ["38:24 SCN102"],
    ),
    Case(
        'the lazily cached bound module with BatchNorm using running averages',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Net(nn.Module):
            train: bool = True

            @nn.compact
            def __call__(self, x):
                h = nn.BatchNorm(use_running_average=not self.train)(nn.Dense(4)(x))
                return h.sum(-1)


        class Station:
            def __init__(self, model, variables):
                self.model = model
                self.variables = variables
                self._runner = None

            @property
            def runner(self):
                if self._runner is None:
                    self._runner = self.model.bind(self.variables, mutable=["batch_stats"])
                return self._runner

            def stats(self):
                return jax.tree.map(lambda a: a + 0.0, self.runner.variables["batch_stats"])


        def main(train=True):
            model = Net(train=False)
            xs = jnp.ones((3, 2, 5))
            station = Station(model, model.init(jax.random.key(0), xs[0]))

            def body(total, x):
                return total + station.runner(x).sum(), None

            total, _ = jax.lax.scan(body, 0.0, xs)
            return total, station.stats()
        """,
        [],
    ),
    Case(
        'partial(model.apply, variables, train=adapt) kept by __init__ and exposed by a property, read into a name before the loop',
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                return nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(x)).sum(-1)


        class Calibrator:
            def __init__(self, model, variables, adapt=True):
                self._forward = functools.partial(model.apply, variables, train=adapt)

            @property
            def forward(self):
                return self._forward

            def worst(self, xs):
                forward = self.forward

                def body(i, worst):
                    return jnp.maximum(worst, forward(xs[i]).max())

                return jax.lax.fori_loop(0, xs.shape[0], body, -jnp.inf)


        def main():
            model = Net()
            xs = jnp.ones((3, 2, 5))
            return Calibrator(model, model.init(jax.random.key(0), xs[0])).worst(xs)
        """,
        ["27:39 SCN102"],
    ),
    Case(
        "the property's partial made with adapt=False",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                return nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(x)).sum(-1)


        class Calibrator:
            def __init__(self, model, variables, adapt=True):
                self._forward = functools.partial(model.apply, variables, train=adapt)

            @property
            def forward(self):
                return self._forward

            def worst(self, xs):
                forward = self.forward

                def body(i, worst):
                    return jnp.maximum(worst, forward(xs[i]).max())

                return jax.lax.fori_loop(0, xs.shape[0], body, -jnp.inf)


        def main():
            model = Net()
            xs = jnp.ones((3, 2, 5))
            return Calibrator(model, model.init(jax.random.key(0), xs[0]), adapt=False).worst(xs)
        """,
        [],
    ),
    Case(
        'bound module reached through two properties of two objects (self.scorer -> self._holder.module -> self._bound), mutable, statistics read after',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Net(nn.Module):
            train: bool = True

            @nn.compact
            def __call__(self, x):
                return nn.BatchNorm(use_running_average=not self.train)(nn.Dense(4)(x)).sum(-1)


        class Holder:
            def __init__(self, model, variables):
                self._bound = model.bind(variables, mutable=["batch_stats"])

            @property
            def module(self):
                return self._bound

            def stats(self):
                return self._bound.variables["batch_stats"]


        class Desk:
            def __init__(self, model, variables):
                self._holder = Holder(model, variables)

            @property
            def scorer(self):
                return self._holder.module

            def run(self, xs):
                scorer = self.scorer

                def body(total, x):
                    return total + scorer(x).sum(), None

                total, _ = jax.lax.scan(body, 0.0, xs)
                return total, jax.tree.map(lambda a: a + 0.0, self._holder.stats())


        def main():
            model = Net(train=True)
            xs = jnp.ones((3, 2, 5))
            return Desk(model, model.init(jax.random.key(0), xs[0])).run(xs)
        """,
        ["39:28 SCN102"],
    ),
    Case(
        'the same chain with BatchNorm using running averages',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Net(nn.Module):
            train: bool = True

            @nn.compact
            def __call__(self, x):
                return nn.BatchNorm(use_running_average=not self.train)(nn.Dense(4)(x)).sum(-1)


        class Holder:
            def __init__(self, model, variables):
                self._bound = model.bind(variables, mutable=["batch_stats"])

            @property
            def module(self):
                return self._bound

            def stats(self):
                return self._bound.variables["batch_stats"]


        class Desk:
            def __init__(self, model, variables):
                self._holder = Holder(model, variables)

            @property
            def scorer(self):
                return self._holder.module

            def run(self, xs):
                scorer = self.scorer

                def body(total, x):
                    return total + scorer(x).sum(), None

                total, _ = jax.lax.scan(body, 0.0, xs)
                return total, jax.tree.map(lambda a: a + 0.0, self._holder.stats())


        def main():
            model = Net(train=False)
            xs = jnp.ones((3, 2, 5))
            return Desk(model, model.init(jax.random.key(0), xs[0])).run(xs)
        """,
        [],
    ),
    Case(
        "bound module of a class lifted by nn.remat under a module-level alias, returned by a session's method",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Block(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                return nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(x)).sum(-1)


        RematBlock = nn.remat(Block, static_argnums=(2,))


        class Session:
            def __init__(self, model, variables):
                self._bound = model.bind(variables)

            def forward(self):
                return self._bound


        def season(session, xs):
            block = session.forward()

            def body(total, x):
                return total + block(x, True).sum(), None

            return jax.lax.scan(body, 0.0, xs)[0]


        def main():
            model = RematBlock()
            xs = jnp.ones((3, 2, 5))
            return season(Session(model, model.init(jax.random.key(0), xs[0], False)), xs)
        """,
        ["28:24 SCN102"],
    ),
    Case(
        'the lifted bound module called in evaluation',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Block(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                return nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(x)).sum(-1)


        RematBlock = nn.remat(Block, static_argnums=(2,))


        class Session:
            def __init__(self, model, variables):
                self._bound = model.bind(variables)

            def forward(self):
                return self._bound


        def season(session, xs):
            block = session.forward()

            def body(total, x):
                return total + block(x, False).sum(), None

            return jax.lax.scan(body, 0.0, xs)[0]


        def main():
            model = RematBlock()
            xs = jnp.ones((3, 2, 5))
            return season(Session(model, model.init(jax.random.key(0), xs[0], False)), xs)
        """,
        [],
    ),
    Case(
        'adapter applying without mutable when its frozen options give an empty mutable tuple',
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Counter(nn.Module):
            @nn.compact
            def __call__(self, x):
                seen = self.variable("stats", "seen", lambda: jnp.zeros(()))
                seen.value = seen.value + 1.0
                return nn.Dense(2)(x)


        @dataclass(frozen=True)
        class Options:
            mutable: tuple = ()


        class Adapter:
            def __init__(self, model, options):
                self.model = model
                self.options = options

            def __call__(self, variables, x):
                if self.options.mutable:
                    return self.model.apply(variables, x, mutable=list(self.options.mutable))
                return self.model.apply(variables, x), {}


        def run(adapter, variables, xs):
            def body(i, carry):
                variables, total = carry
                out, updates = adapter(variables, xs[i])
                return {**variables, **updates}, total + out.sum()

            return jax.lax.fori_loop(0, xs.shape[0], body, (variables, 0.0))


        def main():
            model = Counter()
            xs = jnp.ones((3, 4))
            return run(Adapter(model, Options(mutable=())), model.init(jax.random.key(0), xs[0]), xs)
        """,
        ["30:16 SCN102"],
    ),
    Case(
        "the adapter's options name the collection, so the branch without mutable never runs",
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Counter(nn.Module):
            @nn.compact
            def __call__(self, x):
                seen = self.variable("stats", "seen", lambda: jnp.zeros(()))
                seen.value = seen.value + 1.0
                return nn.Dense(2)(x)


        @dataclass(frozen=True)
        class Options:
            mutable: tuple = ()


        class Adapter:
            def __init__(self, model, options):
                self.model = model
                self.options = options

            def __call__(self, variables, x):
                if self.options.mutable:
                    return self.model.apply(variables, x, mutable=list(self.options.mutable))
                return self.model.apply(variables, x), {}


        def run(adapter, variables, xs):
            def body(i, carry):
                variables, total = carry
                out, updates = adapter(variables, xs[i])
                return {**variables, **updates}, total + out.sum()

            return jax.lax.fori_loop(0, xs.shape[0], body, (variables, 0.0))


        def main():
            model = Counter()
            xs = jnp.ones((3, 4))
            return run(Adapter(model, Options(mutable=("stats",))), model.init(jax.random.key(0), xs[0]), xs)
        """,
        [],
    ),
    Case(
        'dataclass field holding a module bound by a module-level builder function, BatchNorm training, nothing mutable',
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Gate(nn.Module):
            train: bool = True

            @nn.compact
            def __call__(self, x):
                return nn.BatchNorm(use_running_average=not self.train)(nn.Dense(3)(x)).sum(-1)


        def build_bound(key, sample, train):
            model = Gate(train=train)
            return model.bind(model.init(key, sample))


        @dataclass
        class Simulator:
            gate: nn.Module

            def run(self, xs):
                def step(total, x):
                    return total + self.gate(x).sum(), None

                return jax.lax.scan(step, 0.0, xs)[0]


        def main():
            xs = jnp.ones((3, 2, 4))
            return Simulator(build_bound(jax.random.key(0), xs[0], train=True)).run(xs)
        """,
        ["28:28 SCN102"],
    ),
    Case(
        "the builder's bound module in evaluation",
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Gate(nn.Module):
            train: bool = True

            @nn.compact
            def __call__(self, x):
                return nn.BatchNorm(use_running_average=not self.train)(nn.Dense(3)(x)).sum(-1)


        def build_bound(key, sample, train):
            model = Gate(train=train)
            return model.bind(model.init(key, sample))


        @dataclass
        class Simulator:
            gate: nn.Module

            def run(self, xs):
                def step(total, x):
                    return total + self.gate(x).sum(), None

                return jax.lax.scan(step, 0.0, xs)[0]


        def main():
            xs = jnp.ones((3, 2, 4))
            return Simulator(build_bound(jax.random.key(0), xs[0], train=False)).run(xs)
        """,
        [],
    ),
    Case(
        "bound module made with mutable in one object's __init__ and handed to another's, read after the loop",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Scorer(nn.Module):
            @nn.compact
            def __call__(self, x):
                seen = self.variable("telemetry", "seen", lambda: jnp.zeros(()))
                seen.value = seen.value + 1.0
                return nn.Dense(2)(x)


        class Planner:
            def __init__(self, bound):
                self.bound = bound

            def plan(self, xs):
                def step(total, x):
                    return total + self.bound(x).sum(), None

                return jax.lax.scan(step, 0.0, xs)[0]


        class Service:
            def __init__(self, model, variables):
                self.planner = Planner(model.bind(variables, mutable=["telemetry"]))

            def run(self, xs):
                total = self.planner.plan(xs)
                return total, self.planner.bound.variables["telemetry"]["seen"] + 0.0


        def main():
            model = Scorer()
            xs = jnp.ones((3, 4))
            return Service(model, model.init(jax.random.key(0), xs[0])).run(xs)
        """,
        ["21:28 SCN102"],
    ),
    Case(
        'strategy built as STRATEGIES[kind](model, variables) from a decorator registry, applying in training without mutable',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        STRATEGIES = {}


        def register(name):
            def wrap(cls):
                STRATEGIES[name] = cls
                return cls
            return wrap


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                return nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(x)).sum(-1)


        @register("adaptive")
        class Adaptive:
            def __init__(self, model, variables, train=True):
                self.model = model
                self.variables = variables
                self.train = train

            def score(self, x):
                return self.model.apply(self.variables, x, train=self.train)


        class Planner:
            def __init__(self, kind, model, variables):
                self.strategy = STRATEGIES[kind](model, variables)

            def plan(self, xs):
                def body(i, acc):
                    return acc + self.strategy.score(xs[i]).sum()

                return jax.lax.fori_loop(0, xs.shape[0], body, 0.0)


        def main():
            model = Net()
            xs = jnp.ones((3, 2, 5))
            return Planner("adaptive", model, model.init(jax.random.key(0), xs[0])).plan(xs)
        """,
        ["30:16 SCN102"],
    ),
    Case(
        'the registry-built strategy defaults to evaluation',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        STRATEGIES = {}


        def register(name):
            def wrap(cls):
                STRATEGIES[name] = cls
                return cls
            return wrap


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                return nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(x)).sum(-1)


        @register("adaptive")
        class Adaptive:
            def __init__(self, model, variables, train=False):
                self.model = model
                self.variables = variables
                self.train = train

            def score(self, x):
                return self.model.apply(self.variables, x, train=self.train)


        class Planner:
            def __init__(self, kind, model, variables):
                self.strategy = STRATEGIES[kind](model, variables)

            def plan(self, xs):
                def body(i, acc):
                    return acc + self.strategy.score(xs[i]).sum()

                return jax.lax.fori_loop(0, xs.shape[0], body, 0.0)


        def main():
            model = Net()
            xs = jnp.ones((3, 2, 5))
            return Planner("adaptive", model, model.init(jax.random.key(0), xs[0])).plan(xs)
        """,
        [],
    ),
    Case(
        "jax.checkpoint of a bound module's __call__ kept on the object (self._forward), mutable batch_stats read after",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Net(nn.Module):
            train: bool = True

            @nn.compact
            def __call__(self, x):
                return nn.BatchNorm(use_running_average=not self.train)(nn.Dense(3)(x)).sum(-1)


        class Controller:
            def __init__(self, model, variables):
                self.bound = model.bind(variables, mutable=["batch_stats"])
                self._forward = jax.checkpoint(self.bound.__call__)

            def run(self, xs):
                def body(total, x):
                    return total + self._forward(x).sum(), None

                total, _ = jax.lax.scan(body, 0.0, xs)
                return total, jax.tree.map(lambda a: a + 0.0, self.bound.variables["batch_stats"])


        def main():
            model = Net(train=True)
            xs = jnp.ones((3, 2, 4))
            return Controller(model, model.init(jax.random.key(0), xs[0])).run(xs)
        """,
        ["22:28 SCN102"],
    ),
    Case(
        'the checkpointed bound module in evaluation',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Net(nn.Module):
            train: bool = True

            @nn.compact
            def __call__(self, x):
                return nn.BatchNorm(use_running_average=not self.train)(nn.Dense(3)(x)).sum(-1)


        class Controller:
            def __init__(self, model, variables):
                self.bound = model.bind(variables, mutable=["batch_stats"])
                self._forward = jax.checkpoint(self.bound.__call__)

            def run(self, xs):
                def body(total, x):
                    return total + self._forward(x).sum(), None

                total, _ = jax.lax.scan(body, 0.0, xs)
                return total, jax.tree.map(lambda a: a + 0.0, self.bound.variables["batch_stats"])


        def main():
            model = Net(train=False)
            xs = jnp.ones((3, 2, 4))
            return Controller(model, model.init(jax.random.key(0), xs[0])).run(xs)
        """,
        [],
    ),
    Case(
        "registry pick constructed with the caller's **options, the module given by keyword",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        FORECASTERS = {}


        def forecaster(name):
            def register(cls):
                FORECASTERS[name] = cls
                return cls
            return register


        class TideNet(nn.Module):
            @nn.compact
            def __call__(self, x):
                seen = self.variable("counters", "seen", lambda: jnp.zeros((), jnp.int32))
                if not self.is_initializing():
                    seen.value += 1
                return nn.Dense(1)(x)


        @forecaster("net")
        class NetForecaster:
            def __init__(self, net, params):
                self.net = net
                self.params = params

            def predict(self, level):
                return self.net.apply(self.params, level)


        class TidalPlant:
            def __init__(self, kind, **options):
                self.forecaster = FORECASTERS[kind](**options)

            def run(self, levels):
                def step(carry, level):
                    return carry + self.forecaster.predict(level).sum(), None
                return jax.lax.scan(step, 0.0, levels)[0]


        def main():
            net = TideNet()
            levels = jnp.ones((4, 3))
            params = net.init(jax.random.key(0), levels[0])
            return TidalPlant("net", net=net, params=params).run(levels)
        """,
        ["32:16 SCN102"],
    ),
    Case(
        'registry pick constructed with **options, the module updates nothing',
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        FORECASTERS = {}


        def forecaster(name):
            def register(cls):
                FORECASTERS[name] = cls
                return cls
            return register


        class TideNet(nn.Module):
            @nn.compact
            def __call__(self, x):
                scale = self.param("scale", nn.initializers.ones, ())
                return nn.Dense(1)(x) * scale


        @forecaster("net")
        class NetForecaster:
            def __init__(self, net, params):
                self.net = net
                self.params = params

            def predict(self, level):
                return self.net.apply(self.params, level)


        class TidalPlant:
            def __init__(self, kind, **options):
                self.forecaster = FORECASTERS[kind](**options)

            def run(self, levels):
                def step(carry, level):
                    return carry + self.forecaster.predict(level).sum(), None
                return jax.lax.scan(step, 0.0, levels)[0]


        def main():
            net = TideNet()
            levels = jnp.ones((4, 3))
            params = net.init(jax.random.key(0), levels[0])
            return TidalPlant("net", net=net, params=params).run(levels)
        """,
        [],
    ),
    Case(
        "decorator registry of step builders picked by a constructor's literal mode",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        STEP_BUILDERS = {}


        def step_builder(name):
            def store(builder):
                STEP_BUILDERS[name] = builder
                return builder
            return store


        class Strainer(nn.Module):
            @nn.compact
            def __call__(self, x, track: bool = False):
                peak = self.variable("stats", "peak", lambda: jnp.zeros(x.shape[-1]))
                if track:
                    peak.value = jnp.maximum(peak.value, x)
                return nn.Dense(2)(x)


        @step_builder("monitor")
        def build_monitor(model, variables):
            def step(x):
                return model.apply(variables, x, track=True)
            return step


        @step_builder("plain")
        def build_plain(model, variables):
            return lambda x: model.apply(variables, x)


        class Drain:
            def __init__(self, model, variables, mode):
                self.step = STEP_BUILDERS[mode](model, variables)

            def run(self, xs):
                def body(i, total):
                    return total + self.step(xs[i]).sum()
                return jax.lax.fori_loop(0, xs.shape[0], body, 0.0)


        def main():
            xs = jnp.ones((3, 4))
            model = Strainer()
            variables = model.init(jax.random.key(0), xs[0])
            return Drain(model, variables, mode="monitor").run(xs)
        """,
        ["28:16 SCN102"],
    ),
    Case(
        'decorator registry pick whose literal mode names the builder that updates nothing',
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        STEP_BUILDERS = {}


        def step_builder(name):
            def store(builder):
                STEP_BUILDERS[name] = builder
                return builder
            return store


        class Strainer(nn.Module):
            @nn.compact
            def __call__(self, x, track: bool = False):
                peak = self.variable("stats", "peak", lambda: jnp.zeros(x.shape[-1]))
                if track:
                    peak.value = jnp.maximum(peak.value, x)
                return nn.Dense(2)(x)


        @step_builder("monitor")
        def build_monitor(model, variables):
            def step(x):
                return model.apply(variables, x, track=True)
            return step


        @step_builder("plain")
        def build_plain(model, variables):
            return lambda x: model.apply(variables, x)


        class Drain:
            def __init__(self, model, variables, mode):
                self.step = STEP_BUILDERS[mode](model, variables)

            def run(self, xs):
                def body(i, total):
                    return total + self.step(xs[i]).sum()
                return jax.lax.fori_loop(0, xs.shape[0], body, 0.0)


        def main():
            xs = jnp.ones((3, 4))
            model = Strainer()
            variables = model.init(jax.random.key(0), xs[0])
            return Drain(model, variables, mode="plain").run(xs)
        """,
        [],
    ),
    Case(
        'registered readouts called for each name of a default tuple in a comprehension',
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        READOUTS = {}


        def readout(name):
            def register(fn):
                READOUTS[name] = fn
                return fn
            return register


        class Gauge(nn.Module):
            def setup(self):
                self.body = nn.Dense(6)
                self.level_out = nn.Dense(1)
                self.flow_out = nn.Dense(2)
                self.last = self.variable("cache", "last", jnp.zeros, (1,))

            def level(self, x):
                y = self.level_out(nn.relu(self.body(x)))
                self.last.value = y
                return y

            def flow(self, x):
                return self.flow_out(nn.relu(self.body(x)))

            def __call__(self, x):
                return self.level(x), self.flow(x)


        @readout("level")
        def read_level(model, variables, x):
            return model.apply(variables, x, method=Gauge.level).sum()


        @readout("flow")
        def read_flow(model, variables, x):
            return model.apply(variables, x, method=Gauge.flow).sum()


        class Station:
            def __init__(self, readouts=("flow", "level")):
                self.model = Gauge()
                self.variables = self.model.init(jax.random.key(0), jnp.zeros(3))
                self.readouts = readouts

            def sweep(self, xs):
                def body(carry, x):
                    values = [READOUTS[name](self.model, self.variables, x) for name in self.readouts]
                    return carry + sum(values), None
                return jax.lax.scan(body, 0.0, xs)[0]


        def main():
            return Station().sweep(jnp.ones((4, 3)))
        """,
        ["37:12 SCN102"],
    ),
    Case(
        'registered readouts called only for names whose functions update nothing',
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        READOUTS = {}


        def readout(name):
            def register(fn):
                READOUTS[name] = fn
                return fn
            return register


        class Gauge(nn.Module):
            def setup(self):
                self.body = nn.Dense(6)
                self.level_out = nn.Dense(1)
                self.flow_out = nn.Dense(2)
                self.last = self.variable("cache", "last", jnp.zeros, (1,))

            def level(self, x):
                y = self.level_out(nn.relu(self.body(x)))
                self.last.value = y
                return y

            def flow(self, x):
                return self.flow_out(nn.relu(self.body(x)))

            def __call__(self, x):
                return self.level(x), self.flow(x)


        @readout("level")
        def read_level(model, variables, x):
            return model.apply(variables, x, method=Gauge.level).sum()


        @readout("flow")
        def read_flow(model, variables, x):
            return model.apply(variables, x, method=Gauge.flow).sum()


        class Station:
            def __init__(self, readouts=("flow", "level")):
                self.model = Gauge()
                self.variables = self.model.init(jax.random.key(0), jnp.zeros(3))
                self.readouts = readouts

            def sweep(self, xs):
                def body(carry, x):
                    values = [READOUTS[name](self.model, self.variables, x) for name in self.readouts]
                    return carry + sum(values), None
                return jax.lax.scan(body, 0.0, xs)[0]


        def main():
            return Station(readouts=("flow",)).sweep(jnp.ones((4, 3)))
        """,
        [],
    ),
    Case(
        "a bound module kept by session objects in a dict handed to a controller's constructor, reached as self.sessions[room].bound",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Reg(nn.Module):
            def setup(self):
                self.valve = nn.Dense(3)

            def step(self, rh, setpoint):
                adjust = self.valve(rh)
                self.put_variable("probes", "last_adjust", adjust)
                return rh + adjust


        class RoomSession:
            def __init__(self, rh0, setpoint):
                model = Reg()
                variables = model.init(jax.random.key(0), rh0, setpoint, method=Reg.step)
                self.bound = model.bind(variables)


        class Controller:
            def __init__(self, sessions):
                self.sessions = sessions

            def settle(self, room, rh0, setpoint):
                def tick(i, rh):
                    return self.sessions[room].bound.step(rh, setpoint)
                return jax.lax.fori_loop(0, 3, tick, rh0)


        def main():
            rh0 = jnp.ones(3)
            return Controller({"east": RoomSession(rh0, rh0)}).settle("east", rh0, rh0)
        """,
        ["30:20 SCN102"],
    ),
    Case(
        'the same session dict whose bound module updates nothing',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Reg(nn.Module):
            def setup(self):
                self.valve = nn.Dense(3)

            def step(self, rh, setpoint):
                adjust = self.valve(rh)
                return rh + adjust


        class RoomSession:
            def __init__(self, rh0, setpoint):
                model = Reg()
                variables = model.init(jax.random.key(0), rh0, setpoint, method=Reg.step)
                self.bound = model.bind(variables)


        class Controller:
            def __init__(self, sessions):
                self.sessions = sessions

            def settle(self, room, rh0, setpoint):
                def tick(i, rh):
                    return self.sessions[room].bound.step(rh, setpoint)
                return jax.lax.fori_loop(0, 3, tick, rh0)


        def main():
            rh0 = jnp.ones(3)
            return Controller({"east": RoomSession(rh0, rh0)}).settle("east", rh0, rh0)
        """,
        [],
    ),
    Case(
        "a step made by a factory, cached on first use in a dict of the object and called as self.feeder(name)(x); the bound module's update runs with rise=None left at its default",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Starter(nn.Module):
            @nn.compact
            def __call__(self, feed, rise=None):
                kept = self.variable("state", "rise", jnp.zeros, (2,))
                current = kept.value if rise is None else rise
                new_rise = 0.8 * current + nn.Dense(2)(feed)
                if rise is None:
                    kept.value = new_rise
                return new_rise.sum(), new_rise


        def make_feeder(model, variables):
            bound = model.bind(variables)

            def feed_once(feed):
                score, _ = bound(feed)
                return score

            return feed_once


        class Bakery:
            def __init__(self, model, variables):
                self.model = model
                self.variables = variables
                self._feeders = {}

            def feeder(self, name):
                if name not in self._feeders:
                    self._feeders[name] = make_feeder(self.model, self.variables)
                return self._feeders[name]

            def proof(self, name, feeds):
                def hour(i, total):
                    return total + self.feeder(name)(feeds[i])

                return jax.lax.fori_loop(0, feeds.shape[0], hour, 0.0)


        def main():
            model = Starter()
            feeds = jnp.ones((4, 3))
            variables = model.init(jax.random.key(0), feeds[0])
            return Bakery(model, variables).proof("rye", feeds)
        """,
        ["22:20 SCN102"],
    ),
    Case(
        'a step builder taken from a registry into a name (make = BUILDERS[key]), its (step, label) unpacked onto self, the partial apply trains BatchNorm',
        """
        import functools

        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        BUILDERS = {}


        def builder(name):
            def register(fn):
                BUILDERS[name] = fn
                return fn
            return register


        class Gauge(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                return nn.Dense(1)(nn.BatchNorm(use_running_average=not train)(x))


        @builder("sweep")
        def build_sweep(model, variables):
            forward = functools.partial(model.apply, variables)

            def step(total, x):
                y = forward(x, train=True)
                return total + y.sum(), y

            return step, "sweep"


        class Driver:
            def __init__(self, sheet, model, variables):
                make = BUILDERS[sheet["step"]]
                self.step, self.label = make(model, variables)

            def run(self, xs):
                return jax.lax.scan(self.step, 0.0, xs)[0]


        def main():
            xs = jnp.ones((3, 4, 2))
            model = Gauge()
            variables = model.init(jax.random.key(0), xs[0], train=False)
            return Driver({"step": "sweep"}, model, variables).run(xs)
        """,
        ["29:13 SCN102"],
    ),
    Case(
        'the same registered builder whose partial apply runs BatchNorm in eval mode',
        """
        import functools

        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        BUILDERS = {}


        def builder(name):
            def register(fn):
                BUILDERS[name] = fn
                return fn
            return register


        class Gauge(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                return nn.Dense(1)(nn.BatchNorm(use_running_average=not train)(x))


        @builder("sweep")
        def build_sweep(model, variables):
            forward = functools.partial(model.apply, variables)

            def step(total, x):
                y = forward(x, train=False)
                return total + y.sum(), y

            return step, "sweep"


        class Driver:
            def __init__(self, sheet, model, variables):
                make = BUILDERS[sheet["step"]]
                self.step, self.label = make(model, variables)

            def run(self, xs):
                return jax.lax.scan(self.step, 0.0, xs)[0]


        def main():
            xs = jnp.ones((3, 4, 2))
            model = Gauge()
            variables = model.init(jax.random.key(0), xs[0], train=False)
            return Driver({"step": "sweep"}, model, variables).run(xs)
        """,
        [],
    ),
    Case(
        'a partial apply whose train= is read from a config dict literal passed to its factory',
        """
        import functools

        import flax.linen as nn
        import jax
        import jax.numpy as jnp


        class Scorer(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                return nn.Dense(1)(nn.BatchNorm(use_running_average=not train)(x))


        def build_score_fn(model, variables, config):
            return functools.partial(model.apply, variables, train=config["train"])


        class Station:
            def __init__(self, score_fn):
                self.score_fn = score_fn

            def grade(self, xs):
                def body(total, x):
                    return total + self.score_fn(x).sum(), None

                return jax.lax.scan(body, 0.0, xs)[0]


        def main():
            xs = jnp.ones((3, 4, 2))
            model = Scorer()
            variables = model.init(jax.random.key(0), xs[0])
            return Station(build_score_fn(model, variables, {"train": True})).grade(xs)
        """,
        ["25:28 SCN102"],
    ),
    Case(
        'the config dict literal sets train to False',
        """
        import functools

        import flax.linen as nn
        import jax
        import jax.numpy as jnp


        class Scorer(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                return nn.Dense(1)(nn.BatchNorm(use_running_average=not train)(x))


        def build_score_fn(model, variables, config):
            return functools.partial(model.apply, variables, train=config["train"])


        class Station:
            def __init__(self, score_fn):
                self.score_fn = score_fn

            def grade(self, xs):
                def body(total, x):
                    return total + self.score_fn(x).sum(), None

                return jax.lax.scan(body, 0.0, xs)[0]


        def main():
            xs = jnp.ones((3, 4, 2))
            model = Scorer()
            variables = model.init(jax.random.key(0), xs[0])
            return Station(build_score_fn(model, variables, {"train": False})).grade(xs)
        """,
        [],
    ),
    Case(
        'a session stores the train flag a config dataclass gives (self.train = train in its __init__) and calls its bound module with it',
        """
        import dataclasses

        import flax.linen as nn
        import jax
        import jax.numpy as jnp


        @dataclasses.dataclass(frozen=True)
        class Config:
            train: bool = True


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                return nn.Dense(2)(nn.BatchNorm(use_running_average=not train)(x))


        class Session:
            def __init__(self, module, variables, train):
                self.bound = module.bind(variables)
                self.train = train

            def step(self, x):
                return self.bound(x, train=self.train)


        class Controller:
            def __init__(self, config):
                self.config = config

            def open(self, module, variables):
                return Session(module, variables, self.config.train)


        def run(session, xs):
            def body(total, x):
                return total + session.step(x).sum(), None

            return jax.lax.scan(body, 0.0, xs)[0]


        def main():
            xs = jnp.ones((3, 4, 2))
            module = Net()
            variables = module.init(jax.random.key(0), xs[0], train=False)
            return run(Controller(Config()).open(module, variables), xs)
        """,
        ["26:16 SCN102"],
    ),
    Case(
        "the config dataclass's train defaults to False",
        """
        import dataclasses

        import flax.linen as nn
        import jax
        import jax.numpy as jnp


        @dataclasses.dataclass(frozen=True)
        class Config:
            train: bool = False


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                return nn.Dense(2)(nn.BatchNorm(use_running_average=not train)(x))


        class Session:
            def __init__(self, module, variables, train):
                self.bound = module.bind(variables)
                self.train = train

            def step(self, x):
                return self.bound(x, train=self.train)


        class Controller:
            def __init__(self, config):
                self.config = config

            def open(self, module, variables):
                return Session(module, variables, self.config.train)


        def run(session, xs):
            def body(total, x):
                return total + session.step(x).sum(), None

            return jax.lax.scan(body, 0.0, xs)[0]


        def main():
            xs = jnp.ones((3, 4, 2))
            module = Net()
            variables = module.init(jax.random.key(0), xs[0], train=False)
            return run(Controller(Config()).open(module, variables), xs)
        """,
        [],
    ),
    Case(
        'a policy class picked from a registry keyed by enum members, its train switch a class-level attribute',
        """
        import enum
        import functools

        import flax.linen as nn
        import jax
        import jax.numpy as jnp


        class Mode(enum.Enum):
            ADAPT = "adapt"
            FROZEN = "frozen"


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, adapt: bool):
                return nn.Dense(1)(nn.BatchNorm(use_running_average=not adapt)(x))


        class AdaptPolicy:
            adapt = True

            def __init__(self, model, variables):
                self.apply_fn = functools.partial(model.apply, variables)

            def score(self, x):
                return self.apply_fn(x, adapt=self.adapt)


        class FrozenPolicy(AdaptPolicy):
            adapt = False


        POLICIES = {Mode.ADAPT: AdaptPolicy, Mode.FROZEN: FrozenPolicy}


        class Tuner:
            def __init__(self, model, variables, mode):
                self.policy = POLICIES[mode](model, variables)

            def run(self, xs):
                def body(total, x):
                    return total + self.policy.score(x).sum(), None

                return jax.lax.scan(body, 0.0, xs)[0]


        def main():
            xs = jnp.ones((3, 4, 2))
            model = Net()
            variables = model.init(jax.random.key(0), xs[0], adapt=False)
            return Tuner(model, variables, Mode.ADAPT).run(xs)
        """,
        ["28:16 SCN102"],
    ),
    Case(
        'the enum picks the subclass whose class-level switch is False',
        """
        import enum
        import functools

        import flax.linen as nn
        import jax
        import jax.numpy as jnp


        class Mode(enum.Enum):
            ADAPT = "adapt"
            FROZEN = "frozen"


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, adapt: bool):
                return nn.Dense(1)(nn.BatchNorm(use_running_average=not adapt)(x))


        class AdaptPolicy:
            adapt = True

            def __init__(self, model, variables):
                self.apply_fn = functools.partial(model.apply, variables)

            def score(self, x):
                return self.apply_fn(x, adapt=self.adapt)


        class FrozenPolicy(AdaptPolicy):
            adapt = False


        POLICIES = {Mode.ADAPT: AdaptPolicy, Mode.FROZEN: FrozenPolicy}


        class Tuner:
            def __init__(self, model, variables, mode):
                self.policy = POLICIES[mode](model, variables)

            def run(self, xs):
                def body(total, x):
                    return total + self.policy.score(x).sum(), None

                return jax.lax.scan(body, 0.0, xs)[0]


        def main():
            xs = jnp.ones((3, 4, 2))
            model = Net()
            variables = model.init(jax.random.key(0), xs[0], adapt=False)
            return Tuner(model, variables, Mode.FROZEN).run(xs)
        """,
        [],
    ),
    Case(
        'apply of a model kept in a dataclass nested two deep, the body made by a method of the innermost object',
        """
        import dataclasses

        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Valve(nn.Module):
            @nn.compact
            def __call__(self, error):
                seen = self.variable("stats", "seen", lambda: jnp.zeros((), jnp.int32))
                if not self.is_initializing():
                    seen.value = seen.value + 1
                return jnp.tanh(nn.Dense(1)(error[None]))[0]


        @dataclasses.dataclass
        class Controller:
            model: nn.Module
            variables: dict

            def stepper(self, setpoint):
                def step(level, _):
                    level = level + self.model.apply(self.variables, setpoint - level)
                    return level, level
                return step


        @dataclasses.dataclass
        class Loop:
            controller: Controller


        @dataclasses.dataclass
        class Plant:
            loop: Loop


        def settle(plant, setpoint):
            controller = plant.loop.controller
            return jax.lax.scan(controller.stepper(setpoint), jnp.zeros(()), None, length=4)


        def main():
            model = Valve()
            variables = model.init(jax.random.key(0), jnp.zeros(()))
            plant = Plant(Loop(Controller(model, variables)))
            return settle(plant, 1.0)[1]
        """,
        ["25:29 SCN102"],
    ),
    Case(
        'the same nesting with a model that writes no variable',
        """
        import dataclasses

        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Valve(nn.Module):
            @nn.compact
            def __call__(self, error):
                seen = self.variable("stats", "seen", lambda: jnp.zeros((), jnp.int32))
                if not self.is_initializing():
                    pass
                return jnp.tanh(nn.Dense(1)(error[None]))[0]


        @dataclasses.dataclass
        class Controller:
            model: nn.Module
            variables: dict

            def stepper(self, setpoint):
                def step(level, _):
                    level = level + self.model.apply(self.variables, setpoint - level)
                    return level, level
                return step


        @dataclasses.dataclass
        class Loop:
            controller: Controller


        @dataclasses.dataclass
        class Plant:
            loop: Loop


        def settle(plant, setpoint):
            controller = plant.loop.controller
            return jax.lax.scan(controller.stepper(setpoint), jnp.zeros(()), None, length=4)


        def main():
            model = Valve()
            variables = model.init(jax.random.key(0), jnp.zeros(()))
            plant = Plant(Loop(Controller(model, variables)))
            return settle(plant, 1.0)[1]
        """,
        [],
    ),
    Case(
        "a hook function from a tuple field, handed the module's self in the body, sows",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        def log_energy(module, h):
            module.sow("intermediates", "energy", jnp.sum(h * h))


        class Tracker(nn.Module):
            callbacks: tuple = ()

            @nn.compact
            def __call__(self, xs):
                cell = nn.Dense(3)
                h0 = cell(xs[0])

                def body(h, x):
                    h = jnp.tanh(cell(x) + h)
                    for callback in self.callbacks:
                        callback(self, h)
                    return h, h

                return jax.lax.scan(body, h0, xs)[1]


        def main():
            model = Tracker(callbacks=(log_energy,))
            xs = jnp.ones((4, 3))
            variables = model.init(jax.random.key(0), xs)
            out, state = model.apply(variables, xs, mutable=["intermediates"])
            return out + jnp.stack(state["intermediates"]["energy"]).sum()
        """,
        ["8:5 SCN102"],
    ),
    Case(
        'a hook function from a tuple field that only reads a field of the self it is handed',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        def clip_energy(module, h):
            return jnp.clip(h, -module.limit, module.limit)


        class Tracker(nn.Module):
            callbacks: tuple = ()
            limit: float = 0.5

            @nn.compact
            def __call__(self, xs):
                cell = nn.Dense(3)
                h0 = cell(xs[0])

                def body(h, x):
                    h = jnp.tanh(cell(x) + h)
                    for callback in self.callbacks:
                        h = callback(self, h)
                    return h, h

                return jax.lax.scan(body, h0, xs)[1]


        def main():
            model = Tracker(callbacks=(clip_energy,))
            xs = jnp.ones((4, 3))
            variables = model.init(jax.random.key(0), xs)
            out, state = model.apply(variables, xs, mutable=["intermediates"])
            return out
        """,
        [],
    ),
    Case(
        'a bound module handed by a hub to the members a registration method keyed by role, called in the body',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Smoother(nn.Module):
            @nn.compact
            def __call__(self, x):
                x = nn.Dense(4)(x)
                return nn.BatchNorm(use_running_average=False)(x).sum()


        class Forecaster:
            def attach(self, bound):
                self.bound = bound

            def predict(self, x):
                return self.bound(x)


        class Auditor:
            def attach(self, bound):
                self.bound = bound

            def summary(self):
                return self.bound.variables["batch_stats"]


        class Hub:
            def __init__(self):
                self.members = {}

            def join(self, role, member):
                self.members[role] = member

            def broadcast(self, bound):
                for member in self.members.values():
                    member.attach(bound)


        def forecast(hub, xs):
            forecaster = hub.members["forecaster"]

            def body(total, x):
                return total + forecaster.predict(x), None

            return jax.lax.scan(body, jnp.zeros(()), xs)[0]


        def main():
            model = Smoother()
            xs = jnp.ones((5, 2, 3))
            variables = model.init(jax.random.key(0), xs[0])
            hub = Hub()
            hub.join("forecaster", Forecaster())
            hub.join("auditor", Auditor())
            hub.broadcast(model.bind(variables, mutable=["batch_stats"]))
            total = forecast(hub, xs)
            stats = hub.members["auditor"].summary()
            jax.tree.map(lambda a: a + 1, stats)
            return total
        """,
        ["19:16 SCN102"],
    ),
    Case(
        'the same hub handing a bound module without mutable collections that writes nothing',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Smoother(nn.Module):
            @nn.compact
            def __call__(self, x):
                x = nn.Dense(4)(x)
                return jnp.tanh(x).sum()


        class Forecaster:
            def attach(self, bound):
                self.bound = bound

            def predict(self, x):
                return self.bound(x)


        class Auditor:
            def attach(self, bound):
                self.bound = bound

            def summary(self):
                return self.bound.variables["params"]


        class Hub:
            def __init__(self):
                self.members = {}

            def join(self, role, member):
                self.members[role] = member

            def broadcast(self, bound):
                for member in self.members.values():
                    member.attach(bound)


        def forecast(hub, xs):
            forecaster = hub.members["forecaster"]

            def body(total, x):
                return total + forecaster.predict(x), None

            return jax.lax.scan(body, jnp.zeros(()), xs)[0]


        def main():
            model = Smoother()
            xs = jnp.ones((5, 2, 3))
            variables = model.init(jax.random.key(0), xs[0])
            hub = Hub()
            hub.join("forecaster", Forecaster())
            hub.join("auditor", Auditor())
            hub.broadcast(model.bind(variables))
            total = forecast(hub, xs)
            stats = hub.members["auditor"].summary()
            jax.tree.map(lambda a: a + 1, stats)
            return total
        """,
        [],
    ),
    Case(
        'apply with a train flag read from a settings object a builder hands to the runner it makes',
        """
        import dataclasses

        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        @dataclasses.dataclass(frozen=True)
        class Settings:
            steps: int = 3
            training: bool = True


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, training: bool):
                x = nn.Dense(4)(x)
                return nn.BatchNorm(use_running_average=not training)(x).sum()


        class Runner:
            def __init__(self, model, variables, settings):
                self.model, self.variables, self.settings = model, variables, settings

            def run(self, xs):
                def body(total, x):
                    return total + self.model.apply(self.variables, x, training=self.settings.training), None

                return jax.lax.scan(body, jnp.zeros(()), xs)[0]


        class Assembly:
            def __init__(self):
                self.parts = {}
                self.settings = Settings()

            def model(self, model, variables):
                self.parts["model"] = model
                self.parts["variables"] = variables
                return self

            def finish(self):
                return Runner(self.parts["model"], self.parts["variables"], self.settings)


        def main():
            model = Net()
            xs = jnp.ones((3, 2, 5))
            variables = model.init(jax.random.key(0), xs[0], training=False)
            return Assembly().model(model, variables).finish().run(xs)
        """,
        ["28:28 SCN102"],
    ),
    Case(
        'the same builder handing settings whose flag is off',
        """
        import dataclasses

        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        @dataclasses.dataclass(frozen=True)
        class Settings:
            steps: int = 3
            training: bool = False


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, training: bool):
                x = nn.Dense(4)(x)
                return nn.BatchNorm(use_running_average=not training)(x).sum()


        class Runner:
            def __init__(self, model, variables, settings):
                self.model, self.variables, self.settings = model, variables, settings

            def run(self, xs):
                def body(total, x):
                    return total + self.model.apply(self.variables, x, training=self.settings.training), None

                return jax.lax.scan(body, jnp.zeros(()), xs)[0]


        class Assembly:
            def __init__(self):
                self.parts = {}
                self.settings = Settings()

            def model(self, model, variables):
                self.parts["model"] = model
                self.parts["variables"] = variables
                return self

            def finish(self):
                return Runner(self.parts["model"], self.parts["variables"], self.settings)


        def main():
            model = Net()
            xs = jnp.ones((3, 2, 5))
            variables = model.init(jax.random.key(0), xs[0], training=False)
            return Assembly().model(model, variables).finish().run(xs)
        """,
        [],
    ),
    Case(
        'a submodule built in setup from a registry its subclasses enter through __init_subclass__ with a class keyword',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Kernel(nn.Module):
            kinds = {}

            def __init_subclass__(cls, kind="", **kwargs):
                super().__init_subclass__(**kwargs)
                Kernel.kinds[kind] = cls


        class Counting(Kernel, kind="counting"):
            @nn.compact
            def __call__(self, x):
                hits = self.variable("stats", "hits", lambda: jnp.zeros((), jnp.int32))
                if not self.is_initializing():
                    hits.value = hits.value + 1
                return nn.Dense(2)(x)


        class Smoother(nn.Module):
            kind: str = "counting"

            def setup(self):
                self.kernel = Kernel.kinds[self.kind]()

            def __call__(self, xs):
                self.kernel(xs[0])

                def body(h, x):
                    return h + self.kernel(x), None

                return jax.lax.scan(body, jnp.zeros(2), xs)[0]


        def main():
            model = Smoother()
            xs = jnp.ones((3, 4))
            variables = model.init(jax.random.key(0), xs)
            return model.apply(variables, xs)
        """,
        ["34:24 SCN102"],
    ),
    Case(
        'the same registry whose registered module writes no variable',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Kernel(nn.Module):
            kinds = {}

            def __init_subclass__(cls, kind="", **kwargs):
                super().__init_subclass__(**kwargs)
                Kernel.kinds[kind] = cls


        class Counting(Kernel, kind="counting"):
            @nn.compact
            def __call__(self, x):
                hits = self.variable("stats", "hits", lambda: jnp.zeros((), jnp.int32))
                if not self.is_initializing():
                    pass
                return nn.Dense(2)(x)


        class Smoother(nn.Module):
            kind: str = "counting"

            def setup(self):
                self.kernel = Kernel.kinds[self.kind]()

            def __call__(self, xs):
                self.kernel(xs[0])

                def body(h, x):
                    return h + self.kernel(x), None

                return jax.lax.scan(body, jnp.zeros(2), xs)[0]


        def main():
            model = Smoother()
            xs = jnp.ones((3, 4))
            variables = model.init(jax.random.key(0), xs)
            return model.apply(variables, xs)
        """,
        [],
    ),
    Case(
        "the body hands the module's self to a method of a plain probe list, which hands it on to each probe that sows",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class NormProbe:
            def inspect(self, module, h):
                module.sow("intermediates", "norm", jnp.linalg.norm(h))


        class Probes:
            def __init__(self, probes):
                self.probes = list(probes)

            def run(self, module, h):
                for probe in self.probes:
                    probe.inspect(module, h)


        class Decoder(nn.Module):
            probes: object = None

            @nn.compact
            def __call__(self, xs):
                cell = nn.Dense(3)
                h0 = cell(xs[0])

                def body(h, x):
                    h = jnp.tanh(cell(x) + h)
                    self.probes.run(self, h)
                    return h, h

                return jax.lax.scan(body, h0, xs)[1]


        def main():
            model = Decoder(probes=Probes([NormProbe()]))
            xs = jnp.ones((4, 3))
            variables = model.init(jax.random.key(0), xs)
            out, state = model.apply(variables, xs, mutable=["intermediates"])
            return out + jnp.stack(state["intermediates"]["norm"]).sum()
        """,
        ["9:9 SCN102"],
    ),
    Case(
        'the same probe list whose probes only read a field of the module they are handed',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class NormProbe:
            def inspect(self, module, h):
                return jnp.linalg.norm(h) * module.scale


        class Probes:
            def __init__(self, probes):
                self.probes = list(probes)

            def run(self, module, h):
                for probe in self.probes:
                    probe.inspect(module, h)


        class Decoder(nn.Module):
            probes: object = None
            scale: float = 2.0

            @nn.compact
            def __call__(self, xs):
                cell = nn.Dense(3)
                h0 = cell(xs[0])

                def body(h, x):
                    h = jnp.tanh(cell(x) + h)
                    self.probes.run(self, h)
                    return h, h

                return jax.lax.scan(body, h0, xs)[1]


        def main():
            model = Decoder(probes=Probes([NormProbe()]))
            xs = jnp.ones((4, 3))
            variables = model.init(jax.random.key(0), xs)
            return model.apply(variables, xs)
        """,
        [],
    ),
    Case(
        'a middleware chain folded with handler = layer(handler) whose layer closes over apply in train mode, kept on a pump object',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Scaler(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                return nn.BatchNorm(use_running_average=not train)(nn.Dense(3)(x)).sum()


        def scaling(model, variables, train):
            def layer(inner):
                def handle(x):
                    return inner(model.apply(variables, x, train=train))
                return handle
            return layer


        def doubling(inner):
            def handle(x):
                return inner(2.0 * x)
            return handle


        def compose(final, layers):
            handler = final
            for layer in reversed(layers):
                handler = layer(handler)
            return handler


        class Pump:
            def __init__(self, handler):
                self.handler = handler

            def drain(self, xs):
                def body(total, x):
                    return total + self.handler(x), None

                return jax.lax.scan(body, jnp.zeros(()), xs)[0]


        def main():
            model = Scaler()
            xs = jnp.ones((4, 2, 5))
            variables = model.init(jax.random.key(0), xs[0], train=False)
            chain = compose(lambda y: y, [doubling, scaling(model, variables, train=True)])
            return Pump(chain).drain(xs)
        """,
        ["16:26 SCN102"],
    ),
    Case(
        'the same middleware chain with the layer in evaluation mode',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Scaler(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                return nn.BatchNorm(use_running_average=not train)(nn.Dense(3)(x)).sum()


        def scaling(model, variables, train):
            def layer(inner):
                def handle(x):
                    return inner(model.apply(variables, x, train=train))
                return handle
            return layer


        def doubling(inner):
            def handle(x):
                return inner(2.0 * x)
            return handle


        def compose(final, layers):
            handler = final
            for layer in reversed(layers):
                handler = layer(handler)
            return handler


        class Pump:
            def __init__(self, handler):
                self.handler = handler

            def drain(self, xs):
                def body(total, x):
                    return total + self.handler(x), None

                return jax.lax.scan(body, jnp.zeros(()), xs)[0]


        def main():
            model = Scaler()
            xs = jnp.ones((4, 2, 5))
            variables = model.init(jax.random.key(0), xs[0], train=False)
            chain = compose(lambda y: y, [doubling, scaling(model, variables, train=False)])
            return Pump(chain).drain(xs)
        """,
        [],
    ),
    Case(
        'a bound module with mutable batch_stats resolved by name from a container whose providers resolve their own dependencies',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Container:
            def __init__(self):
                self._providers = {}
                self._instances = {}

            def provide(self, name, provider):
                self._providers[name] = provider

            def get(self, name):
                if name not in self._instances:
                    self._instances[name] = self._providers[name](self)
                return self._instances[name]


        class Normalizer(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.BatchNorm(use_running_average=False)(nn.Dense(3)(x)).sum()


        class Scorer:
            def __init__(self, model, variables):
                self.bound = model.bind(variables, mutable=["batch_stats"])

            def score(self, x):
                return self.bound(x)

            def stats(self):
                return self.bound.variables["batch_stats"]


        def wire():
            c = Container()
            c.provide("model", lambda c: Normalizer())
            c.provide("variables", lambda c: c.get("model").init(jax.random.key(0), jnp.ones((2, 4))))
            c.provide("scorer", lambda c: Scorer(c.get("model"), c.get("variables")))
            return c


        def run(c, xs):
            scorer = c.get("scorer")

            def body(total, x):
                return total + scorer.score(x), None

            total, _ = jax.lax.scan(body, jnp.zeros(()), xs)
            return total, scorer.stats()


        def main():
            total, stats = run(wire(), jnp.ones((3, 2, 4)))
            return jax.tree.map(lambda a: a + 1, stats)
        """,
        ["32:16 SCN102"],
    ),
    Case(
        "the same container's module running BatchNorm on running averages",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Container:
            def __init__(self):
                self._providers = {}
                self._instances = {}

            def provide(self, name, provider):
                self._providers[name] = provider

            def get(self, name):
                if name not in self._instances:
                    self._instances[name] = self._providers[name](self)
                return self._instances[name]


        class Normalizer(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.BatchNorm(use_running_average=True)(nn.Dense(3)(x)).sum()


        class Scorer:
            def __init__(self, model, variables):
                self.bound = model.bind(variables, mutable=["batch_stats"])

            def score(self, x):
                return self.bound(x)

            def stats(self):
                return self.bound.variables["batch_stats"]


        def wire():
            c = Container()
            c.provide("model", lambda c: Normalizer())
            c.provide("variables", lambda c: c.get("model").init(jax.random.key(0), jnp.ones((2, 4))))
            c.provide("scorer", lambda c: Scorer(c.get("model"), c.get("variables")))
            return c


        def run(c, xs):
            scorer = c.get("scorer")

            def body(total, x):
                return total + scorer.score(x), None

            total, _ = jax.lax.scan(body, jnp.zeros(()), xs)
            return total, scorer.stats()


        def main():
            total, stats = run(wire(), jnp.ones((3, 2, 4)))
            return jax.tree.map(lambda a: a + 1, stats)
        """,
        [],
    ),
    Case(
        "Linen heads and variables paired by zip(), each bound as a step's default argument, applied in training mode with nothing mutable",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Head(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                h = nn.Dense(8)(x)
                h = nn.BatchNorm(use_running_average=not train)(h)
                return nn.Dense(1)(h)[..., 0]


        class Ensemble:
            def __init__(self, heads, variables, train):
                self.heads = heads
                self.variables = variables
                self.train = train

            def smooth(self, frames):
                out = []
                for head, variables in zip(self.heads, self.variables):
                    def step(level, frame, head=head, variables=variables):
                        y = head.apply(variables, frame[None], train=self.train)[0]
                        return 0.8 * level + 0.2 * y, y

                    level, _ = jax.lax.scan(step, jnp.zeros(()), frames)
                    out.append(level)
                return jnp.stack(out)


        def main():
            heads = [Head(), Head()]
            x = jnp.ones((1, 3))
            variables = [h.init(jax.random.key(i), x, train=False) for i, h in enumerate(heads)]
            Ensemble(heads, variables, train=True).smooth(jnp.ones((5, 3)))
            return None
        """,
        ["25:21 SCN102"],
    ),
    Case(
        'the same zip() of heads and variables applied with train=False',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Head(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                h = nn.Dense(8)(x)
                h = nn.BatchNorm(use_running_average=not train)(h)
                return nn.Dense(1)(h)[..., 0]


        class Ensemble:
            def __init__(self, heads, variables, train):
                self.heads = heads
                self.variables = variables
                self.train = train

            def smooth(self, frames):
                out = []
                for head, variables in zip(self.heads, self.variables):
                    def step(level, frame, head=head, variables=variables):
                        y = head.apply(variables, frame[None], train=self.train)[0]
                        return 0.8 * level + 0.2 * y, y

                    level, _ = jax.lax.scan(step, jnp.zeros(()), frames)
                    out.append(level)
                return jnp.stack(out)


        def main():
            heads = [Head(), Head()]
            x = jnp.ones((1, 3))
            variables = [h.init(jax.random.key(i), x, train=False) for i, h in enumerate(heads)]
            Ensemble(heads, variables, train=False).smooth(jnp.ones((5, 3)))
            return None
        """,
        [],
    ),
    Case(
        "a BatchNorm that an outside submodule's setup makes, reached as self.backbone.norm and trained in the body",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Backbone(nn.Module):
            def setup(self):
                self.proj = nn.Dense(6)
                self.norm = nn.BatchNorm(momentum=0.9)

            def __call__(self, x, train=False):
                return self.norm(self.proj(x), use_running_average=not train)


        class Tracker(nn.Module):
            def setup(self):
                self.backbone = Backbone()

            def __call__(self, x):
                return self.backbone(x)

            def track(self, frames):
                def step(state, frame):
                    h = self.backbone.proj(frame)
                    h = self.backbone.norm(h, use_running_average=False)
                    return state + h.mean(), h

                return jax.lax.scan(step, jnp.zeros(()), frames)


        def main():
            model = Tracker()
            variables = model.init(jax.random.key(0), jnp.ones((2, 3)))
            model.apply(variables, jnp.ones((4, 2, 3)), method=Tracker.track)
            return None
        """,
        ["26:17 SCN102"],
    ),
    Case(
        'the same nested BatchNorm run on its running averages',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Backbone(nn.Module):
            def setup(self):
                self.proj = nn.Dense(6)
                self.norm = nn.BatchNorm(momentum=0.9)

            def __call__(self, x, train=False):
                return self.norm(self.proj(x), use_running_average=not train)


        class Tracker(nn.Module):
            def setup(self):
                self.backbone = Backbone()

            def __call__(self, x):
                return self.backbone(x)

            def track(self, frames):
                def step(state, frame):
                    h = self.backbone.proj(frame)
                    h = self.backbone.norm(h, use_running_average=True)
                    return state + h.mean(), h

                return jax.lax.scan(step, jnp.zeros(()), frames)


        def main():
            model = Tracker()
            variables = model.init(jax.random.key(0), jnp.ones((2, 3)))
            model.apply(variables, jnp.ones((4, 2, 3)), method=Tracker.track)
            return None
        """,
        [],
    ),
    Case(
        "a submodule's own submodule (self.decoder.cell) that sows into a collection the apply collects",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Cell(nn.Module):
            @nn.compact
            def __call__(self, h, x):
                gate = nn.sigmoid(nn.Dense(4, name="gate_proj")(x))
                self.sow("intermediates", "gate", gate)
                return gate * h + (1 - gate) * x


        class Decoder(nn.Module):
            def setup(self):
                self.cell = Cell()
                self.readout = nn.Dense(2)

            def __call__(self, h, x):
                return self.readout(self.cell(h, x))


        class Model(nn.Module):
            def setup(self):
                self.decoder = Decoder()

            def __call__(self, h, x):
                return self.decoder(h, x)

            def unroll(self, xs):
                def step(h, x):
                    h = self.decoder.cell(h, x)
                    return h, self.decoder.readout(h)

                return jax.lax.scan(step, jnp.zeros(4), xs)


        def main():
            model = Model()
            xs = jnp.ones((5, 4))
            variables = model.init(jax.random.key(0), jnp.zeros(4), xs[0])
            (_, ys), state = model.apply(variables, xs, method=Model.unroll, mutable=["intermediates"])
            gates = jax.tree_util.tree_leaves(state["intermediates"])
            print(jnp.stack(gates).sum(), ys.shape)
            return None
        """,
        ["33:17 SCN102"],
    ),
    Case(
        'the same nested sow under an apply that collects nothing',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Cell(nn.Module):
            @nn.compact
            def __call__(self, h, x):
                gate = nn.sigmoid(nn.Dense(4, name="gate_proj")(x))
                self.sow("intermediates", "gate", gate)
                return gate * h + (1 - gate) * x


        class Decoder(nn.Module):
            def setup(self):
                self.cell = Cell()
                self.readout = nn.Dense(2)

            def __call__(self, h, x):
                return self.readout(self.cell(h, x))


        class Model(nn.Module):
            def setup(self):
                self.decoder = Decoder()

            def __call__(self, h, x):
                return self.decoder(h, x)

            def unroll(self, xs):
                def step(h, x):
                    h = self.decoder.cell(h, x)
                    return h, self.decoder.readout(h)

                return jax.lax.scan(step, jnp.zeros(4), xs)


        def main():
            model = Model()
            xs = jnp.ones((5, 4))
            variables = model.init(jax.random.key(0), jnp.zeros(4), xs[0])
            _, ys = model.apply(variables, xs, method=Model.unroll)
            print(ys.shape)
            return None
        """,
        [],
    ),
    Case(
        'a module-level function given to apply as method= scans the module it is handed, whose BatchNorm trains',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Filter(nn.Module):
            @nn.compact
            def __call__(self, x):
                h = nn.Dense(4)(x)
                return nn.BatchNorm(use_running_average=False, momentum=0.9)(h)


        def smooth(module, frames):
            def step(level, frame):
                out = module(frame)
                return 0.5 * level + 0.5 * out, out.mean()

            return jax.lax.scan(step, jnp.zeros((2, 4)), frames)


        def main():
            model = Filter()
            frames = jnp.ones((3, 2, 4))
            variables = model.init(jax.random.key(0), frames[0])
            model.apply(variables, frames, method=smooth)
            return None
        """,
        ["16:15 SCN102"],
    ),
    Case(
        'the same method= function over a BatchNorm on running averages (its compact layers were built by init)',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Filter(nn.Module):
            @nn.compact
            def __call__(self, x):
                h = nn.Dense(4)(x)
                return nn.BatchNorm(use_running_average=True, momentum=0.9)(h)


        def smooth(module, frames):
            def step(level, frame):
                out = module(frame)
                return 0.5 * level + 0.5 * out, out.mean()

            return jax.lax.scan(step, jnp.zeros((2, 4)), frames)


        def main():
            model = Filter()
            frames = jnp.ones((3, 2, 4))
            variables = model.init(jax.random.key(0), frames[0])
            model.apply(variables, frames, method=smooth)
            return None
        """,
        [],
    ),
    Case(
        "a subclass of a generic Linen base (Recurrent[float]) creates a parameter in the method the base's compact scan body calls",
        """
        from typing import Generic, TypeVar

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        T = TypeVar("T")


        class Recurrent(nn.Module, Generic[T]):
            features: int = 3

            def cell(self, h, x):
                raise NotImplementedError

            @nn.compact
            def __call__(self, xs):
                def step(h, x):
                    h = self.cell(h, x)
                    return h, h

                return jax.lax.scan(step, jnp.zeros(self.features), xs)[1]


        class Elman(Recurrent[float]):
            def cell(self, h, x):
                w = self.param("w", nn.initializers.lecun_normal(), (self.features, self.features))
                return jnp.tanh(h @ w + x)


        def main():
            xs = jnp.ones((4, 3))
            model = Elman()
            variables = model.init(jax.random.key(0), xs)
            model.apply(variables, xs)
            return None
        """,
        ["28:13 SCN102"],
    ),
    Case(
        "the generic base creates the parameter before the scan and hands it to the subclass's method",
        """
        from typing import Generic, TypeVar

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        T = TypeVar("T")


        class Recurrent(nn.Module, Generic[T]):
            features: int = 3

            def cell(self, w, h, x):
                raise NotImplementedError

            @nn.compact
            def __call__(self, xs):
                w = self.param("w", nn.initializers.lecun_normal(), (self.features, self.features))

                def step(h, x):
                    h = self.cell(w, h, x)
                    return h, h

                return jax.lax.scan(step, jnp.zeros(self.features), xs)[1]


        class Elman(Recurrent[float]):
            def cell(self, w, h, x):
                return jnp.tanh(h @ w + x)


        def main():
            xs = jnp.ones((4, 3))
            model = Elman()
            variables = model.init(jax.random.key(0), xs)
            model.apply(variables, xs)
            return None
        """,
        [],
    ),
    Case(
        'apply given mutable=list(options.writable), a config field whose default is an empty tuple, updating a variable',
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Counter(nn.Module):
            @nn.compact
            def __call__(self, x):
                seen = self.variable("counts", "seen", lambda: jnp.zeros((), jnp.int32))
                if not self.is_initializing():
                    seen.value = seen.value + 1
                return nn.Dense(2)(x)


        @dataclass(frozen=True)
        class Options:
            writable: tuple = ()


        def score(model, variables, xs, options):
            def step(total, x):
                y = model.apply(variables, x, mutable=list(options.writable))
                return total, y

            return jax.lax.scan(step, 0.0, xs)


        def main():
            model = Counter()
            xs = jnp.ones((3, 2, 4))
            variables = model.init(jax.random.key(0), xs[0])
            score(model, variables, xs, Options())
            return None
        """,
        ["25:13 SCN102"],
    ),
    Case(
        'the same apply with the config naming the collection it updates',
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Counter(nn.Module):
            @nn.compact
            def __call__(self, x):
                seen = self.variable("counts", "seen", lambda: jnp.zeros((), jnp.int32))
                if not self.is_initializing():
                    seen.value = seen.value + 1
                return nn.Dense(2)(x)


        @dataclass(frozen=True)
        class Options:
            writable: tuple = ()


        def score(model, variables, xs, options):
            def step(total, x):
                y, counts = model.apply(variables, x, mutable=list(options.writable))
                return total, y

            return jax.lax.scan(step, 0.0, xs)


        def main():
            model = Counter()
            xs = jnp.ones((3, 2, 4))
            variables = model.init(jax.random.key(0), xs[0])
            score(model, variables, xs, Options(writable=("counts",)))
            return None
        """,
        [],
    ),
    Case(
        'a compact method assigning to self.variable(...).value directly, applied in the body with nothing mutable',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Gate(nn.Module):
            @nn.compact
            def __call__(self, x):
                self.variable("monitor", "last_mean", jnp.zeros, ()).value = x.mean()
                return nn.sigmoid(nn.Dense(3)(x))


        def run(model, variables, xs):
            def body(carry, x):
                y = model.apply(variables, x)
                return carry + y.sum(), y

            return jax.lax.scan(body, jnp.zeros(()), xs)


        def main():
            model = Gate()
            xs = jnp.ones((4, 3))
            variables = model.init(jax.random.key(0), xs[0])
            run(model, variables, xs)
            return None
        """,
        ["16:13 SCN102"],
    ),
    Case(
        'the same module applied with its collection mutable, the new value returned as ys',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Gate(nn.Module):
            @nn.compact
            def __call__(self, x):
                self.variable("monitor", "last_mean", jnp.zeros, ()).value = x.mean()
                return nn.sigmoid(nn.Dense(3)(x))


        def run(model, variables, xs):
            def body(carry, x):
                y, monitor = model.apply(variables, x, mutable=["monitor"])
                return carry + y.sum(), (y, monitor["monitor"]["last_mean"])

            return jax.lax.scan(body, jnp.zeros(()), xs)


        def main():
            model = Gate()
            xs = jnp.ones((4, 3))
            variables = model.init(jax.random.key(0), xs[0])
            run(model, variables, xs)
            return None
        """,
        [],
    ),
]

RNG = [
    Case(
        "self.make_rng in a compact body",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class NoisyWalk(nn.Module):
            @nn.compact
            def __call__(self, steps):
                def step(carry, t):
                    noise = jax.random.normal(self.make_rng("noise"), carry.shape)
                    return carry + noise, noise
                return jax.lax.scan(step, jnp.zeros(3), jnp.arange(steps))
        """,
        ["10:39 SCN103"],
    ),
    Case(
        "not flagged: the key `make_rng` draws in the body folded with a step value (in the body, through a name, or in a helper method given the step)",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Langevin(nn.Module):
            @nn.compact
            def __call__(self, x0, steps):
                def body(x, t):
                    noise = jax.random.normal(jax.random.fold_in(self.make_rng("noise"), t), x.shape)
                    key = self.make_rng("jitter")
                    jitter = jax.random.uniform(jax.random.fold_in(key, t))
                    return x + 0.1 * noise * jitter + self._noise(t, x.shape), noise
                return jax.lax.scan(body, x0, jnp.arange(steps))

            def _noise(self, step, shape):
                return jax.random.normal(jax.random.fold_in(self.make_rng("extra"), step), shape)
        """,
        [],
    ),
    Case(
        "`make_rng` folded with a value no step changes, or its key also used unfolded",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Langevin(nn.Module):
            @nn.compact
            def __call__(self, x0, steps):
                def body(x, t):
                    key = self.make_rng("noise")
                    a = jax.random.normal(jax.random.fold_in(key, t), x.shape)
                    b = jax.random.normal(key, x.shape)
                    return x + a + b + self._noise(0, x.shape), a
                return jax.lax.scan(body, x0, jnp.arange(steps))

            def _noise(self, step, shape):
                return jax.random.normal(jax.random.fold_in(self.make_rng("extra"), step), shape)
        """,
        ["10:19 SCN103", "17:53 SCN103"],
    ),
    Case(
        "`self(x, deterministic=False)` in the body of a sampling method: a Dropout two modules down draws one mask for all steps",
        """
        import jax
        import flax.linen as nn

        class MLPBlock(nn.Module):
            @nn.compact
            def __call__(self, x, deterministic: bool):
                x = nn.relu(nn.Dense(8)(x))
                return nn.Dropout(0.3)(x, deterministic=deterministic)

        class Trunk(nn.Module):
            def setup(self):
                self.blocks = [MLPBlock() for _ in range(2)]

            def __call__(self, x, deterministic: bool):
                for block in self.blocks:
                    x = block(x, deterministic)
                return x

        class Regressor(nn.Module):
            def setup(self):
                self.trunk = Trunk()
                self.head = nn.Dense(1)

            def __call__(self, x, deterministic: bool = True):
                return self.head(self.trunk(x, deterministic))

            def predictive_samples(self, x):
                def body(carry, _):
                    return carry, self(x, deterministic=False)
                return jax.lax.scan(body, None, None, length=4)[1]
        """,
        ["26:26 SCN103"],
    ),
    Case(
        "not flagged: the same call on the default `deterministic=True`",
        """
        import jax
        import flax.linen as nn

        class MLPBlock(nn.Module):
            @nn.compact
            def __call__(self, x, deterministic: bool):
                x = nn.relu(nn.Dense(8)(x))
                return nn.Dropout(0.3)(x, deterministic=deterministic)

        class Trunk(nn.Module):
            def setup(self):
                self.blocks = [MLPBlock() for _ in range(2)]

            def __call__(self, x, deterministic: bool):
                for block in self.blocks:
                    x = block(x, deterministic)
                return x

        class Regressor(nn.Module):
            def setup(self):
                self.trunk = Trunk()
                self.head = nn.Dense(1)

            def __call__(self, x, deterministic: bool = True):
                return self.head(self.trunk(x, deterministic))

            def predictive_samples(self, x):
                def body(carry, _):
                    return carry, self(x)
                return jax.lax.scan(body, None, None, length=4)[1]
        """,
        [],
    ),
    Case(
        "a key made before the loop, handed by the body to a helper method that splits and draws from it",
        """
        import jax
        import jax.numpy as jnp

        class Agent:
            def __init__(self, epsilon):
                self.epsilon = epsilon

            def select(self, q, key):
                k_explore, k_action = jax.random.split(key)
                random_action = jax.random.randint(k_action, (), 0, q.shape[-1])
                return jnp.where(jax.random.uniform(k_explore) < self.epsilon, random_action, jnp.argmax(q))

            def rollout(self, qs, seed):
                key = jax.random.key(seed)
                def body(carry, q):
                    t, = carry
                    return (t + 1,), self.select(q, key)
                return jax.lax.scan(body, (0,), qs)[1]
        """,
        ["18:45 SCN103"],
    ),
    Case(
        "not flagged: the body hands the helper the key folded with the step",
        """
        import jax
        import jax.numpy as jnp

        class Agent:
            def __init__(self, epsilon):
                self.epsilon = epsilon

            def select(self, q, key):
                k_explore, k_action = jax.random.split(key)
                random_action = jax.random.randint(k_action, (), 0, q.shape[-1])
                return jnp.where(jax.random.uniform(k_explore) < self.epsilon, random_action, jnp.argmax(q))

            def rollout(self, qs, seed):
                key = jax.random.key(seed)
                def body(carry, q):
                    t, = carry
                    return (t + 1,), self.select(q, jax.random.fold_in(key, t))
                return jax.lax.scan(body, (0,), qs)[1]
        """,
        [],
    ),
    Case(
        "`model.apply(..., rngs={'augment': rng})` in a scan body with a key the factory closed over, on a module that draws",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Jitter(nn.Module):
            @nn.compact
            def __call__(self, x):
                return x + 0.1 * jax.random.normal(self.make_rng("augment"), x.shape)

        def make_views(model, variables, rng, n):
            def body(carry, _):
                return carry, model.apply(variables, carry, rngs={"augment": rng})
            return jax.jit(lambda x: jax.lax.scan(body, x, None, length=n)[1])

        def main():
            model = Jitter()
            x = jnp.ones(3)
            variables = model.init({"params": jax.random.key(0), "augment": jax.random.key(1)}, x)
            return make_views(model, variables, jax.random.key(2), 4)(x)
        """,
        ["13:58 SCN103"],
    ),
    Case(
        "not flagged: the same apply given per-step keys",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Jitter(nn.Module):
            @nn.compact
            def __call__(self, x):
                return x + 0.1 * jax.random.normal(self.make_rng("augment"), x.shape)

        def make_views(model, variables, rng, n):
            def body(carry, key):
                return carry, model.apply(variables, carry, rngs={"augment": key})
            return jax.jit(lambda x: jax.lax.scan(body, x, jax.random.split(rng, n), length=n)[1])

        def main():
            model = Jitter()
            x = jnp.ones(3)
            variables = model.init({"params": jax.random.key(0), "augment": jax.random.key(1)}, x)
            return make_views(model, variables, jax.random.key(2), 4)(x)
        """,
        [],
    ),
    Case(
        "a parameter-free `setup` submodule that calls `make_rng`, first called in a helper of a sampling method only `apply` runs",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class BrownianIncrement(nn.Module):
            @nn.compact
            def __call__(self, shape, dt):
                return jnp.sqrt(dt) * jax.random.normal(self.make_rng("brownian"), shape)

        class LatentSDE(nn.Module):
            def setup(self):
                self.drift = nn.Dense(4)
                self.increment = BrownianIncrement()

            def __call__(self, y):
                return self.drift(y)

            def _em_step(self, y):
                dw = self.increment(y.shape, 0.05)
                return y + 0.05 * self(y) + dw, dw

            def sample_path(self, y0):
                return jax.lax.scan(lambda y, _: self._em_step(y), y0, None, length=10)
        """,
        ["20:14 SCN103"],
    ),
    Case(
        "a method of a `setup` submodule (`self.prior.draw()`) whose own submodule calls `make_rng`, in the scan of a sampling method",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Gumbel(nn.Module):
            @nn.compact
            def __call__(self, logits):
                u = jax.random.uniform(self.make_rng("gumbel"), logits.shape, minval=1e-6, maxval=1.0)
                return jax.nn.softmax(logits - jnp.log(-jnp.log(u)))

        class Prior(nn.Module):
            def setup(self):
                self.logits = self.param("logits", nn.initializers.normal(1.0), (4, 8))
                self.quantizer = Gumbel()

            def draw(self):
                return self.quantizer(self.logits)

            def mode(self):
                return jax.nn.one_hot(jnp.argmax(self.logits, -1), 8)

        class Model(nn.Module):
            def setup(self):
                self.prior = Prior()

            def __call__(self):
                return self.prior.draw()

            def sample(self, n: int):
                return jax.lax.scan(lambda c, _: (c, self.prior.draw()), None, None, length=n)[1]
        """,
        ["31:46 SCN103"],
    ),
    Case(
        "not flagged: the same scan calling a method of it that draws nothing",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Gumbel(nn.Module):
            @nn.compact
            def __call__(self, logits):
                u = jax.random.uniform(self.make_rng("gumbel"), logits.shape, minval=1e-6, maxval=1.0)
                return jax.nn.softmax(logits - jnp.log(-jnp.log(u)))

        class Prior(nn.Module):
            def setup(self):
                self.logits = self.param("logits", nn.initializers.normal(1.0), (4, 8))
                self.quantizer = Gumbel()

            def draw(self):
                return self.quantizer(self.logits)

            def mode(self):
                return jax.nn.one_hot(jnp.argmax(self.logits, -1), 8)

        class Model(nn.Module):
            def setup(self):
                self.prior = Prior()

            def __call__(self):
                return self.prior.draw()

            def sample(self, n: int):
                return jax.lax.scan(lambda c, _: (c, self.prior.mode()), None, None, length=n)[1]
        """,
        [],
    ),
    Case(
        "NNX: a key drawn once before the loop, handed to a held module whose `__call__` samples from it",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class GumbelSoftmax(nnx.Module):
            def __call__(self, logits, key):
                g = -jnp.log(-jnp.log(jax.random.uniform(key, logits.shape, minval=1e-6, maxval=1.0)))
                return jax.nn.softmax(logits + g)

        class SkillPrior(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.logits = nnx.Param(jnp.zeros(4))
                self.gumbel = GumbelSoftmax()
                self.rngs = rngs

            def sample_plan(self, horizon):
                key = self.rngs.gumbel()
                def body(t, _):
                    return t + 1, self.gumbel(self.logits[...], key)
                return jax.lax.scan(body, 0, None, length=horizon)[1]
        """,
        ["20:57 SCN103"],
    ),
    Case(
        "NNX, not flagged: the same module given the key folded with the step",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class GumbelSoftmax(nnx.Module):
            def __call__(self, logits, key):
                g = -jnp.log(-jnp.log(jax.random.uniform(key, logits.shape, minval=1e-6, maxval=1.0)))
                return jax.nn.softmax(logits + g)

        class SkillPrior(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.logits = nnx.Param(jnp.zeros(4))
                self.gumbel = GumbelSoftmax()
                self.rngs = rngs

            def sample_plan(self, horizon):
                key = self.rngs.gumbel()
                def body(t, _):
                    return t + 1, self.gumbel(self.logits[...], jax.random.fold_in(key, t))
                return jax.lax.scan(body, 0, None, length=horizon)[1]
        """,
        [],
    ),
    Case(
        "nn.Dropout constructed in the body, and one from setup called in the body",
        """
        import flax.linen as nn
        from jax import lax

        class DropRNN(nn.Module):
            train: bool

            def setup(self):
                self.cell = nn.Dense(4)
                self.drop = nn.Dropout(0.5)

            @nn.compact
            def __call__(self, xs):
                first = self.cell(xs[0])
                def step(c, x):
                    c = nn.Dropout(0.1, deterministic=not self.train)(self.cell(c))
                    return self.drop(c, deterministic=not self.train) + x, None
                return lax.scan(step, first, xs)
        """,
        ["16:17 SCN103", "17:20 SCN103"],
    ),
    Case(
        "compact local nn.Dropout built outside the body, called inside",
        """
        import flax.linen as nn
        from jax import lax

        class LocalDrop(nn.Module):
            @nn.compact
            def __call__(self, xs):
                drop = nn.Dropout(0.2, deterministic=False)
                def step(c, x):
                    return drop(c) + x, None
                return lax.scan(step, xs[0], xs)
        """,
        ["10:20 SCN103"],
    ),
    Case(
        "closed-over key in plain jax code, from jax import random",
        """
        from jax import lax, random

        def noisy_walk(key, xs):
            def step(c, x):
                return c + random.normal(key, c.shape) + x, None
            return lax.scan(step, xs[0], xs)
        """,
        ["6:34 SCN103"],
    ),
    Case(
        "closed-over key split without the step, and folded with a constant",
        """
        import jax

        def walk(rng, xs):
            def step(c, x):
                k1, k2 = jax.random.split(rng)
                k3 = jax.random.fold_in(rng, 0)
                return c + jax.random.uniform(k2) + jax.random.uniform(k3) + x, None
            return jax.lax.scan(step, 0.0, xs)
        """,
        ["6:35 SCN103", "7:33 SCN103"],
    ),
    Case(
        "a key fixed with partial, and a key drawn with make_rng outside the body",
        """
        from functools import partial
        import flax.linen as nn
        import jax

        def step(c, x, key):
            return c + jax.random.normal(key, c.shape) * x, None

        def run(key, xs):
            return jax.lax.scan(partial(step, key=key), xs[0], xs)

        class Noise(nn.Module):
            @nn.compact
            def __call__(self, xs):
                key = self.make_rng("noise")
                def body(c, x):
                    return c + jax.random.bernoulli(key, 0.5, c.shape) * x, None
                return jax.lax.scan(body, xs[0], xs)
        """,
        ["7:34 SCN103", "17:45 SCN103"],
    ),
    Case(
        "a same-file submodule that uses dropout, called before the scan and inside it",
        """
        import flax.linen as nn
        from jax import lax

        class Block(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dropout(0.1, deterministic=False)(nn.Dense(4)(x))

        class Stack(nn.Module):
            def setup(self):
                self.block = Block()

            def __call__(self, xs):
                first = self.block(xs[0])
                def step(c, x):
                    return self.block(c) + x, None
                return lax.scan(step, first, xs)
        """,
        ["17:20 SCN103"],
    ),
    Case(
        "a module-level key used by a helper the body calls",
        """
        import jax

        KEY = jax.random.key(0)

        def jitter(x):
            return x + 0.01 * jax.random.normal(KEY, x.shape)

        def run(xs):
            def step(c, x):
                return jitter(c) + x, None
            return jax.lax.scan(step, xs[0], xs)
        """,
        ["7:41 SCN103"],
    ),
    Case(
        "import jax.random as jr, a key closed over by a lambda body",
        """
        import jax.random as jr
        from jax import lax

        def shuffle_each(key, xs):
            return lax.scan(lambda c, x: (c, jr.permutation(key, x)), 0, xs)
        """,
        ["6:53 SCN103"],
    ),
    Case(
        "not flagged: keys carried, given as xs, folded or indexed with the step",
        """
        import jax
        import jax.numpy as jnp

        def carried(key, xs):
            def step(carry, x):
                key, h = carry
                key, sub = jax.random.split(key)
                return (key, h + jax.random.normal(sub, h.shape) + x), None
            return jax.lax.scan(step, (key, xs[0]), xs)

        def as_xs(key, xs):
            def step(h, k):
                return h + jax.random.normal(k, h.shape), None
            return jax.lax.scan(step, xs[0], jax.random.split(key, xs.shape[0]))

        def folded(key, n):
            def step(h, t):
                return h + jax.random.normal(jax.random.fold_in(key, t), h.shape), None
            return jax.lax.scan(step, jnp.zeros(3), jnp.arange(n))

        def indexed(key, n):
            def step(h, t):
                keys = jax.random.split(key, n)
                direct = jax.random.split(key, n)[t]
                return h + jax.random.normal(keys[t], h.shape) + jax.random.normal(direct), None
            return jax.lax.scan(step, jnp.zeros(3), jnp.arange(n))
        """,
        [],
    ),
    Case(
        "not flagged: deterministic dropout, keys split outside with make_rng, nn.scan",
        """
        import flax.linen as nn
        import jax

        class Clean(nn.Module):
            @nn.compact
            def __call__(self, xs):
                keys = jax.random.split(self.make_rng("noise"), xs.shape[0])
                def step(c, inputs):
                    x, key = inputs
                    c = nn.Dropout(0.5, deterministic=True)(c)
                    c = nn.Dropout(0.5)(c, deterministic=True)
                    return c + jax.random.normal(key, c.shape) * x, None
                final, _ = jax.lax.scan(step, xs[0], (xs, keys))
                lifted = nn.scan(
                    lambda mdl, c, x: (nn.Dropout(0.1, deterministic=False)(c), None),
                    split_rngs={"dropout": True},
                )
                return lifted(self, final, xs)
        """,
        [],
    ),
    Case(
        "not flagged: a dropout given a per-step key from xs",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Noisy(nn.Module):
            @nn.compact
            def __call__(self, xs):
                drop = nn.Dropout(0.5, deterministic=False)
                keys = jax.random.split(self.make_rng("dropout"), xs.shape[0])
                def step(h, inputs):
                    x, key = inputs
                    return h + drop(x, rng=key), h
                return jax.lax.scan(step, jnp.zeros(xs.shape[1:]), (xs, keys))
        """,
        [],
    ),
    Case(
        "NNX: a closed-over key given to the model as `rngs=` at every step (MC dropout)",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Regressor(nnx.Module):
            def __init__(self, rngs):
                self.fc = nnx.Linear(3, 8, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def __call__(self, x, *, rngs=None):
                return self.drop(self.fc(x), rngs=rngs)

        def predict_mc(model, x, key, n_samples=6):
            def body(carry, _):
                return carry, model(x, rngs=key)
            return jax.lax.scan(body, None, None, length=n_samples)[1]

        def main():
            return predict_mc(Regressor(nnx.Rngs(0)), jnp.ones((4, 3)), jax.random.key(5))
        """,
        ["16:37 SCN103"],
    ),
    Case(
        "NNX, not flagged: the key for `rngs=` comes from the step (`xs` keys, `fold_in` with the index)",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def predict_mc(model, x, key, n):
            def body(carry, step_key):
                return carry, model(x, rngs=step_key)
            def indexed(carry, i):
                return carry, model(x, rngs=jax.random.fold_in(key, i))
            a = jax.lax.scan(body, None, jax.random.split(key, n))
            b = jax.lax.scan(indexed, None, jnp.arange(n))
            return a, b
        """,
        [],
    ),
    Case(
        "NNX: a fresh `nnx.Rngs` with a constant seed built in a helper the body calls, drawn from",
        """
        import jax
        from flax import nnx

        def sample_latent(shape, seed=0):
            rngs = nnx.Rngs(sample=seed)
            return jax.random.normal(rngs.sample(), shape)

        def main():
            def body(carry, _):
                z = sample_latent((4,))
                return carry, z
            return jax.lax.scan(body, None, None, length=5)
        """,
        ["6:12 SCN103"],
    ),
    Case(
        "NNX, not flagged: a fresh `nnx.Rngs` built in the body from the per-step key, given to a Dropout",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def main():
            drop = nnx.Dropout(0.5)
            def body(carry, key):
                rngs = nnx.Rngs(dropout=key)
                return carry, drop(carry, rngs=rngs)
            def helper_seeded(seed):
                return jax.random.normal(nnx.Rngs(seed).noise(), (2,))
            def body2(carry, key):
                return carry, helper_seeded(key)
            keys = jax.random.split(jax.random.key(0), 4)
            noise = jax.lax.scan(body2, None, keys)[1]
            return jax.lax.scan(body, jnp.ones(3), keys)[1], noise
        """,
        [],
    ),
    Case(
        "NNX: `nnx.clone` of an outside model that holds dropout streams, called in the body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class DenoisingAE(nnx.Module):
            def __init__(self, *, rngs: nnx.Rngs):
                self.corrupt = nnx.Dropout(0.4, rngs=rngs)
                self.enc = nnx.Linear(6, 3, rngs=rngs)

            def __call__(self, x):
                return self.enc(self.corrupt(x))

        def encode_frames(model, frames):
            def body(carry, frame):
                m = nnx.clone(model)
                return carry, m(frame)
            return jax.lax.scan(body, 0.0, frames)

        def main():
            return encode_frames(DenoisingAE(rngs=nnx.Rngs(params=0, dropout=1)), jnp.ones((4, 6)))
        """,
        ["16:13 SCN103"],
    ),
    Case(
        "NNX: `nnx.merge(graphdef, state, copy=True)` in the body from state split outside and closed over, with dropout streams",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Denoiser(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.dense = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.2, rngs=rngs)

            def __call__(self, x):
                return self.drop(self.dense(x))

        def sample(xs):
            graphdef, params = nnx.split(Denoiser(nnx.Rngs(0)))
            def body(carry, x):
                net = nnx.merge(graphdef, params, copy=True)
                return carry, net(x)
            return jax.lax.scan(body, 0.0, xs)[1]
        """,
        ["17:15 SCN103"],
    ),
    Case(
        "NNX, not flagged: a copied merge of carried state, or of a model without randomness",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Denoiser(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.dense = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.2, rngs=rngs)

            def __call__(self, x):
                return self.drop(self.dense(x))

        def sample(xs):
            graphdef, params = nnx.split(Denoiser(nnx.Rngs(0)))
            def body(state, x):
                net = nnx.merge(graphdef, state, copy=True)
                y = net(x)
                return nnx.state(net), y
            return jax.lax.scan(body, params, xs)[1]

        def project(xs):
            graphdef, params = nnx.split(nnx.Linear(4, 4, rngs=nnx.Rngs(0)))
            def body(carry, x):
                return carry, nnx.merge(graphdef, params, copy=True)(x)
            return jax.lax.scan(body, 0.0, xs)[1]
        """,
        [],
    ),
    Case(
        "NNX: a same-file helper returns a fresh `nnx.Rngs` seeded the same at every step, handed to the model in the body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def make_rngs(seed):
            return nnx.Rngs(dropout=seed)

        class Block(nnx.Module):
            def __init__(self, rngs):
                self.fc = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.3)

            def __call__(self, x, *, rngs=None):
                return self.drop(self.fc(x), deterministic=False, rngs=rngs)

        def mc_predict(model, x, seed):
            def body(carry, _):
                return carry, model(x, rngs=make_rngs(seed))
            return jax.lax.scan(body, None, None, length=5)[1]
        """,
        ["7:12 SCN103"],
    ),
    Case(
        "NNX, not flagged: the same helper given a per-step key",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def make_rngs(seed):
            return nnx.Rngs(dropout=seed)

        class Block(nnx.Module):
            def __init__(self, rngs):
                self.fc = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.3)

            def __call__(self, x, *, rngs=None):
                return self.drop(self.fc(x), deterministic=False, rngs=rngs)

        def mc_predict(model, x, seed):
            def body(carry, key):
                return carry, model(x, rngs=make_rngs(key))
            return jax.lax.scan(body, None, jax.random.split(jax.random.key(seed), 5), length=5)[1]
        """,
        [],
    ),
    Case(
        "NNX, not flagged: `nnx.clone` of an outside model without randomness",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def encode_frames(frames):
            model = nnx.Linear(6, 3, rngs=nnx.Rngs(0))
            def body(carry, frame):
                m = nnx.clone(model)
                return carry, m(frame)
            return jax.lax.scan(body, 0.0, frames)
        """,
        [],
    ),
    Case(
        "`make_rng` of a submodule a module-level factory's step is given (`diffusion.make_rng`)",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Diffusion(nn.Module):
            @nn.compact
            def __call__(self, z):
                return nn.sigmoid(nn.Dense(z.shape[-1])(z))

        def make_em_step(diffusion, dt):
            def em_step(z, t):
                dw = jnp.sqrt(dt) * jax.random.normal(diffusion.make_rng("brownian"), z.shape)
                return z + diffusion(z) * dw, dw
            return em_step

        class LatentSDE(nn.Module):
            def setup(self):
                self.diffusion = Diffusion()

            def __call__(self, z0):
                return self.diffusion(z0)

            def integrate(self, z0):
                step = make_em_step(self.diffusion, 0.1)
                return jax.lax.scan(step, z0, jnp.arange(5))[1]
        """,
        ["13:47 SCN103"],
    ),
    Case(
        "not flagged: the factory's step takes per-step keys from `xs` and never calls `make_rng`",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Diffusion(nn.Module):
            @nn.compact
            def __call__(self, z):
                return nn.sigmoid(nn.Dense(z.shape[-1])(z))

        def make_em_step(diffusion, dt):
            def em_step(z, key):
                dw = jnp.sqrt(dt) * jax.random.normal(key, z.shape)
                return z + diffusion(z) * dw, dw
            return em_step

        class LatentSDE(nn.Module):
            def setup(self):
                self.diffusion = Diffusion()

            def __call__(self, z0):
                return self.diffusion(z0)

            def integrate(self, z0):
                step = make_em_step(self.diffusion, 0.1)
                keys = jax.random.split(self.diffusion.make_rng("brownian"), 5)
                return jax.lax.scan(step, z0, keys)[1]
        """,
        [],
    ),
    Case(
        "NNX: `nnx.Rngs(gibbs=cfg.seed)` built in every sweep and handed positionally to the model's sampling methods",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class RBM(nnx.Module):
            def __init__(self, rngs):
                self.W = nnx.Param(jax.random.normal(rngs.params(), (6, 4)))

            def sample_h(self, v, rngs):
                return jax.random.bernoulli(rngs.gibbs(), jax.nn.sigmoid(v @ self.W[...])).astype(jnp.float32)

        def gibbs_chain(rbm, v0, cfg):
            def sweep(v, _):
                rngs = nnx.Rngs(gibbs=cfg.seed)
                h = rbm.sample_h(v, rngs)
                return v, h
            return jax.lax.scan(sweep, v0, None, length=cfg.sweeps)[1]
        """,
        ["15:16 SCN103"],
    ),
    Case(
        "NNX, not flagged: the sweep's Rngs comes from the per-step key and is handed on positionally",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class RBM(nnx.Module):
            def __init__(self, rngs):
                self.W = nnx.Param(jax.random.normal(rngs.params(), (6, 4)))

            def sample_h(self, v, rngs):
                return jax.random.bernoulli(rngs.gibbs(), jax.nn.sigmoid(v @ self.W[...])).astype(jnp.float32)

        def gibbs_chain(rbm, v0, keys):
            def sweep(v, key):
                h = rbm.sample_h(v, nnx.Rngs(gibbs=key))
                return v, h
            return jax.lax.scan(sweep, v0, keys)[1]
        """,
        [],
    ),
    Case(
        "NNX: a key drawn before the scan, passed by the body to a helper that hands it on to another helper drawing from it",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Sampler:
            def __init__(self, seed):
                self.rngs = nnx.Rngs(noise=seed)

            def _noise_like(self, x, key):
                return jax.random.normal(key, x.shape)

            def _refine(self, x, t, key):
                noise = self._noise_like(x, key)
                return 0.9 * x + 0.1 * noise, noise

            def sample(self, x):
                key = self.rngs.noise()
                def body(x, t):
                    return self._refine(x, t, key)
                return jax.lax.scan(body, x, jnp.arange(5))

        def main():
            return Sampler(3).sample(jnp.ones(4))[1]
        """,
        ["20:39 SCN103"],
    ),
    Case(
        "not flagged: the middle helper folds the step into the key before handing it on",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Sampler:
            def __init__(self, seed):
                self.rngs = nnx.Rngs(noise=seed)

            def _noise_like(self, x, key):
                return jax.random.normal(key, x.shape)

            def _refine(self, x, t, key):
                noise = self._noise_like(x, jax.random.fold_in(key, t))
                return 0.9 * x + 0.1 * noise, noise

            def sample(self, x):
                key = self.rngs.noise()
                def body(x, t):
                    return self._refine(x, t, key)
                return jax.lax.scan(body, x, jnp.arange(5))

        def main():
            return Sampler(3).sample(jnp.ones(4))[1]
        """,
        [],
    ),
    Case(
        "not flagged: a submodule's Dropout is given its key at the call (`rng=`), a per-step key the body splits off",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Encoder(nn.Module):
            @nn.compact
            def __call__(self, x, dropout_rng=None):
                x = nn.relu(nn.Dense(8)(x))
                if dropout_rng is not None:
                    x = nn.Dropout(0.25, deterministic=False)(x, rng=dropout_rng)
                return nn.Dense(3)(x)

        class Classifier(nn.Module):
            def setup(self):
                self.encoder = Encoder()

            def __call__(self, x):
                return self.encoder(x)

            def mc_samples(self, x, key):
                def body(key, _):
                    key, sub = jax.random.split(key)
                    return key, self.encoder(x, dropout_rng=sub)
                return jax.lax.scan(body, key, None, length=4)[1]
        """,
        [],
    ),
    Case(
        "a submodule's Dropout given no key at the call draws from `make_rng`, the same at every step",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Encoder(nn.Module):
            @nn.compact
            def __call__(self, x, train=False):
                x = nn.relu(nn.Dense(8)(x))
                x = nn.Dropout(0.25, deterministic=not train)(x)
                return nn.Dense(3)(x)

        class Classifier(nn.Module):
            def setup(self):
                self.encoder = Encoder()

            def __call__(self, x):
                return self.encoder(x)

            def mc_samples(self, x):
                def body(c, _):
                    return c, self.encoder(x, train=True)
                return jax.lax.scan(body, 0, None, length=4)[1]
        """,
        ["22:23 SCN103"],
    ),
    Case(
        "NNX: a held forcing module's method, called through the emulator's step in the scan body, builds `nnx.Rngs` from its configured seed at every call",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Forcing(nnx.Module):
            def __init__(self, seed):
                self.seed = seed

            def sample(self, shape):
                rngs = nnx.Rngs(forcing=self.seed)
                return jax.random.normal(rngs.forcing(), shape)

        class Emulator(nnx.Module):
            def __init__(self, rngs):
                self.core = nnx.Linear(3, 3, rngs=rngs)
                self.forcing = Forcing(0)

            def step(self, u):
                return jnp.tanh(self.core(u)) + 0.1 * self.forcing.sample(u.shape)

        def rollout(emulator, u0, n):
            def body(u, _):
                u = emulator.step(u)
                return u, u
            return jax.lax.scan(body, u0, None, length=n)[1]

        def main():
            return rollout(Emulator(nnx.Rngs(0)), jnp.ones(3), 4)
        """,
        ["24:13 SCN103"],
    ),
    Case(
        "not flagged: the forcing module draws from streams it keeps, carried as state, or from the key it is given",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Forcing(nnx.Module):
            def sample(self, shape, key):
                rngs = nnx.Rngs(forcing=key)
                return jax.random.normal(rngs.forcing(), shape)

        class Emulator(nnx.Module):
            def __init__(self, rngs):
                self.core = nnx.Linear(3, 3, rngs=rngs)
                self.forcing = Forcing()

            def step(self, u, key):
                return jnp.tanh(self.core(u)) + 0.1 * self.forcing.sample(u.shape, key)

        def rollout(emulator, u0, keys):
            def body(u, key):
                u = emulator.step(u, key)
                return u, u
            return jax.lax.scan(body, u0, keys)[1]

        def main():
            return rollout(Emulator(nnx.Rngs(0)), jnp.ones(3), jax.random.split(jax.random.key(0), 4))
        """,
        [],
    ),
    Case(
        "a method that runs a raw scan over the step function its caller passes (`self._reverse(x, step_fn)`), given a partial of a method drawing `make_rng`",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Sampler(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dense(2)(x)

            def _noise(self, like):
                return jax.random.normal(self.make_rng("noise"), like.shape)

            def _step(self, x, t, *, scale):
                z = self._noise(x)
                return x + scale * z, z

            def _reverse(self, x_T, step_fn):
                return jax.lax.scan(lambda x, t: step_fn(x, t), x_T, jnp.arange(4))

            def sample(self, x_T):
                return self._reverse(x_T, functools.partial(self._step, scale=0.1))

        def main():
            model = Sampler()
            variables = model.init(jax.random.key(0), jnp.ones((3, 2)))
            return model.apply(variables, jnp.ones((3, 2)), method=Sampler.sample, rngs={"noise": jax.random.key(1)})
        """,
        ["14:34 SCN103"],
    ),
    Case(
        "not flagged: the same method wrapper when the step folds the step index into its key",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Sampler(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dense(2)(x)

            def _step(self, x, t, *, scale):
                z = jax.random.normal(jax.random.fold_in(self.make_rng("noise"), t), x.shape)
                return x + scale * z, z

            def _reverse(self, x_T, step_fn):
                return jax.lax.scan(lambda x, t: step_fn(x, t), x_T, jnp.arange(4))

            def sample(self, x_T):
                return self._reverse(x_T, functools.partial(self._step, scale=0.1))

        def main():
            model = Sampler()
            variables = model.init(jax.random.key(0), jnp.ones((3, 2)))
            return model.apply(variables, jnp.ones((3, 2)), method=Sampler.sample, rngs={"noise": jax.random.key(1)})
        """,
        [],
    ),
    Case(
        "not flagged: a helper draws from `make_rng` only when it is given no key (`key = self.make_rng('fire') if key is None else key`), and the scan body always passes the step's key",
        """
        import jax
        import flax.linen as nn

        class Automaton(nn.Module):
            def _mask(self, key=None):
                key = self.make_rng("fire") if key is None else key
                return jax.random.bernoulli(key, 0.5, (4,))

            def update(self, grid, key=None):
                return grid * self._mask(key)

            def __call__(self, grid):
                return self.update(grid)

            def grow(self, grid, steps):
                keys = jax.random.split(self.make_rng("fire"), steps)
                return jax.lax.scan(lambda g, k: (self.update(g, k), None), grid, keys)
        """,
        [],
    ),
    Case(
        "the same helper when the scan body passes no key, and when the scan is given no xs (`k` is None at every step)",
        """
        import jax
        import flax.linen as nn

        class Automaton(nn.Module):
            def _mask(self, key=None):
                key = self.make_rng("fire") if key is None else key
                return jax.random.bernoulli(key, 0.5, (4,))

            def update(self, grid, key=None):
                return grid * self._mask(key)

            def __call__(self, grid):
                return self.update(grid)

            def grow(self, grid, steps):
                return jax.lax.scan(lambda g, k: (self.update(g), None), grid, None, length=steps)

            def grow_keyless(self, grid, steps):
                return jax.lax.scan(lambda g, k: (self.update(g, k), None), grid, None, length=steps)
        """,
        ["7:15 SCN103"],
    ),
    Case(
        "`functools.partial(model.apply, variables, method=...)` made by a sampler factory, called in the scan body with `rngs={'noise': rng}` closed over",
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class ScoreNet(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dense(2)(x)

            def langevin_update(self, x, step_size):
                noise = jax.random.normal(self.make_rng("noise"), x.shape)
                return x + step_size * self(x) + noise

        def make_sampler(model, params):
            update = functools.partial(model.apply, {"params": params}, method=ScoreNet.langevin_update)

            def sample(x0, rng, steps):
                def body(x, _):
                    x = update(x, 0.01, rngs={"noise": rng})
                    return x, x
                return jax.lax.scan(body, x0, None, length=steps)

            return sample

        def main(x0):
            model = ScoreNet()
            sample = make_sampler(model, model.init(jax.random.key(0), x0)["params"])
            return sample(x0, jax.random.key(1), 5)
        """,
        ["22:38 SCN103"],
    ),
    Case(
        "not flagged: the same sampler when the key is folded in with the step",
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class ScoreNet(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dense(2)(x)

            def langevin_update(self, x, step_size):
                noise = jax.random.normal(self.make_rng("noise"), x.shape)
                return x + step_size * self(x) + noise

        def make_sampler(model, params):
            update = functools.partial(model.apply, {"params": params}, method=ScoreNet.langevin_update)

            def sample(x0, rng, steps):
                def body(x, t):
                    x = update(x, 0.01, rngs={"noise": jax.random.fold_in(rng, t)})
                    return x, x
                return jax.lax.scan(body, x0, jnp.arange(steps))

            return sample

        def main(x0):
            model = ScoreNet()
            sample = make_sampler(model, model.init(jax.random.key(0), x0)["params"])
            return sample(x0, jax.random.key(1), 5)
        """,
        [],
    ),
    Case(
        "NNX: a key drawn once from the agent's Rngs by a rollout factory and handed each step to the agent's method, which draws noise from it",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Actor(nnx.Module):
            def __init__(self, rngs):
                self.linear = nnx.Linear(4, 2, rngs=rngs)
                self.rngs = rngs

            def sample_action(self, obs, key):
                mean = self.linear(obs)
                return mean + jax.random.normal(key, mean.shape)

        def make_rollout(agent, steps):
            action_key = agent.rngs.action()

            def env_step(obs, _):
                action = agent.sample_action(obs, action_key)
                return obs * 0.9, action

            def rollout(obs):
                return jax.lax.scan(env_step, obs, None, length=steps)

            return rollout

        def main():
            rollout = make_rollout(Actor(nnx.Rngs(params=0, action=1)), 5)
            return rollout(jnp.ones(4))
        """,
        ["19:43 SCN103"],
    ),
    Case(
        "not flagged: the same rollout when the step is folded into the key",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Actor(nnx.Module):
            def __init__(self, rngs):
                self.linear = nnx.Linear(4, 2, rngs=rngs)
                self.rngs = rngs

            def sample_action(self, obs, key):
                mean = self.linear(obs)
                return mean + jax.random.normal(key, mean.shape)

        def make_rollout(agent, steps):
            action_key = agent.rngs.action()

            def env_step(obs, t):
                action = agent.sample_action(obs, jax.random.fold_in(action_key, t))
                return obs * 0.9, action

            def rollout(obs):
                return jax.lax.scan(env_step, obs, jnp.arange(steps))

            return rollout

        def main():
            rollout = make_rollout(Actor(nnx.Rngs(params=0, action=1)), 5)
            return rollout(jnp.ones(4))
        """,
        [],
    ),
    Case(
        "not flagged: a setup submodule's method folds the scan step the body passes into its `make_rng` key (`fold_in(self.make_rng('sample'), step)`, also through a name)",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Base(nn.Module):
            def sample(self, batch, step):
                key = jax.random.fold_in(self.make_rng("sample"), step)
                return jax.random.normal(key, (batch, 2))

            def jitter(self, z, step):
                key = self.make_rng("sample")
                return z + jax.random.normal(jax.random.fold_in(key, step), z.shape)

        class Flow(nn.Module):
            def setup(self):
                self.base = Base()
                self.proj = nn.Dense(2)

            def __call__(self, x):
                return self.proj(x)

            def sample_chain(self, n, batch):
                def body(carry, step):
                    return carry, self.proj(self.base.jitter(self.base.sample(batch, step), step))
                return jax.lax.scan(body, None, jnp.arange(n))
        """,
        [],
    ),
    Case(
        "the same submodule method when the body passes a constant step: one key for every step",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Base(nn.Module):
            def sample(self, batch, step):
                key = jax.random.fold_in(self.make_rng("sample"), step)
                return jax.random.normal(key, (batch, 2))

        class Flow(nn.Module):
            def setup(self):
                self.base = Base()
                self.proj = nn.Dense(2)

            def __call__(self, x):
                return self.proj(x)

            def sample_chain(self, n, batch):
                def body(carry, _):
                    return carry, self.proj(self.base.sample(batch, 0))
                return jax.lax.scan(body, None, jnp.arange(n))
        """,
        ["21:37 SCN103"],
    ),
    Case(
        "not flagged: `if key is None: key = self.make_rng('sample')` in a method the scan body runs with a key it splits from its carry (`key, sub = jax.random.split(key)`)",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Imagination(nn.Module):
            @nn.compact
            def __call__(self, h, key=None):
                if key is None:
                    key = self.make_rng("sample")
                return nn.Dense(4)(h) + jax.random.normal(key, h.shape)

            def imagine(self, h0, steps):
                def step(carry, _):
                    h, key = carry
                    key, sub = jax.random.split(key)
                    h = self(h, sub)
                    return (h, key), h
                return jax.lax.scan(step, (h0, self.make_rng("sample")), None, length=steps)
        """,
        [],
    ),
    Case(
        "the same method when the scan body passes no key: it draws `make_rng` while the scan traces",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Imagination(nn.Module):
            @nn.compact
            def __call__(self, h, key=None):
                if key is None:
                    key = self.make_rng("sample")
                return nn.Dense(4)(h) + jax.random.normal(key, h.shape)

            def imagine(self, h0, steps):
                def step(h, _):
                    h = self(h)
                    return h, h
                return jax.lax.scan(step, h0, None, length=steps)
        """,
        ["10:19 SCN103"],
    ),
    Case(
        "a method of a module bound with fixed `rngs=` that draws (`make_rng` or a train-mode Dropout), called in the body: through a name, or a plain object's attribute",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Decoder(nn.Module):
            @nn.compact
            def __call__(self, x, train=False):
                return nn.Dropout(0.2, deterministic=not train)(nn.Dense(3)(x))

            def sample(self, x):
                y = self(x)
                return y + jax.random.normal(self.make_rng("sample"), y.shape)

        def generate(model, variables):
            bound = model.bind(variables, rngs={"sample": jax.random.key(0)})

            def step(x, _):
                x = bound.sample(x)
                return x, x

            return jax.lax.scan(step, jnp.zeros(3), None, length=4)

        class Sampler:
            def __init__(self, model, variables, seed):
                self.bound = model.bind(variables, rngs={"dropout": jax.random.key(seed)})

            def _step(self, x, _):
                x = self.bound(x, train=True)
                return x, x

            def run(self):
                return jax.lax.scan(self._step, jnp.zeros(3), None, length=4)

        def main(variables):
            generate(Decoder(), variables)
            return Sampler(Decoder(), variables, seed=1).run()
        """,
        ["19:13 SCN103", "29:13 SCN103"],
    ),
    Case(
        "not flagged: a bound module whose run draws nothing (Dropout off), or a fresh binding each step with a key folded with the step",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Decoder(nn.Module):
            @nn.compact
            def __call__(self, x, train=False):
                return nn.Dropout(0.2, deterministic=not train)(nn.Dense(3)(x))

            def sample(self, x):
                y = self(x)
                return y + jax.random.normal(self.make_rng("sample"), y.shape)

        def generate(model, variables, key):
            def step(x, t):
                bound = model.bind(variables, rngs={"sample": jax.random.fold_in(key, t)})
                x = bound.sample(x)
                return x, x

            return jax.lax.scan(step, jnp.zeros(3), jnp.arange(4))

        class Evaluator:
            def __init__(self, model, variables):
                self.bound = model.bind(variables, rngs={"dropout": jax.random.key(0)})

            def _step(self, x, _):
                x = self.bound(x)
                return x, x

            def run(self):
                return jax.lax.scan(self._step, jnp.zeros(3), None, length=4)

        def main(variables):
            generate(Decoder(), variables, jax.random.key(1))
            return Evaluator(Decoder(), variables).run()
        """,
        [],
    ),
    Case(
        "a module bound with fixed `rngs=` handed to a module-level rollout whose scan body calls its drawing method; not flagged when the rollout is handed per-step keys instead",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Policy(nn.Module):
            @nn.compact
            def __call__(self, obs):
                return nn.Dense(2)(obs)

            def act(self, obs):
                mu = self(obs)
                return mu + jax.random.normal(self.make_rng("explore"), mu.shape)

        def rollout(policy, obs0, horizon):
            def body(obs, _):
                action = policy.act(obs)
                return obs + action, action
            return jax.lax.scan(body, obs0, None, length=horizon)

        def act_with(model, params, obs0, keys):
            def body(obs, key):
                action = model.apply(params, obs, method=Policy.act, rngs={"explore": key})
                return obs + action, action
            return jax.lax.scan(body, obs0, keys)

        def main():
            model = Policy()
            obs0 = jnp.zeros(2)
            params = model.init(jax.random.key(0), obs0)
            policy = model.bind(params, rngs={"explore": jax.random.key(3)})
            rollout(policy, obs0, 5)
            return act_with(model, params, obs0, jax.random.split(jax.random.key(1), 5))
        """,
        ["17:18 SCN103"],
    ),
    Case(
        "`functools.partial` fixes the key a step function gives `apply(..., rngs=)`: the step given to the loop as its body",
        """
        import functools
        import flax.linen as nn
        import jax
        import jax.numpy as jnp
        from jax.lax import fori_loop

        class Denoiser(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dense(2)(x)

            def reverse_step(self, x):
                return self(x) + jax.random.normal(self.make_rng("noise"), x.shape)

        def ddpm_step(model, params, key, i, x):
            return model.apply(params, x, method=Denoiser.reverse_step, rngs={"noise": key})

        def run_sampler(step_fn, x_T):
            return fori_loop(0, 6, step_fn, x_T)

        def main():
            model = Denoiser()
            x_T = jnp.zeros((4, 2))
            params = model.init(jax.random.key(1), x_T)
            step = functools.partial(ddpm_step, model, params, jax.random.key(7))
            return fori_loop(0, 6, step, x_T)
        """,
        ["17:70 SCN103"],
    ),
    Case(
        "`functools.partial` fixes the key a step function gives `apply(..., rngs=)`: the step handed to a loop wrapper called through `jax.jit(wrapper, static_argnums=0)`",
        """
        import functools
        import flax.linen as nn
        import jax
        import jax.numpy as jnp
        from jax.lax import fori_loop

        class Denoiser(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dense(2)(x)

            def reverse_step(self, x):
                return self(x) + jax.random.normal(self.make_rng("noise"), x.shape)

        def ddpm_step(model, params, key, i, x):
            return model.apply(params, x, method=Denoiser.reverse_step, rngs={"noise": key})

        def run_sampler(step_fn, x_T):
            return fori_loop(0, 6, step_fn, x_T)

        def main():
            model = Denoiser()
            x_T = jnp.zeros((4, 2))
            params = model.init(jax.random.key(1), x_T)
            step = functools.partial(ddpm_step, model, params, jax.random.key(7))
            return jax.jit(run_sampler, static_argnums=0)(step, x_T)
        """,
        ["17:70 SCN103"],
    ),
    Case(
        "not flagged: the partial fixes a key the step folds with the loop index before `apply`",
        """
        import functools
        import flax.linen as nn
        import jax
        import jax.numpy as jnp
        from jax.lax import fori_loop

        class Denoiser(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dense(2)(x)

            def reverse_step(self, x):
                return self(x) + jax.random.normal(self.make_rng("noise"), x.shape)

        def ddpm_step(model, params, key, i, x):
            noise = jax.random.fold_in(key, i)
            return model.apply(params, x, method=Denoiser.reverse_step, rngs={"noise": noise})

        def run_sampler(step_fn, x_T):
            return fori_loop(0, 6, step_fn, x_T)

        def main():
            model = Denoiser()
            x_T = jnp.zeros((4, 2))
            params = model.init(jax.random.key(1), x_T)
            step = functools.partial(ddpm_step, model, params, jax.random.key(7))
            fori_loop(0, 6, step, x_T)
            return jax.jit(run_sampler, static_argnums=0)(step, x_T)
        """,
        [],
    ),
    Case(
        "`functools.partial(model.apply, ..., rngs={...})` made by a factory and handed to a module-level loop wrapper that calls it in the body",
        """
        import functools
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class Denoiser(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dense(3)(x)

            def reverse_step(self, x):
                return self(x) + jax.random.normal(self.make_rng("sample"), x.shape)

        def run_loop(step_fn, x, n_steps):
            def body(i, x):
                return step_fn(x)
            return jax.lax.fori_loop(0, n_steps, body, x)

        def make_sampler(model, variables, key):
            step_fn = functools.partial(model.apply, variables, method=Denoiser.reverse_step, rngs={"sample": key})
            return jax.jit(lambda x: run_loop(step_fn, x, 5))

        def main(x):
            model = Denoiser()
            variables = model.init(jax.random.key(0), x)
            return make_sampler(model, variables, jax.random.key(3))(x)
        """,
        ["21:92 SCN103"],
    ),
    Case(
        "not flagged: the wrapper's body gives the partial a key folded with the step",
        """
        import functools
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class Denoiser(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dense(3)(x)

            def reverse_step(self, x):
                return self(x) + jax.random.normal(self.make_rng("sample"), x.shape)

        def run_loop(step_fn, x, n_steps, key):
            def body(i, x):
                return step_fn(x, rngs={"sample": jax.random.fold_in(key, i)})
            return jax.lax.fori_loop(0, n_steps, body, x)

        def make_sampler(model, variables, key):
            step_fn = functools.partial(model.apply, variables, method=Denoiser.reverse_step)
            return jax.jit(lambda x: run_loop(step_fn, x, 5, key))

        def main(x):
            model = Denoiser()
            variables = model.init(jax.random.key(0), x)
            return make_sampler(model, variables, jax.random.key(3))(x)
        """,
        [],
    ),
    Case(
        "nnx: nnx.merge(copy=True) of closed-over state each step, then a method drawing from the copy's own Rngs",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Policy(nnx.Module):
            def __init__(self, rngs):
                self.mu = nnx.Linear(3, 1, rngs=rngs)
                self.rngs = rngs

            def act(self, obs):
                return self.mu(obs) + 0.1 * jax.random.normal(self.rngs.action(), (1,))

            def mean_action(self, obs):
                return self.mu(obs)

        def make_rollout(policy, horizon):
            graphdef, state = nnx.split(policy)

            def rollout(obs0):
                def env_step(obs, _):
                    pi = nnx.merge(graphdef, state, copy=True)
                    action = pi.act(obs)
                    return jnp.tanh(obs + action), action
                return jax.lax.scan(env_step, obs0, None, length=horizon)

            return rollout

        def main():
            policy = Policy(nnx.Rngs(params=0, action=1))
            return jax.jit(make_rollout(policy, 5))(jnp.zeros((2, 3)))
        """,
        ['22:18 SCN103'],
    ),
    Case(
        'nnx negative: the copy merged each step only runs a method that draws nothing',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Policy(nnx.Module):
            def __init__(self, rngs):
                self.mu = nnx.Linear(3, 1, rngs=rngs)
                self.rngs = rngs

            def act(self, obs):
                return self.mu(obs) + 0.1 * jax.random.normal(self.rngs.action(), (1,))

            def mean_action(self, obs):
                return self.mu(obs)

        def make_rollout(policy, horizon):
            graphdef, state = nnx.split(policy)

            def rollout(obs0):
                def env_step(obs, _):
                    pi = nnx.merge(graphdef, state, copy=True)
                    action = pi.mean_action(obs)
                    return jnp.tanh(obs + action), action
                return jax.lax.scan(env_step, obs0, None, length=horizon)

            return rollout

        def main():
            policy = Policy(nnx.Rngs(params=0, action=1))
            return jax.jit(make_rollout(policy, 5))(jnp.zeros((2, 3)))
        """,
        [],
    ),
    Case(
        'rng: a setup attribute holds a partial of a method that calls make_rng; the fori_loop body calls it',
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Refiner(nn.Module):
            steps: int = 4

            def setup(self):
                self.proj = nn.Dense(3)
                self.noise_fn = functools.partial(self._noise, (2, 3))

            def _noise(self, shape):
                return jax.random.normal(self.make_rng("noise"), shape)

            def __call__(self, x):
                return self.proj(x)

            def refine(self, x, keys):
                def body(i, x):
                    return x + 0.1 * self.noise_fn()
                return jax.lax.fori_loop(0, self.steps, body, x)
        """,
        ['16:34 SCN103'],
    ),
    Case(
        "rng negative: the setup partial's method samples from the per-step key the body passes",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Refiner(nn.Module):
            steps: int = 4

            def setup(self):
                self.proj = nn.Dense(3)
                self.noise_fn = functools.partial(self._noise, (2, 3))

            def _noise(self, shape, key):
                return jax.random.normal(key, shape)

            def __call__(self, x):
                return self.proj(x)

            def refine(self, x, keys):
                def body(i, x):
                    return x + 0.1 * self.noise_fn(keys[i])
                return jax.lax.fori_loop(0, self.steps, body, x)
        """,
        [],
    ),
    Case(
        'rng: an evaluator stores a factory-made partial(model.apply, rngs={...: key}) and calls it every step',
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Decoder(nn.Module):
            @nn.compact
            def __call__(self, z):
                return nn.Dense(4)(z)

            def sample(self, n):
                return self(jax.random.normal(self.make_rng("latent"), (n, 2)))

        def make_sampler(model, variables, key):
            return functools.partial(model.apply, variables, rngs={"latent": key}, method=Decoder.sample)

        class Evaluator:
            def __init__(self, sample_fn, rounds=3):
                self.sample_fn = sample_fn
                self.rounds = rounds

            def collect(self):
                def body(i, total):
                    return total + self.sample_fn(3).sum()
                return jax.lax.fori_loop(0, self.rounds, body, 0.0)

        def main(variables):
            model = Decoder()
            return Evaluator(make_sampler(model, variables, jax.random.key(2))).collect()
        """,
        ['17:59 SCN103'],
    ),
    Case(
        "rng negative: the factory-made partial fixes no key; the evaluator passes a key folded with the step",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Decoder(nn.Module):
            @nn.compact
            def __call__(self, z):
                return nn.Dense(4)(z)

            def sample(self, n):
                return self(jax.random.normal(self.make_rng("latent"), (n, 2)))

        def make_sampler(model, variables, key):
            return functools.partial(model.apply, variables, method=Decoder.sample)

        class Evaluator:
            def __init__(self, sample_fn, rounds=3):
                self.sample_fn = sample_fn
                self.rounds = rounds

            def collect(self):
                def body(i, total):
                    return total + self.sample_fn(3, rngs={"latent": jax.random.fold_in(jax.random.key(0), i)}).sum()
                return jax.lax.fori_loop(0, self.rounds, body, 0.0)

        def main(variables):
            model = Decoder()
            return Evaluator(make_sampler(model, variables, jax.random.key(2))).collect()
        """,
        [],
    ),
    Case(
        "`model.apply(..., rngs={'dropout': key})` with a closed-over key, the Dropout in a block the model builds through `RematBlock = nn.remat(Block)`",
        """
        import jax
        import flax.linen as nn
        from jax import lax

        class Block(nn.Module):
            rate: float

            @nn.compact
            def __call__(self, x, deterministic: bool):
                return nn.Dropout(self.rate)(nn.relu(nn.Dense(8)(x)), deterministic=deterministic)

        class Regressor(nn.Module):
            @nn.compact
            def __call__(self, x, deterministic: bool = True):
                RematBlock = nn.remat(Block, static_argnums=(2,))
                for i in range(2):
                    x = RematBlock(0.3, name=f"block_{i}")(x, deterministic)
                return nn.Dense(1)(x)

        def mc_samples(model, variables, x, key, n):
            def draw(_, __):
                return None, model.apply(variables, x, deterministic=False, rngs={"dropout": key})

            return lax.scan(draw, None, None, length=n)[1]

        def main(x, key):
            model = Regressor()
            variables = model.init(jax.random.key(0), x)
            return mc_samples(model, variables, x, key, 5)
        """,
        ["23:74 SCN103"],
    ),
    Case(
        "NNX: an evaluator draws one key from the `nnx.Rngs` it stores (`key = self.rngs.dropout()`) before the loop; the body hands it to the model as `rngs=`",
        """
        import jax
        from flax import nnx

        class DropoutRegressor(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.l1 = nnx.Linear(5, 16, rngs=rngs)
                self.drop = nnx.Dropout(0.25)

            def __call__(self, x, *, rngs=None):
                return self.drop(self.l1(x), deterministic=False, rngs=rngs)

        class UncertaintyEvaluator:
            def __init__(self, seed):
                self.rngs = nnx.Rngs(dropout=seed)

            def predictive_samples(self, model, x, n):
                key = self.rngs.dropout()

                def draw(carry, _):
                    return carry, model(x, rngs=key)

                return jax.lax.scan(draw, None, None, length=n)[1]

        def main(x):
            return UncertaintyEvaluator(7).predictive_samples(DropoutRegressor(nnx.Rngs(0)), x, 8)
        """,
        ["21:41 SCN103"],
    ),
    Case(
        "`model, params = build(cfg)` in a factory whose step closes over one dropout key; the model runs an inline `nn.remat(Block)` that draws dropout",
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp
        from flax import linen as nn
        from jax.lax import scan

        class Block(nn.Module):
            width: int

            @nn.compact
            def __call__(self, x, train):
                x = nn.Dense(self.width)(x)
                return nn.Dropout(0.5, deterministic=not train)(x)

        class RematMLP(nn.Module):
            width: int = 8

            @nn.compact
            def __call__(self, x, train=False):
                return nn.remat(Block, static_argnums=(2,))(self.width)(x, train)

        @dataclass
        class ModelConfig:
            width: int = 8
            seed: int = 0

        def build(cfg):
            model = RematMLP(width=cfg.width)
            params = model.init(jax.random.key(cfg.seed), jnp.ones((1, cfg.width)))
            return model, params

        def make_probe(cfg):
            model, params = build(cfg)
            dropout_key = jax.random.key(cfg.seed + 1)

            def step(x):
                return model.apply(params, x, train=True, rngs={"dropout": dropout_key})

            return step

        def main():
            cfg = ModelConfig()
            step = make_probe(cfg)
            x = jnp.ones((2, cfg.width))
            return scan(lambda c, _: (c, step(c)), x, None, length=6)[1]
        """,
        ["39:56 SCN103"],
    ),
    Case(
        "not flagged: the same factory folding the step into the dropout key",
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp
        from flax import linen as nn
        from jax.lax import scan

        class Block(nn.Module):
            width: int

            @nn.compact
            def __call__(self, x, train):
                x = nn.Dense(self.width)(x)
                return nn.Dropout(0.5, deterministic=not train)(x)

        class RematMLP(nn.Module):
            width: int = 8

            @nn.compact
            def __call__(self, x, train=False):
                return nn.remat(Block, static_argnums=(2,))(self.width)(x, train)

        @dataclass
        class ModelConfig:
            width: int = 8
            seed: int = 0

        def build(cfg):
            model = RematMLP(width=cfg.width)
            params = model.init(jax.random.key(cfg.seed), jnp.ones((1, cfg.width)))
            return model, params

        def make_probe(cfg):
            model, params = build(cfg)
            dropout_key = jax.random.key(cfg.seed + 1)

            def step(x, t):
                return model.apply(params, x, train=True, rngs={"dropout": jax.random.fold_in(dropout_key, t)})

            return step

        def main():
            cfg = ModelConfig()
            step = make_probe(cfg)
            x = jnp.ones((2, cfg.width))
            return scan(lambda c, t: (c, step(c, t)), x, jnp.arange(6))[1]
        """,
        [],
    ),
    Case(
        "a model zoo dict of lambdas (`ZOO[name]()`) builds the model a loader returns with its variables; a predictor's body applies it with one dropout key every step",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class DropoutMLP(nn.Module):
            hidden: int = 32

            @nn.compact
            def __call__(self, x, deterministic: bool = True):
                x = nn.Dropout(0.2)(nn.relu(nn.Dense(self.hidden)(x)), deterministic=deterministic)
                return nn.Dense(1)(x)

        ZOO = {
            "mlp-small": lambda: DropoutMLP(hidden=16),
            "mlp-base": lambda: DropoutMLP(hidden=32),
        }

        def load_model(name, key, sample):
            model = ZOO[name]()
            return model, model.init(key, sample)

        def mc_samples(name, x, n=8):
            model, variables = load_model(name, jax.random.key(1), x)
            rng = jax.random.key(2)

            def body(carry, _):
                return carry, model.apply(variables, x, deterministic=False, rngs={"dropout": rng})

            return jax.lax.scan(body, None, None, length=n)[1]

        def main():
            return mc_samples("mlp-small", jnp.ones((4, 3)))
        """,
        ["28:75 SCN103"],
    ),
    Case(
        "not flagged: the same zoo model given a key folded with the step",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class DropoutMLP(nn.Module):
            hidden: int = 32

            @nn.compact
            def __call__(self, x, deterministic: bool = True):
                x = nn.Dropout(0.2)(nn.relu(nn.Dense(self.hidden)(x)), deterministic=deterministic)
                return nn.Dense(1)(x)

        ZOO = {
            "mlp-small": lambda: DropoutMLP(hidden=16),
            "mlp-base": lambda: DropoutMLP(hidden=32),
        }

        def load_model(name, key, sample):
            model = ZOO[name]()
            return model, model.init(key, sample)

        def mc_samples(name, x, n=8):
            model, variables = load_model(name, jax.random.key(1), x)
            rng = jax.random.key(2)

            def body(carry, t):
                key = jax.random.fold_in(rng, t)
                return carry, model.apply(variables, x, deterministic=False, rngs={"dropout": key})

            return jax.lax.scan(body, None, jnp.arange(n))[1]

        def main():
            return mc_samples("mlp-small", jnp.ones((4, 3)))
        """,
        [],
    ),
    Case(
        "a model a builder function takes from an annotated decorator registry gets the same dropout key at every step of an estimator's scan",
        """
        from typing import Callable, Dict

        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        BACKBONES: Dict[str, Callable[..., nn.Module]] = {}

        def register(name):
            def add(cls):
                BACKBONES[name] = cls
                return cls
            return add

        @register("noisy_mlp")
        class NoisyMLP(nn.Module):
            rate: float = 0.3

            @nn.compact
            def __call__(self, x, deterministic: bool = False):
                h = nn.Dropout(self.rate)(nn.relu(nn.Dense(16)(x)), deterministic=deterministic)
                return nn.Dense(1)(h)

        def create(name, **overrides):
            return BACKBONES[name](**overrides)

        class Ensemble:
            def __init__(self, model, variables, key):
                self.model = model
                self.variables = variables
                self.key = key

            def predict(self, x, n):
                def draw(carry, _):
                    return carry, self.model.apply(self.variables, x, rngs={"dropout": self.key})

                _, ys = jax.lax.scan(draw, None, None, length=n)
                return ys

        def main():
            model = create("noisy_mlp", rate=0.5)
            x = jnp.ones((3, 4))
            variables = model.init(jax.random.PRNGKey(0), x, deterministic=True)
            return Ensemble(model, variables, jax.random.PRNGKey(1)).predict(x, 4)
        """,
        ["36:68 SCN103"],
    ),
    Case(
        "not flagged: the estimator folds the step into the dropout key of the registry-built model",
        """
        from typing import Callable, Dict

        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        BACKBONES: Dict[str, Callable[..., nn.Module]] = {}

        def register(name):
            def add(cls):
                BACKBONES[name] = cls
                return cls
            return add

        @register("noisy_mlp")
        class NoisyMLP(nn.Module):
            rate: float = 0.3

            @nn.compact
            def __call__(self, x, deterministic: bool = False):
                h = nn.Dropout(self.rate)(nn.relu(nn.Dense(16)(x)), deterministic=deterministic)
                return nn.Dense(1)(h)

        def create(name, **overrides):
            return BACKBONES[name](**overrides)

        class Ensemble:
            def __init__(self, model, variables, key):
                self.model = model
                self.variables = variables
                self.key = key

            def predict(self, x, n):
                def draw(carry, t):
                    key = jax.random.fold_in(self.key, t)
                    return carry, self.model.apply(self.variables, x, rngs={"dropout": key})

                _, ys = jax.lax.scan(draw, None, jnp.arange(n))
                return ys

        def main():
            model = create("noisy_mlp", rate=0.5)
            x = jnp.ones((3, 4))
            variables = model.init(jax.random.PRNGKey(0), x, deterministic=True)
            return Ensemble(model, variables, jax.random.PRNGKey(1)).predict(x, 4)
        """,
        [],
    ),
    Case(
        "a pipeline object's scan body calls the object itself (`self(x)`), whose `__call__` applies a noise module with the key the object stores",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Jitter(nn.Module):
            scale: float = 0.1

            @nn.compact
            def __call__(self, x):
                return x + self.scale * jax.random.normal(self.make_rng("jitter"), x.shape)

        class Augmenter:
            def __init__(self, scale, seed):
                self.module = Jitter(scale)
                self.key = jax.random.PRNGKey(seed)

            def __call__(self, x):
                return self.module.apply({}, x, rngs={"jitter": self.key})

            def views(self, x, n):
                def body(carry, _):
                    return carry, self(x)

                return jax.lax.scan(body, None, None, length=n)[1]

        def main():
            return Augmenter(0.2, 3).views(jnp.ones((2, 3)), 4)
        """,
        ["19:46 SCN103"],
    ),
    Case(
        "not flagged: the object's `__call__` folds the step it is given into the key it stores",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Jitter(nn.Module):
            scale: float = 0.1

            @nn.compact
            def __call__(self, x):
                return x + self.scale * jax.random.normal(self.make_rng("jitter"), x.shape)

        class Augmenter:
            def __init__(self, scale, seed):
                self.module = Jitter(scale)
                self.key = jax.random.PRNGKey(seed)

            def __call__(self, x, t):
                return self.module.apply({}, x, rngs={"jitter": jax.random.fold_in(self.key, t)})

            def views(self, x, n):
                def body(carry, t):
                    return carry, self(x, t)

                return jax.lax.scan(body, None, jnp.arange(n))[1]

        def main():
            return Augmenter(0.2, 3).views(jnp.ones((2, 3)), 4)
        """,
        [],
    ),
    Case(
        "a sampler object draws latents in its scan body from the key its `__init__` took from an nnx.Rngs stream",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Decoder(nnx.Module):
            def __init__(self, rngs):
                self.out = nnx.Linear(4, 2, rngs=rngs)

            def __call__(self, z):
                return self.out(z)

        class Sampler:
            def __init__(self, decoder, rngs):
                self.decoder = decoder
                self.key = rngs.sample()

            def draw(self, n):
                def body(carry, _):
                    z = jax.random.normal(self.key, (3, 4))
                    return carry, self.decoder(z)

                return jax.lax.scan(body, None, None, length=n)[1]

        def main():
            rngs = nnx.Rngs(params=0, sample=1)
            return Sampler(Decoder(rngs), rngs).draw(4)
        """,
        ["20:35 SCN103"],
    ),
    Case(
        "not flagged: the sampler object folds the step into the key it stores",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Decoder(nnx.Module):
            def __init__(self, rngs):
                self.out = nnx.Linear(4, 2, rngs=rngs)

            def __call__(self, z):
                return self.out(z)

        class Sampler:
            def __init__(self, decoder, rngs):
                self.decoder = decoder
                self.key = rngs.sample()

            def draw(self, n):
                def body(carry, t):
                    z = jax.random.normal(jax.random.fold_in(self.key, t), (3, 4))
                    return carry, self.decoder(z)

                return jax.lax.scan(body, None, jnp.arange(n))[1]

        def main():
            rngs = nnx.Rngs(params=0, sample=1)
            return Sampler(Decoder(rngs), rngs).draw(4)
        """,
        [],
    ),
    Case(
        "not flagged: the body folds a trial id and then the step into the key the object stores",
        """
        import jax
        import jax.numpy as jnp

        class NoiseProbe:
            def __init__(self, seed):
                self.base_key = jax.random.PRNGKey(seed)

            def trial(self, trial_id, xs):
                def body(total, inputs):
                    step, x = inputs
                    key = jax.random.fold_in(jax.random.fold_in(self.base_key, trial_id), step)
                    noise = jax.random.normal(key, x.shape)
                    return total + jnp.mean((x + noise) ** 2), noise

                return jax.lax.scan(body, jnp.zeros(()), (jnp.arange(xs.shape[0]), xs))[1]

        def main():
            return NoiseProbe(0).trial(1, jnp.ones((4, 3)))
        """,
        [],
    ),
    Case(
        "not flagged: the key is a field of the carried config, split at every step",
        """
        import dataclasses

        import jax
        import jax.numpy as jnp

        @dataclasses.dataclass
        class DropConfig:
            rate: float = 0.3
            key: jax.Array | None = None

        jax.tree_util.register_dataclass(DropConfig, data_fields=["key"], meta_fields=["rate"])

        class Sampler:
            def mask(self, cfg, x):
                key, sub = jax.random.split(cfg.key)
                return dataclasses.replace(cfg, key=key), jax.random.bernoulli(sub, 1.0 - cfg.rate, x.shape)

            def masks(self, x, n):
                cfg = DropConfig(key=jax.random.PRNGKey(0))
                return jax.lax.scan(lambda c, _: self.mask(c, x), cfg, None, length=n)[1]

        def main():
            return Sampler().masks(jnp.ones((2, 3)), 4)
        """,
        [],
    ),
    Case(
        "a helper the scan body calls builds `nnx.Rngs(noise=0)` when no rngs is passed, and the body passes none",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def jitter(shape, scale, rngs: nnx.Rngs | None = None):
            if rngs is None:
                rngs = nnx.Rngs(noise=0)
            return scale * jax.random.normal(rngs.noise(), shape)

        class Reservoir(nnx.Module):
            def __init__(self, n, *, rngs):
                self.w = nnx.Linear(n, n, rngs=rngs)

            def __call__(self, xs):
                def step(h, x):
                    noise = jitter(h.shape, 0.01)
                    h = jnp.tanh(self.w(h) + x + noise)
                    return h, noise

                return jax.lax.scan(step, jnp.zeros(xs.shape[1:]), xs)[1]

        def main():
            return Reservoir(3, rngs=nnx.Rngs(0))(jnp.ones((4, 3)))
        """,
        ["8:16 SCN103"],
    ),
    Case(
        "not flagged: the scan body passes the helper streams built from the step's own key",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def jitter(shape, scale, rngs: nnx.Rngs | None = None):
            if rngs is None:
                rngs = nnx.Rngs(noise=0)
            return scale * jax.random.normal(rngs.noise(), shape)

        class Reservoir(nnx.Module):
            def __init__(self, n, *, rngs):
                self.w = nnx.Linear(n, n, rngs=rngs)

            def __call__(self, xs, keys):
                def step(h, inputs):
                    x, key = inputs
                    noise = jitter(h.shape, 0.01, nnx.Rngs(noise=key))
                    h = jnp.tanh(self.w(h) + x + noise)
                    return h, noise

                return jax.lax.scan(step, jnp.zeros(xs.shape[1:]), (xs, keys))[1]

        def main():
            return Reservoir(3, rngs=nnx.Rngs(0))(jnp.ones((4, 3)), jax.random.split(jax.random.key(1), 4))
        """,
        [],
    ),
    Case(
        "a walker's method run by the scan body draws from the key of the config object it keeps (`self.cfg.key`)",
        """
        import dataclasses

        import jax
        import jax.numpy as jnp

        @dataclasses.dataclass(frozen=True)
        class WalkConfig:
            step_size: float = 0.1
            key: jax.Array = None

        class Walker:
            def __init__(self, cfg):
                self.cfg = cfg

            def propose(self, x):
                noise = jax.random.normal(self.cfg.key, x.shape)
                return x + self.cfg.step_size * noise, noise

        def walk(walker, x0, n):
            def step(x, _):
                return walker.propose(x)

            return jax.lax.scan(step, x0, None, length=n)[1]

        def main():
            return walk(Walker(WalkConfig(key=jax.random.PRNGKey(0))), jnp.zeros(3), 4)
        """,
        ["17:35 SCN103"],
    ),
    Case(
        "not flagged: the walker folds the step it is given into the key of its config",
        """
        import dataclasses

        import jax
        import jax.numpy as jnp

        @dataclasses.dataclass(frozen=True)
        class WalkConfig:
            step_size: float = 0.1
            key: jax.Array = None

        class Walker:
            def __init__(self, cfg):
                self.cfg = cfg

            def propose(self, x, t):
                noise = jax.random.normal(jax.random.fold_in(self.cfg.key, t), x.shape)
                return x + self.cfg.step_size * noise, noise

        def walk(walker, x0, n):
            def step(x, t):
                return walker.propose(x, t)

            return jax.lax.scan(step, x0, jnp.arange(n))[1]

        def main():
            return walk(Walker(WalkConfig(key=jax.random.PRNGKey(0))), jnp.zeros(3), 4)
        """,
        [],
    ),
    Case(
        'flagged: ensemble members bound with fixed dropout keys, appended in __init__ and called in a comprehension in the body',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class MaskHead(nn.Module):
            rate: float = 0.3

            @nn.compact
            def __call__(self, x):
                return nn.Dropout(self.rate, deterministic=False)(x)


        class Ensemble:
            def __init__(self, n_members, base_key):
                self._members = []
                for i in range(n_members):
                    head = MaskHead(rate=0.2 + 0.1 * i)
                    variables = head.init(jax.random.key(i), jnp.ones((4,)))
                    self._members.append(head.bind(variables, rngs={"dropout": jax.random.fold_in(base_key, i)}))

            def sample(self, x):
                return jnp.stack([member(x) for member in self._members])


        def draw_masks(ensemble, n_steps):
            ones = jnp.ones((8,))

            def body(step, _):
                return step + 1, ensemble.sample(ones)

            return jax.lax.scan(body, 0, None, length=n_steps)[1]


        def main():
            return draw_masks(Ensemble(3, jax.random.key(42)), n_steps=4)
        """,
        ["24:27 SCN103"],
    ),
    Case(
        'not flagged: ensemble members kept as (module, variables) pairs, applied with keys folded with the step',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class MaskHead(nn.Module):
            rate: float = 0.3

            @nn.compact
            def __call__(self, x):
                return nn.Dropout(self.rate, deterministic=False)(x)


        class Ensemble:
            def __init__(self, n_members, base_key):
                self.base_key = base_key
                self._members = []
                for i in range(n_members):
                    head = MaskHead(rate=0.2 + 0.1 * i)
                    self._members.append((head, head.init(jax.random.key(i), jnp.ones((4,)))))

            def sample(self, x, step):
                key = jax.random.fold_in(self.base_key, step)
                return jnp.stack([
                    head.apply(variables, x, rngs={"dropout": jax.random.fold_in(key, i)})
                    for i, (head, variables) in enumerate(self._members)
                ])


        def draw_masks(ensemble, n_steps):
            ones = jnp.ones((8,))

            def body(step, _):
                return step + 1, ensemble.sample(ones, step)

            return jax.lax.scan(body, 0, None, length=n_steps)[1]


        def main():
            return draw_masks(Ensemble(3, jax.random.key(42)), n_steps=4)
        """,
        [],
    ),
    Case(
        "flagged: a server's clients from a list comprehension, each applying its noise module with the key it was made with",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class GaussianMechanism(nn.Module):
            sigma: float = 0.5

            @nn.compact
            def __call__(self, update):
                return self.sigma * jax.random.normal(self.make_rng("dp"), update.shape)


        class Client:
            def __init__(self, cid, data):
                self.data = data
                self.mechanism = GaussianMechanism()
                self.dp_key = jax.random.PRNGKey(100 + cid)

            def local_update(self, w):
                grad = jnp.mean(self.data, axis=0) - w
                return grad, self.mechanism.apply({}, grad, rngs={"dp": self.dp_key})


        class Server:
            def __init__(self, clients):
                self.clients = clients

            def train(self, w0, rounds):
                def one_round(w, _):
                    grads, noises = zip(*(c.local_update(w) for c in self.clients))
                    noise = jnp.stack(noises)
                    return w + 0.5 * jnp.mean(jnp.stack(grads) + noise, axis=0), noise

                return jax.lax.scan(one_round, w0, None, length=rounds)[1]


        def main():
            clients = [Client(i, jnp.full((5, 4), float(i))) for i in range(3)]
            return Server(clients).train(jnp.zeros(4), rounds=4)
        """,
        ["23:58 SCN103"],
    ),
    Case(
        'not flagged: each client folds its key with the round the body is given',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class GaussianMechanism(nn.Module):
            sigma: float = 0.5

            @nn.compact
            def __call__(self, update):
                return self.sigma * jax.random.normal(self.make_rng("dp"), update.shape)


        class Client:
            def __init__(self, cid, data):
                self.data = data
                self.mechanism = GaussianMechanism()
                self.dp_key = jax.random.PRNGKey(100 + cid)

            def local_update(self, w, rnd):
                grad = jnp.mean(self.data, axis=0) - w
                return grad, self.mechanism.apply({}, grad, rngs={"dp": jax.random.fold_in(self.dp_key, rnd)})


        class Server:
            def __init__(self, clients):
                self.clients = clients

            def train(self, w0, rounds):
                def one_round(w, rnd):
                    grads, noises = zip(*(c.local_update(w, rnd) for c in self.clients))
                    noise = jnp.stack(noises)
                    return w + 0.5 * jnp.mean(jnp.stack(grads) + noise, axis=0), noise

                return jax.lax.scan(one_round, w0, jnp.arange(rounds))[1]


        def main():
            clients = [Client(i, jnp.full((5, 4), float(i))) for i in range(3)]
            return Server(clients).train(jnp.zeros(4), rounds=4)
        """,
        [],
    ),
    Case(
        "flagged: a dataclass's __post_init__ binds a sampler with a fixed key that the body calls",
        """
        from dataclasses import dataclass, field

        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Perturbation(nn.Module):
            scale: float = 0.5

            @nn.compact
            def __call__(self):
                return self.scale * jax.random.normal(self.make_rng("perturb"), (3,))


        @dataclass
        class SearchDriver:
            seed: int = 0
            history: list = field(default_factory=list)

            def __post_init__(self):
                self.sampler = Perturbation().bind({}, rngs={"perturb": jax.random.key(self.seed)})

            def propose(self, n_trials):
                def body(best, _):
                    delta = self.sampler()
                    return jnp.maximum(best, -jnp.sum(delta ** 2)), delta

                _, deltas = jax.lax.scan(body, -jnp.inf, None, length=n_trials)
                self.history.append(deltas)
                return deltas


        def main():
            return SearchDriver(seed=3).propose(5)
        """,
        ["27:21 SCN103"],
    ),
    Case(
        "not flagged: a dataclass's sampler applied with the per-step keys the scan is given",
        """
        from dataclasses import dataclass, field

        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Perturbation(nn.Module):
            scale: float = 0.5

            @nn.compact
            def __call__(self):
                return self.scale * jax.random.normal(self.make_rng("perturb"), (3,))


        @dataclass
        class SearchDriver:
            seed: int = 0
            history: list = field(default_factory=list)

            def __post_init__(self):
                self.sampler = Perturbation()
                self.key = jax.random.key(self.seed)

            def propose(self, n_trials):
                def body(best, key):
                    delta = self.sampler.apply({}, rngs={"perturb": key})
                    return jnp.maximum(best, -jnp.sum(delta ** 2)), delta

                _, deltas = jax.lax.scan(body, -jnp.inf, jax.random.split(self.key, n_trials))
                self.history.append(deltas)
                return deltas


        def main():
            return SearchDriver(seed=3).propose(5)
        """,
        [],
    ),
    Case(
        'flagged: modules bound with fixed keys, appended to a local list and called in a for loop in the body',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class NoisyHead(nn.Module):
            rate: float = 0.25

            @nn.compact
            def __call__(self, x):
                return nn.Dropout(self.rate)(x, deterministic=False)


        def main():
            key = jax.random.PRNGKey(0)
            ones = jnp.ones((8,))
            members = []
            for i in range(3):
                head = NoisyHead()
                members.append(head.bind({}, rngs={"dropout": jax.random.fold_in(key, i)}))

            def body(step, _):
                masks = []
                for member in members:
                    masks.append(member(ones))
                return step + 1, jnp.stack(masks)

            _, masks = jax.lax.scan(body, 0, None, length=4)
            return masks
        """,
        ["26:26 SCN103"],
    ),
    Case(
        'not flagged: modules appended to a local list, applied with keys folded from the per-step key',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class NoisyHead(nn.Module):
            rate: float = 0.25

            @nn.compact
            def __call__(self, x):
                return nn.Dropout(self.rate)(x, deterministic=False)


        def main():
            key = jax.random.PRNGKey(0)
            ones = jnp.ones((8,))
            members = []
            for i in range(3):
                members.append(NoisyHead())

            def body(step, step_key):
                masks = []
                for i, member in enumerate(members):
                    masks.append(member.apply({}, ones, rngs={"dropout": jax.random.fold_in(step_key, i)}))
                return step + 1, jnp.stack(masks)

            _, masks = jax.lax.scan(body, 0, jax.random.split(key, 4))
            return masks
        """,
        [],
    ),
    Case(
        'flagged: a merged copy reseeded with the same closed-over key at every step',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class MCDropoutNet(nnx.Module):
            def __init__(self, dim, *, rngs: nnx.Rngs):
                self.lin = nnx.Linear(dim, dim, rngs=rngs)
                self.drop = nnx.Dropout(0.5, rngs=rngs)

            def __call__(self, x):
                return self.drop(self.lin(x))


        def mc_masks(model, x, n_samples, seed=0):
            graphdef, state = nnx.split(model)
            base_key = jax.random.key(seed)

            def body(carry, key):
                m = nnx.merge(graphdef, state, copy=True)
                nnx.reseed(m, dropout=base_key)
                return carry, m.drop(jnp.ones_like(x))

            return jax.lax.scan(body, None, jax.random.split(jax.random.key(seed), n_samples))[1]


        def main():
            model = MCDropoutNet(6, rngs=nnx.Rngs(params=0, dropout=1))
            return mc_masks(model, jnp.ones((2, 6)), 5)
        """,
        ["21:13 SCN103"],
    ),
    Case(
        'not flagged: a merged copy reseeded with the per-step key the scan is given',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class MCDropoutNet(nnx.Module):
            def __init__(self, dim, *, rngs: nnx.Rngs):
                self.lin = nnx.Linear(dim, dim, rngs=rngs)
                self.drop = nnx.Dropout(0.5, rngs=rngs)

            def __call__(self, x):
                return self.drop(self.lin(x))


        def mc_masks(model, x, n_samples, seed=0):
            graphdef, state = nnx.split(model)

            def body(carry, key):
                m = nnx.merge(graphdef, state, copy=True)
                nnx.reseed(m, dropout=key)
                return carry, m.drop(jnp.ones_like(x))

            return jax.lax.scan(body, None, jax.random.split(jax.random.key(seed), n_samples))[1]


        def main():
            model = MCDropoutNet(6, rngs=nnx.Rngs(params=0, dropout=1))
            return mc_masks(model, jnp.ones((2, 6)), 5)
        """,
        [],
    ),
    Case(
        "flagged: a pipeline's body calls an augmenter object kept on self that applies with the key it stores",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Cutout(nn.Module):
            rate: float = 0.3

            @nn.compact
            def __call__(self, x):
                keep = jax.random.bernoulli(self.make_rng("augment"), 1.0 - self.rate, x.shape)
                return keep.astype(x.dtype)


        class Augmenter:
            def __init__(self, seed):
                self.module = Cutout()
                self.key = jax.random.PRNGKey(seed)

            def __call__(self, batch):
                return self.module.apply({}, batch, rngs={"augment": self.key})


        class Pipeline:
            def __init__(self, augmenter):
                self.augmenter = augmenter

            def masks(self, batches):
                def step(count, batch):
                    return count + 1, self.augmenter(batch)

                return jax.lax.scan(step, 0, batches)[1]


        def main():
            return Pipeline(Augmenter(seed=3)).masks(jnp.ones((4, 2, 6)))
        """,
        ["22:50 SCN103"],
    ),
    Case(
        'not flagged: the augmenter folds the step the body passes into its stored key',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Cutout(nn.Module):
            rate: float = 0.3

            @nn.compact
            def __call__(self, x):
                keep = jax.random.bernoulli(self.make_rng("augment"), 1.0 - self.rate, x.shape)
                return keep.astype(x.dtype)


        class Augmenter:
            def __init__(self, seed):
                self.module = Cutout()
                self.key = jax.random.PRNGKey(seed)

            def __call__(self, batch, step):
                return self.module.apply({}, batch, rngs={"augment": jax.random.fold_in(self.key, step)})


        class Pipeline:
            def __init__(self, augmenter):
                self.augmenter = augmenter

            def masks(self, batches):
                def step(count, batch):
                    return count + 1, self.augmenter(batch, count)

                return jax.lax.scan(step, 0, batches)[1]


        def main():
            return Pipeline(Augmenter(seed=3)).masks(jnp.ones((4, 2, 6)))
        """,
        [],
    ),
    Case(
        'flagged: a plain augmentation object hands the key it drew once to its nnx.Dropout at every step',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class FeatureDrop:
            def __init__(self, rate, rngs: nnx.Rngs):
                self.drop = nnx.Dropout(rate)
                self.key = rngs.augment()

            def __call__(self, batch):
                return self.drop(jnp.ones_like(batch), rngs=self.key)


        class Loader:
            def __init__(self, augment):
                self.augment = augment

            def epoch_masks(self, batches):
                def step(carry, batch):
                    return carry, self.augment(batch)

                return jax.lax.scan(step, None, batches)[1]


        def main():
            return Loader(FeatureDrop(0.4, nnx.Rngs(augment=7))).epoch_masks(jnp.ones((5, 2, 8)))
        """,
        ["13:53 SCN103"],
    ),
    Case(
        "not flagged: the augmentation object's Dropout is given the per-step keys the scan carries in",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class FeatureDrop:
            def __init__(self, rate, rngs: nnx.Rngs):
                self.drop = nnx.Dropout(rate)
                self.key = rngs.augment()

            def __call__(self, batch, key):
                return self.drop(jnp.ones_like(batch), rngs=key)


        class Loader:
            def __init__(self, augment):
                self.augment = augment

            def epoch_masks(self, batches):
                def step(carry, xs):
                    batch, key = xs
                    return carry, self.augment(batch, key)

                keys = jax.random.split(self.augment.key, batches.shape[0])
                return jax.lax.scan(step, None, (batches, keys))[1]


        def main():
            return Loader(FeatureDrop(0.4, nnx.Rngs(augment=7))).epoch_masks(jnp.ones((5, 2, 8)))
        """,
        [],
    ),
    Case(
        'flagged: a Dropout called with deterministic=False and a closed-over key as rngs',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Head(nnx.Module):
            def __init__(self, rngs):
                self.fc = nnx.Linear(6, 6, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def __call__(self, x, key):
                return self.drop(nnx.relu(self.fc(x)), deterministic=False, rngs=key)


        def main():
            head = Head(nnx.Rngs(0))
            x = jnp.ones((3, 6))
            key = jax.random.key(4)

            def sample(carry, _):
                return carry, (head(x, key) != 0).astype(jnp.float32)

            return jax.lax.scan(sample, None, None, length=6)[1]
        """,
        ["22:32 SCN103"],
    ),
    Case(
        'not flagged: the Dropout called with deterministic=False is given the per-step key',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Head(nnx.Module):
            def __init__(self, rngs):
                self.fc = nnx.Linear(6, 6, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def __call__(self, x, key):
                return self.drop(nnx.relu(self.fc(x)), deterministic=False, rngs=key)


        def main():
            head = Head(nnx.Rngs(0))
            x = jnp.ones((3, 6))
            key = jax.random.key(4)

            def sample(carry, step_key):
                return carry, (head(x, step_key) != 0).astype(jnp.float32)

            return jax.lax.scan(sample, None, jax.random.split(key, 6))[1]
        """,
        [],
    ),
    Case(
        'a submodule that only draws `self.make_rng` (no variables), first called inside a raw scan body: the same noise every step, nothing to create',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Jitter(nn.Module):
            sigma: float = 0.1

            def __call__(self, x):
                return x + self.sigma * jax.random.normal(self.make_rng("augment"), x.shape)


        class Pipeline(nn.Module):
            def setup(self):
                self.jitter = Jitter()

            def __call__(self, xs):
                def body(carry, x):
                    return carry, self.jitter(x)

                return jax.lax.scan(body, None, xs)[1]


        def main():
            xs = jnp.ones((3, 4))
            return Pipeline().apply({}, xs, rngs={"augment": jax.random.key(0)})
        """,
        ["20:27 SCN103"],
    ),
    Case(
        'a sampler factory registered by a decorator and called through the registry (`SAMPLERS["dropout"](model, variables, 7)`) closes over one dropout key; the loop body calls the sampler it returns',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        SAMPLERS = {}


        def sampler(name):
            def add(build):
                SAMPLERS[name] = build
                return build

            return add


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                return nn.Dropout(0.5, deterministic=not train)(nn.Dense(4)(x))


        @sampler("dropout")
        def build_sampler(model, variables, seed):
            key = jax.random.key(seed)

            def draw(x):
                return model.apply(variables, x, train=True, rngs={"dropout": key})

            return draw


        def collect(draw, x, n):
            def body(i, out):
                return out.at[i].set(draw(x))

            return jax.lax.fori_loop(0, n, body, jnp.zeros((n, 4)))


        def main():
            model = Net()
            x = jnp.ones((3,))
            variables = model.init(jax.random.key(0), x)
            return collect(SAMPLERS["dropout"](model, variables, 7), x, 5)
        """,
        ["28:59 SCN103"],
    ),
    Case(
        "the same registered factory's sampler folding the step into the key",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        SAMPLERS = {}


        def sampler(name):
            def add(build):
                SAMPLERS[name] = build
                return build

            return add


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                return nn.Dropout(0.5, deterministic=not train)(nn.Dense(4)(x))


        @sampler("dropout")
        def build_sampler(model, variables, seed):
            key = jax.random.key(seed)

            def draw(x, i):
                return model.apply(variables, x, train=True, rngs={"dropout": jax.random.fold_in(key, i)})

            return draw


        def collect(draw, x, n):
            def body(i, out):
                return out.at[i].set(draw(x, i))

            return jax.lax.fori_loop(0, n, body, jnp.zeros((n, 4)))


        def main():
            model = Net()
            x = jnp.ones((3,))
            variables = model.init(jax.random.key(0), x)
            return collect(SAMPLERS["dropout"](model, variables, 7), x, 5)
        """,
        [],
    ),
    Case(
        'NNX: a key an outside module stores (`explorer.noise_key`) handed to its method at every step, which draws from it',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Explorer(nnx.Module):
            def __init__(self, d, seed):
                self.policy = nnx.Linear(d, d, rngs=nnx.Rngs(seed))
                self.noise_key = jax.random.key(seed + 1)

            def act(self, obs, key):
                eps = 0.1 * jax.random.normal(key, obs.shape)
                return jnp.tanh(self.policy(obs)) + eps, eps


        def main():
            explorer = Explorer(3, 0)

            def body(t, state):
                obs, noises = state
                action, eps = explorer.act(obs, explorer.noise_key)
                return 0.9 * obs + 0.1 * action, noises.at[t].set(eps)

            return jax.lax.fori_loop(0, 6, body, (jnp.ones(3), jnp.zeros((6, 3))))[1]
        """,
        ["22:41 SCN103"],
    ),
    Case(
        'NNX: the same stored key folded with the step before it is handed over',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Explorer(nnx.Module):
            def __init__(self, d, seed):
                self.policy = nnx.Linear(d, d, rngs=nnx.Rngs(seed))
                self.noise_key = jax.random.key(seed + 1)

            def act(self, obs, key):
                eps = 0.1 * jax.random.normal(key, obs.shape)
                return jnp.tanh(self.policy(obs)) + eps, eps


        def main():
            explorer = Explorer(3, 0)

            def body(t, state):
                obs, noises = state
                action, eps = explorer.act(obs, jax.random.fold_in(explorer.noise_key, t))
                return 0.9 * obs + 0.1 * action, noises.at[t].set(eps)

            return jax.lax.fori_loop(0, 6, body, (jnp.ones(3), jnp.zeros((6, 3))))[1]
        """,
        [],
    ),
    Case(
        'NNX: a method taken into a dispatch dict (`table["sample"](key, cond)`) draws from a key drawn once before the loop',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Generator(nnx.Module):
            def __init__(self, rngs):
                self.out = nnx.Linear(4, 2, rngs=rngs)

            def sample(self, key, cond):
                z = jax.random.normal(key, (4,))
                return self.out(z + cond)


        def main():
            rngs = nnx.Rngs(params=0, noise=1)
            generator = Generator(rngs)
            table = {"sample": generator.sample}
            key = rngs.noise()
            cond = jnp.ones(4)

            def body(i, out):
                return out.at[i].set(table["sample"](key, cond))

            return jax.lax.fori_loop(0, 5, body, jnp.zeros((5, 2)))
        """,
        ["24:46 SCN103"],
    ),
    Case(
        'NNX: the same dispatch with the key folded with the step',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Generator(nnx.Module):
            def __init__(self, rngs):
                self.out = nnx.Linear(4, 2, rngs=rngs)

            def sample(self, key, cond):
                z = jax.random.normal(key, (4,))
                return self.out(z + cond)


        def main():
            rngs = nnx.Rngs(params=0, noise=1)
            generator = Generator(rngs)
            table = {"sample": generator.sample}
            key = rngs.noise()
            cond = jnp.ones(4)

            def body(i, out):
                return out.at[i].set(table["sample"](jax.random.fold_in(key, i), cond))

            return jax.lax.fori_loop(0, 5, body, jnp.zeros((5, 2)))
        """,
        [],
    ),
    Case(
        "a submodule's Dropout called `rng=rng` where `rng=None` is the default and the scan body passes none: it draws `make_rng` once for every step",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn
        from jax.lax import scan


        class MLP(nn.Module):
            @nn.compact
            def __call__(self, x, deterministic=True, rng=None):
                x = nn.relu(nn.Dense(32)(x))
                x = nn.Dropout(0.3)(x, deterministic=deterministic, rng=rng)
                return nn.Dense(1)(x)


        class MCDropoutRegressor(nn.Module):
            num_samples: int = 8

            def setup(self):
                self.net = MLP()

            def __call__(self, x):
                return self.net(x)

            def predict_samples(self, x):
                def sample(carry, _):
                    return carry, self.net(x, deterministic=False)

                _, samples = scan(sample, None, None, length=self.num_samples)
                return samples


        def main():
            model = MCDropoutRegressor()
            x = jnp.linspace(-2, 2, 5)[:, None]
            variables = model.init(jax.random.key(0), x)
            samples = model.apply(variables, x, method=MCDropoutRegressor.predict_samples,
                                  rngs={"dropout": jax.random.key(1)})
            print("predictive std", samples.std(0).ravel())
            return samples
        """,
        ["27:27 SCN103"],
    ),
    Case(
        'the same submodule given a per-step key split before the loop',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn
        from jax.lax import scan


        class MLP(nn.Module):
            @nn.compact
            def __call__(self, x, deterministic=True, rng=None):
                x = nn.relu(nn.Dense(32)(x))
                x = nn.Dropout(0.3)(x, deterministic=deterministic, rng=rng)
                return nn.Dense(1)(x)


        class MCDropoutRegressor(nn.Module):
            num_samples: int = 8

            def setup(self):
                self.net = MLP()

            def __call__(self, x):
                return self.net(x)

            def predict_samples(self, x):
                keys = jax.random.split(self.make_rng("dropout"), self.num_samples)

                def sample(carry, key):
                    return carry, self.net(x, deterministic=False, rng=key)

                _, samples = scan(sample, None, keys)
                return samples


        def main():
            model = MCDropoutRegressor()
            x = jnp.linspace(-2, 2, 5)[:, None]
            variables = model.init(jax.random.key(0), x)
            samples = model.apply(variables, x, method=MCDropoutRegressor.predict_samples,
                                  rngs={"dropout": jax.random.key(1)})
            print("predictive std", samples.std(0).ravel())
            return samples
        """,
        [],
    ),
    Case(
        "a module bound with `rngs=` by a plain holder's `__init__` (`holder.bound`), whose drawing method the body calls",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Noisy(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dense(2)(x)

            def sample(self, x):
                return self(x) + jax.random.normal(self.make_rng("noise"), (2,))


        class Holder:
            def __init__(self, model, variables, key):
                self.bound = model.bind(variables, rngs={"noise": key})


        def main():
            model = Noisy()
            variables = model.init(jax.random.key(0), jnp.ones(3))
            holder = Holder(model, variables, jax.random.key(1))

            def body(c, t):
                return c, holder.bound.sample(jnp.ones(3))

            return jax.lax.scan(body, 0, jnp.arange(4))[1]
        """,
        ["27:19 SCN103"],
    ),
    Case(
        'the same bound module folding the step into its `make_rng` key',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Noisy(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dense(2)(x)

            def sample(self, x, t):
                return self(x) + jax.random.normal(jax.random.fold_in(self.make_rng("noise"), t), (2,))


        class Holder:
            def __init__(self, model, variables, key):
                self.bound = model.bind(variables, rngs={"noise": key})


        def main():
            model = Noisy()
            variables = model.init(jax.random.key(0), jnp.ones(3))
            holder = Holder(model, variables, jax.random.key(1))

            def body(c, t):
                return c, holder.bound.sample(jnp.ones(3), t)

            return jax.lax.scan(body, 0, jnp.arange(4))[1]
        """,
        [],
    ),
    Case(
        'key kept by a dataclass made outside the body given as rngs= to the module at every step (bundle.key)',
        """
        import dataclasses

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Head(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 2, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def __call__(self, x, rngs=None):
                return self.drop(self.lin(x), rngs=rngs)


        @dataclasses.dataclass
        class Bundle:
            model: Head
            key: jax.Array


        def mc_samples(bundle, x, n):
            def draw(carry, i):
                return carry, bundle.model(x, rngs=bundle.key)

            return jax.lax.scan(draw, None, jnp.arange(n))[1]


        def main():
            bundle = Bundle(Head(nnx.Rngs(0)), jax.random.key(7))
            return mc_samples(bundle, jnp.ones((3, 4)), 4)
        """,
        ["26:23 SCN103"],
    ),
    Case(
        'key kept by a dataclass folded in with the step before it is given',
        """
        import dataclasses

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Head(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 2, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def __call__(self, x, rngs=None):
                return self.drop(self.lin(x), rngs=rngs)


        @dataclasses.dataclass
        class Bundle:
            model: Head
            key: jax.Array


        def mc_samples(bundle, x, n):
            def draw(carry, i):
                return carry, bundle.model(x, rngs=jax.random.fold_in(bundle.key, i))

            return jax.lax.scan(draw, None, jnp.arange(n))[1]


        def main():
            bundle = Bundle(Head(nnx.Rngs(0)), jax.random.key(7))
            return mc_samples(bundle, jnp.ones((3, 4)), 4)
        """,
        [],
    ),
    Case(
        "key a session in a sampler's dict keeps, bound to a name before the loop and given as rngs=",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Head(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 2, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def __call__(self, x, rngs=None):
                return self.drop(self.lin(x), rngs=rngs)


        class Session:
            def __init__(self, model, seed):
                self.model = model
                self.noise_key = jax.random.key(seed)


        class Sampler:
            def __init__(self):
                self.sessions = {}

            def open(self, name, model, seed):
                self.sessions[name] = Session(model, seed)

            def spread(self, name, x, n):
                session = self.sessions[name]
                key = session.noise_key

                def draw(carry, i):
                    return carry, session.model(x, rngs=key)

                return jax.lax.scan(draw, None, jnp.arange(n))[1]


        def main():
            sampler = Sampler()
            sampler.open("a", Head(nnx.Rngs(0)), 3)
            return sampler.spread("a", jnp.ones((3, 4)), 4)
        """,
        ["34:27 SCN103"],
    ),
    Case(
        "the session's key folded in with the step",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Head(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 2, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def __call__(self, x, rngs=None):
                return self.drop(self.lin(x), rngs=rngs)


        class Session:
            def __init__(self, model, seed):
                self.model = model
                self.noise_key = jax.random.key(seed)


        class Sampler:
            def __init__(self):
                self.sessions = {}

            def open(self, name, model, seed):
                self.sessions[name] = Session(model, seed)

            def spread(self, name, x, n):
                session = self.sessions[name]
                key = session.noise_key

                def draw(carry, i):
                    return carry, session.model(x, rngs=jax.random.fold_in(key, i))

                return jax.lax.scan(draw, None, jnp.arange(n))[1]


        def main():
            sampler = Sampler()
            sampler.open("a", Head(nnx.Rngs(0)), 3)
            return sampler.spread("a", jnp.ones((3, 4)), 4)
        """,
        [],
    ),
    Case(
        "Dropout in a helper method whose rng parameter the scan body's call leaves at its None default (make_rng in the body)",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class NoisyCell(nn.Module):
            def setup(self):
                self.dense = nn.Dense(8)
                self.dropout = nn.Dropout(0.5)

            def cell(self, h, x, rng=None):
                h = jnp.tanh(self.dense(jnp.concatenate([h, x])))
                return h, self.dropout(h, deterministic=False, rng=rng)

            def __call__(self, xs):
                h, _ = self.cell(jnp.zeros(8), xs[0])
                return jax.lax.scan(lambda h, x: self.cell(h, x), h, xs)[1]


        def main():
            model = NoisyCell()
            xs = jnp.ones((4, 3))
            variables = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, xs)
            out = model.apply(variables, xs, rngs={"dropout": jax.random.key(2)})
            return out
        """,
        ["14:19 SCN103"],
    ),
    Case(
        'the helper method given per-step keys split outside the loop',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class NoisyCell(nn.Module):
            def setup(self):
                self.dense = nn.Dense(8)
                self.dropout = nn.Dropout(0.5)

            def cell(self, h, x, rng=None):
                h = jnp.tanh(self.dense(jnp.concatenate([h, x])))
                return h, self.dropout(h, deterministic=False, rng=rng)

            def __call__(self, xs):
                h, _ = self.cell(jnp.zeros(8), xs[0])
                keys = jax.random.split(self.make_rng("dropout"), xs.shape[0])
                return jax.lax.scan(lambda h, xk: self.cell(h, xk[0], rng=xk[1]), h, (xs, keys))[1]


        def main():
            model = NoisyCell()
            xs = jnp.ones((4, 3))
            variables = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, xs)
            out = model.apply(variables, xs, rngs={"dropout": jax.random.key(2)})
            return out
        """,
        [],
    ),
    Case(
        "sampler built through a name bound to a decorator registry's pick (sampler_cls = SAMPLERS[kind]), its stored apply given a fixed dropout key",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        SAMPLERS = {}


        def register(name):
            def wrap(cls):
                SAMPLERS[name] = cls
                return cls
            return wrap


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                return nn.Dropout(0.5, deterministic=not train)(nn.Dense(4)(x))


        @register("mc")
        class McSampler:
            def __init__(self, apply_fn, variables, seed):
                self.apply_fn = apply_fn
                self.variables = variables
                self.key = jax.random.key(seed)

            def draw(self, x, i):
                return self.apply_fn(self.variables, x, train=True, rngs={"dropout": self.key})


        def spread(model, variables, x, kind, n):
            sampler_cls = SAMPLERS[kind]
            sampler = sampler_cls(model.apply, variables, 3)

            def body(carry, i):
                return carry, sampler.draw(x, i)

            return jax.lax.scan(body, None, jnp.arange(n))[1]


        def main():
            model = Net()
            x = jnp.ones((2, 3))
            return spread(model, model.init(jax.random.key(0), x), x, "mc", 3)
        """,
        ["30:66 SCN103"],
    ),
    Case(
        'the registry-built sampler folds the step into its key',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        SAMPLERS = {}


        def register(name):
            def wrap(cls):
                SAMPLERS[name] = cls
                return cls
            return wrap


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = False):
                return nn.Dropout(0.5, deterministic=not train)(nn.Dense(4)(x))


        @register("mc")
        class McSampler:
            def __init__(self, apply_fn, variables, seed):
                self.apply_fn = apply_fn
                self.variables = variables
                self.key = jax.random.key(seed)

            def draw(self, x, i):
                return self.apply_fn(self.variables, x, train=True, rngs={"dropout": jax.random.fold_in(self.key, i)})


        def spread(model, variables, x, kind, n):
            sampler_cls = SAMPLERS[kind]
            sampler = sampler_cls(model.apply, variables, 3)

            def body(carry, i):
                return carry, sampler.draw(x, i)

            return jax.lax.scan(body, None, jnp.arange(n))[1]


        def main():
            model = Net()
            x = jnp.ones((2, 3))
            return spread(model, model.init(jax.random.key(0), x), x, "mc", 3)
        """,
        [],
    ),
    Case(
        'functools.partial(model, rngs=jax.random.key(seed)) made before the loop and called in the body',
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Net(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def __call__(self, x, rngs=None):
                return self.drop(self.lin(x), rngs=rngs)


        def draws(model, x, n, seed):
            sample = functools.partial(model, rngs=jax.random.key(seed))

            def body(carry, _):
                return carry, sample(x)

            return jax.lax.scan(body, None, None, length=n)[1]


        def main():
            return draws(Net(nnx.Rngs(0)), jnp.ones((2, 3)), 3, 7)
        """,
        ["22:23 SCN103"],
    ),
    Case(
        'a partial made in the body with the step folded into its key',
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Net(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def __call__(self, x, rngs=None):
                return self.drop(self.lin(x), rngs=rngs)


        def draws(model, x, n, seed):
            key = jax.random.key(seed)

            def body(carry, i):
                sample = functools.partial(model, rngs=jax.random.fold_in(key, i))
                return carry, sample(x)

            return jax.lax.scan(body, None, jnp.arange(n))[1]


        def main():
            return draws(Net(nnx.Rngs(0)), jnp.ones((2, 3)), 3, 7)
        """,
        [],
    ),
    Case(
        'bound module given a per-step key, make_rng only in the branch taken when no key is passed',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Noise(nn.Module):
            @nn.compact
            def __call__(self, x, key=None):
                key = self.make_rng("noise") if key is None else key
                return x + jax.random.normal(key, x.shape)


        def sample(bound, xs, key):
            def step(carry, ix):
                i, x = ix
                return carry, bound(x, jax.random.fold_in(key, i))

            return jax.lax.scan(step, None, (jnp.arange(xs.shape[0]), xs))[1]


        def main():
            model = Noise()
            xs = jnp.zeros((3, 2))
            bound = model.bind(model.init(jax.random.key(0), xs[0]), rngs={"noise": jax.random.key(1)})
            return sample(bound, xs, jax.random.key(2))
        """,
        [],
    ),
    Case(
        'the bound module called without a key, so it draws make_rng',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Noise(nn.Module):
            @nn.compact
            def __call__(self, x, key=None):
                key = self.make_rng("noise") if key is None else key
                return x + jax.random.normal(key, x.shape)


        def sample(bound, xs, key):
            def step(carry, ix):
                i, x = ix
                return carry, bound(x)

            return jax.lax.scan(step, None, (jnp.arange(xs.shape[0]), xs))[1]


        def main():
            model = Noise()
            xs = jnp.zeros((3, 2))
            bound = model.bind(model.init(jax.random.key(0), xs[0]), rngs={"noise": jax.random.key(1)})
            return sample(bound, xs, jax.random.key(2))
        """,
        ["17:23 SCN103"],
    ),
    Case(
        'key a plain helper draws once from an nnx.Rngs stream in __init__, used as is by the method the body calls',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Jitter:
            def __init__(self, rngs: nnx.Rngs, scale=0.1):
                self.key = rngs.jitter()
                self.scale = scale

            def sample(self, step):
                return self.scale * jax.random.normal(self.key, (3,))


        def simulate(jitter, xs):
            def body(carry, ix):
                i, x = ix
                return carry, x + jitter.sample(i)

            return jax.lax.scan(body, None, (jnp.arange(xs.shape[0]), xs))[1]


        def main():
            return simulate(Jitter(nnx.Rngs(jitter=3)), jnp.zeros((4, 3)))
        """,
        ["13:47 SCN103"],
    ),
    Case(
        'the helper folds the step into its stored key',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Jitter:
            def __init__(self, rngs: nnx.Rngs, scale=0.1):
                self.key = rngs.jitter()
                self.scale = scale

            def sample(self, step):
                return self.scale * jax.random.normal(jax.random.fold_in(self.key, step), (3,))


        def simulate(jitter, xs):
            def body(carry, ix):
                i, x = ix
                return carry, x + jitter.sample(i)

            return jax.lax.scan(body, None, (jnp.arange(xs.shape[0]), xs))[1]


        def main():
            return simulate(Jitter(nnx.Rngs(jitter=3)), jnp.zeros((4, 3)))
        """,
        [],
    ),
    Case(
        'key a plain helper held by the controller draws once from an nnx.Rngs stream, used as is by the method the body calls (self.jitter.sample())',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Jitter:
            def __init__(self, rngs: nnx.Rngs, scale=0.1):
                self.key = rngs.jitter()
                self.scale = scale

            def sample(self):
                return self.scale * jax.random.normal(self.key, (3,))


        class Controller:
            def __init__(self, jitter):
                self.jitter = jitter

            def run(self, xs):
                def body(carry, x):
                    return carry, x + self.jitter.sample()

                return jax.lax.scan(body, None, xs)[1]


        def main():
            return Controller(Jitter(nnx.Rngs(jitter=3))).run(jnp.zeros((4, 3)))
        """,
        ["13:47 SCN103"],
    ),
    Case(
        "the controller's helper folds the step into its stored key",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Jitter:
            def __init__(self, rngs: nnx.Rngs, scale=0.1):
                self.key = rngs.jitter()
                self.scale = scale

            def sample(self, step):
                return self.scale * jax.random.normal(jax.random.fold_in(self.key, step), (3,))


        class Controller:
            def __init__(self, jitter):
                self.jitter = jitter

            def run(self, xs):
                def body(carry, ix):
                    i, x = ix
                    return carry, x + self.jitter.sample(i)

                return jax.lax.scan(body, None, (jnp.arange(xs.shape[0]), xs))[1]


        def main():
            return Controller(Jitter(nnx.Rngs(jitter=3))).run(jnp.zeros((4, 3)))
        """,
        [],
    ),
    Case(
        'key a sampler object keeps handed positionally to an outside NNX module whose __call__ gives it to its Dropout',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Net(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def __call__(self, x, key):
                return self.drop(self.lin(x), deterministic=False, rngs=key)


        class Sampler:
            def __init__(self, rngs: nnx.Rngs):
                self.key = rngs.dropout()


        class Forecaster:
            def __init__(self, model, sampler):
                self.model = model
                self.sampler = sampler

            def draws(self, x, n):
                def body(carry, i):
                    return carry, self.model(x, self.sampler.key)

                return jax.lax.scan(body, None, jnp.arange(n))[1]


        def main():
            rngs = nnx.Rngs(params=0, dropout=1)
            return Forecaster(Net(rngs), Sampler(rngs)).draws(jnp.ones((2, 3)), 3)
        """,
        ["28:41 SCN103"],
    ),
    Case(
        'the kept key folded with the step before the module gets it',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Net(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def __call__(self, x, key):
                return self.drop(self.lin(x), deterministic=False, rngs=key)


        class Sampler:
            def __init__(self, rngs: nnx.Rngs):
                self.key = rngs.dropout()


        class Forecaster:
            def __init__(self, model, sampler):
                self.model = model
                self.sampler = sampler

            def draws(self, x, n):
                def body(carry, i):
                    return carry, self.model(x, jax.random.fold_in(self.sampler.key, i))

                return jax.lax.scan(body, None, jnp.arange(n))[1]


        def main():
            rngs = nnx.Rngs(params=0, dropout=1)
            return Forecaster(Net(rngs), Sampler(rngs)).draws(jnp.ones((2, 3)), 3)
        """,
        [],
    ),
    Case(
        "functools.partial(jittered, w, key=jax.random.key(seed)) kept by an object's __init__, called through the object in the body",
        """
        import functools

        import jax
        import jax.numpy as jnp


        def jittered(w, x, *, key, scale=0.1):
            return w * (x + scale * jax.random.normal(key, x.shape))


        class Sampler:
            def __init__(self, w, seed):
                self.draw = functools.partial(jittered, w, key=jax.random.key(seed))


        def run(sampler: Sampler, xs):
            def body(carry, x):
                return carry, sampler.draw(x)

            return jax.lax.scan(body, None, xs)[1]


        def main():
            return run(Sampler(2.0, 3), jnp.zeros((3, 4)))
        """,
        ["9:47 SCN103"],
    ),
    Case(
        'the kept partial given a key folded with the step at each call',
        """
        import functools

        import jax
        import jax.numpy as jnp


        def jittered(w, x, *, key, scale=0.1):
            return w * (x + scale * jax.random.normal(key, x.shape))


        class Sampler:
            def __init__(self, w, seed):
                self.key = jax.random.key(seed)
                self.draw = functools.partial(jittered, w)


        def run(sampler: Sampler, xs):
            def body(carry, ix):
                i, x = ix
                return carry, sampler.draw(x, key=jax.random.fold_in(sampler.key, i))

            return jax.lax.scan(body, None, (jnp.arange(xs.shape[0]), xs))[1]


        def main():
            return run(Sampler(2.0, 3), jnp.zeros((3, 4)))
        """,
        [],
    ),
    Case(
        'the kept partial fixes key= but every call in the body passes its own folded key',
        """
        import functools

        import jax
        import jax.numpy as jnp


        def jittered(w, x, *, key, scale=0.1):
            return w * (x + scale * jax.random.normal(key, x.shape))


        class Sampler:
            def __init__(self, w, seed):
                self.key = jax.random.key(seed)
                self.draw = functools.partial(jittered, w, key=self.key)


        def run(sampler: Sampler, xs):
            def body(carry, ix):
                i, x = ix
                return carry, sampler.draw(x, key=jax.random.fold_in(sampler.key, i))

            return jax.lax.scan(body, None, (jnp.arange(xs.shape[0]), xs))[1]


        def main():
            return run(Sampler(2.0, 3), jnp.zeros((3, 4)))
        """,
        [],
    ),
    Case(
        "a session's key handed by an adapter method that the planner's body reaches through self.adapter to the module's Dropout",
        """
        import dataclasses

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Net(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def __call__(self, x, *, key):
                return self.drop(self.lin(x), deterministic=False, rngs=key)


        @dataclasses.dataclass
        class Session:
            name: str
            key: jax.Array


        class Adapter:
            def __init__(self, model, session):
                self.model = model
                self.session = session

            def forward(self, x):
                return self.model(x, key=self.session.key)


        class Planner:
            def __init__(self, adapter):
                self.adapter = adapter

            def plan(self, x, n):
                def body(carry, i):
                    return carry, self.adapter.forward(x)

                return jax.lax.scan(body, None, jnp.arange(n))[1]


        def main():
            rngs = nnx.Rngs(0, flight=3)
            return Planner(Adapter(Net(rngs), Session("a", rngs.flight()))).plan(jnp.ones((2, 3)), 3)
        """,
        ["30:34 SCN103"],
    ),
    Case(
        "the adapter folds the step into the session's key",
        """
        import dataclasses

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Net(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def __call__(self, x, *, key):
                return self.drop(self.lin(x), deterministic=False, rngs=key)


        @dataclasses.dataclass
        class Session:
            name: str
            key: jax.Array


        class Adapter:
            def __init__(self, model, session):
                self.model = model
                self.session = session

            def forward(self, x, step):
                return self.model(x, key=jax.random.fold_in(self.session.key, step))


        class Planner:
            def __init__(self, adapter):
                self.adapter = adapter

            def plan(self, x, n):
                def body(carry, i):
                    return carry, self.adapter.forward(x, i)

                return jax.lax.scan(body, None, jnp.arange(n))[1]


        def main():
            rngs = nnx.Rngs(0, flight=3)
            return Planner(Adapter(Net(rngs), Session("a", rngs.flight()))).plan(jnp.ones((2, 3)), 3)
        """,
        [],
    ),
    Case(
        'NNX: a clone of an outside model with Dropout streams, called without a key in the body',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Panel(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.5, rngs=rngs)

            def __call__(self, x, rngs=None):
                return self.drop(self.lin(x), rngs=rngs)


        def tasting(panel, xs, key):
            keys = jax.random.split(key, xs.shape[0])

            def step(total, key_and_x):
                step_key, x = key_and_x
                taster = nnx.clone(panel)
                out = taster(x)
                return total + out.sum(), out

            return jax.lax.scan(step, 0.0, (keys, xs))[1]


        def main():
            out = tasting(Panel(nnx.Rngs(0)), jnp.ones((3, 4)), jax.random.key(1))
            return bool((out[0] != out[1]).any())
        """,
        ["21:18 SCN103"],
    ),
    Case(
        'NNX: the clone called with rngs= a per-step key from xs draws fresh masks',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Panel(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.5, rngs=rngs)

            def __call__(self, x, rngs=None):
                return self.drop(self.lin(x), rngs=rngs)


        def tasting(panel, xs, key):
            keys = jax.random.split(key, xs.shape[0])

            def step(total, key_and_x):
                step_key, x = key_and_x
                taster = nnx.clone(panel)
                out = taster(x, rngs=step_key)
                return total + out.sum(), out

            return jax.lax.scan(step, 0.0, (keys, xs))[1]


        def main():
            out = tasting(Panel(nnx.Rngs(0)), jnp.ones((3, 4)), jax.random.key(1))
            return bool((out[0] != out[1]).any())
        """,
        [],
    ),
    Case(
        "a mixin's helper method (class Dyer(JitterMixin, nn.Module)) draws make_rng in the scan body",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class JitterMixin:
            jitter = 0.3

            def _jitter(self, shape):
                return self.jitter * jax.random.normal(self.make_rng("jitter"), shape)


        class Dyer(JitterMixin, nn.Module):
            @nn.compact
            def __call__(self, cloth):
                head = nn.Dense(2)
                head(cloth)

                def soak(carry, _):
                    return carry, head(cloth + self._jitter(cloth.shape))

                return jax.lax.scan(soak, None, None, length=3)[1]


        def main():
            cloth = jnp.ones((2,))
            model = Dyer()
            variables = model.init({"params": jax.random.key(0), "jitter": jax.random.key(1)}, cloth)
            out = model.apply(variables, cloth, rngs={"jitter": jax.random.key(2)})
            return bool(jnp.allclose(out[0], out[1]))
        """,
        ["11:48 SCN103"],
    ),
    Case(
        'the same mixin helper folds the step into the drawn key',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class JitterMixin:
            jitter = 0.3

            def _jitter(self, shape, step):
                key = jax.random.fold_in(self.make_rng("jitter"), step)
                return self.jitter * jax.random.normal(key, shape)


        class Dyer(JitterMixin, nn.Module):
            @nn.compact
            def __call__(self, cloth):
                head = nn.Dense(2)
                head(cloth)

                def soak(carry, step):
                    return carry, head(cloth + self._jitter(cloth.shape, step))

                return jax.lax.scan(soak, None, jnp.arange(3))[1]


        def main():
            cloth = jnp.ones((2,))
            model = Dyer()
            variables = model.init({"params": jax.random.key(0), "jitter": jax.random.key(1)}, cloth)
            out = model.apply(variables, cloth, rngs={"jitter": jax.random.key(2)})
            return bool(jnp.allclose(out[0], out[1]))
        """,
        [],
    ),
    Case(
        "a key policy object's key_for(step) handing back the one key it keeps, given to apply's rngs",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp


        class Arrivals(nn.Module):
            @nn.compact
            def __call__(self, x):
                rate = nn.softplus(nn.Dense(2)(x))
                return rate * jax.random.uniform(self.make_rng("arrivals"), rate.shape)


        class KeyPolicy:
            def __init__(self, key):
                self._key = key

            def key_for(self, step):
                del step
                return self._key


        class Simulator:
            def __init__(self, model, variables, policy):
                self.model = model
                self.variables = variables
                self.policy = policy

            def run(self, x, n):
                def body(step, out):
                    gaps = self.model.apply(self.variables, x, rngs={"arrivals": self.policy.key_for(step)})
                    return out.at[step].set(gaps)

                return jax.lax.fori_loop(0, n, body, jnp.zeros((n, 2)))


        def main():
            x = jnp.ones(3)
            model = Arrivals()
            variables = model.init({"params": jax.random.key(0), "arrivals": jax.random.key(1)}, x)
            out = Simulator(model, variables, KeyPolicy(jax.random.key(7))).run(x, 3)
            return bool(jnp.allclose(out[0], out[1]))
        """,
        ["31:61 SCN103"],
    ),
    Case(
        'the key policy folds the step into its key',
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp


        class Arrivals(nn.Module):
            @nn.compact
            def __call__(self, x):
                rate = nn.softplus(nn.Dense(2)(x))
                return rate * jax.random.uniform(self.make_rng("arrivals"), rate.shape)


        class KeyPolicy:
            def __init__(self, key):
                self._key = key

            def key_for(self, step):
                return jax.random.fold_in(self._key, step)


        class Simulator:
            def __init__(self, model, variables, policy):
                self.model = model
                self.variables = variables
                self.policy = policy

            def run(self, x, n):
                def body(step, out):
                    gaps = self.model.apply(self.variables, x, rngs={"arrivals": self.policy.key_for(step)})
                    return out.at[step].set(gaps)

                return jax.lax.fori_loop(0, n, body, jnp.zeros((n, 2)))


        def main():
            x = jnp.ones(3)
            model = Arrivals()
            variables = model.init({"params": jax.random.key(0), "arrivals": jax.random.key(1)}, x)
            out = Simulator(model, variables, KeyPolicy(jax.random.key(7))).run(x, 3)
            return bool(jnp.allclose(out[0], out[1]))
        """,
        [],
    ),
    Case(
        "NNX: a key drawn once from an unannotated rngs parameter of a store, handed to the model's Dropout every step",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Classifier(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 3, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def __call__(self, x, key=None):
                return self.drop(self.lin(x), deterministic=key is None, rngs=key)


        class Store:
            def __init__(self, model, rngs):
                self.model = model
                self.mask_key = rngs.mc()


        def passes(store, x, n):
            def body(carry, _):
                return carry, store.model(x, key=store.mask_key)

            return jax.lax.scan(body, None, None, length=n)[1]


        def main():
            out = passes(Store(Classifier(nnx.Rngs(0)), nnx.Rngs(mc=3)), jnp.ones((4,)), 3)
            return bool(jnp.allclose(out[0], out[1]))
        """,
        ["24:42 SCN103"],
    ),
    Case(
        'NNX: the stored key folded with the step in the body',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Classifier(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 3, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def __call__(self, x, key=None):
                return self.drop(self.lin(x), deterministic=key is None, rngs=key)


        class Store:
            def __init__(self, model, rngs):
                self.model = model
                self.mask_key = rngs.mc()


        def passes(store, x, n):
            def body(carry, i):
                return carry, store.model(x, key=jax.random.fold_in(store.mask_key, i))

            return jax.lax.scan(body, None, jnp.arange(n))[1]


        def main():
            out = passes(Store(Classifier(nnx.Rngs(0)), nnx.Rngs(mc=3)), jnp.ones((4,)), 3)
            return bool(jnp.allclose(out[0], out[1]))
        """,
        [],
    ),
    Case(
        "NNX: a stream's raw key (self.rngs.snow.key[...]) read in the body instead of drawn",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Planner:
            def __init__(self, rngs):
                self.rngs = rngs

            def noise(self, n):
                return jax.random.normal(self.rngs.snow.key[...], (n,))

            def plan(self, steps):
                def body(i, out):
                    return out.at[i].set(self.noise(3))

                return jax.lax.fori_loop(0, steps, body, jnp.zeros((steps, 3)))


        def main():
            out = Planner(nnx.Rngs(snow=5)).plan(3)
            return bool(jnp.allclose(out[0], out[1]))
        """,
        ["12:34 SCN103"],
    ),
    Case(
        "NNX: the stream's raw key folded with the step",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Planner:
            def __init__(self, rngs):
                self.rngs = rngs

            def noise(self, n, i):
                return jax.random.normal(jax.random.fold_in(self.rngs.snow.key[...], i), (n,))

            def plan(self, steps):
                def body(i, out):
                    return out.at[i].set(self.noise(3, i))

                return jax.lax.fori_loop(0, steps, body, jnp.zeros((steps, 3)))


        def main():
            out = Planner(nnx.Rngs(snow=5)).plan(3)
            return bool(jnp.allclose(out[0], out[1]))
        """,
        [],
    ),
    Case(
        "NNX: a key held in an nnx.Variable subclass, read with get_value() in the module's own fori_loop",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class KeyVar(nnx.Variable):
            pass


        class Drive(nnx.Module):
            def __init__(self, seed, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)
                self.noise_key = KeyVar(jax.random.key(seed))

            def simulate(self, x, n):
                def body(i, out):
                    slip = jax.random.normal(self.noise_key.get_value(), x.shape)
                    return out.at[i].set(self.lin(x + slip))

                return jax.lax.fori_loop(0, n, body, jnp.zeros((n, 3)))


        def main():
            out = Drive(3, nnx.Rngs(0)).simulate(jnp.ones(3), 3)
            return bool(jnp.allclose(out[0], out[1]))
        """,
        ["18:38 SCN103"],
    ),
    Case(
        "NNX: the same Variable's key read with [...]",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class KeyVar(nnx.Variable):
            pass


        class Drive(nnx.Module):
            def __init__(self, seed, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)
                self.noise_key = KeyVar(jax.random.key(seed))

            def simulate(self, x, n):
                def body(i, out):
                    slip = jax.random.normal(self.noise_key[...], x.shape)
                    return out.at[i].set(self.lin(x + slip))

                return jax.lax.fori_loop(0, n, body, jnp.zeros((n, 3)))


        def main():
            out = Drive(3, nnx.Rngs(0)).simulate(jnp.ones(3), 3)
            return bool(jnp.allclose(out[0], out[1]))
        """,
        ["18:38 SCN103"],
    ),
    Case(
        "NNX: the Variable's key folded with the step",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class KeyVar(nnx.Variable):
            pass


        class Drive(nnx.Module):
            def __init__(self, seed, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)
                self.noise_key = KeyVar(jax.random.key(seed))

            def simulate(self, x, n):
                def body(i, out):
                    slip = jax.random.normal(jax.random.fold_in(self.noise_key[...], i), x.shape)
                    return out.at[i].set(self.lin(x + slip))

                return jax.lax.fori_loop(0, n, body, jnp.zeros((n, 3)))


        def main():
            out = Drive(3, nnx.Rngs(0)).simulate(jnp.ones(3), 3)
            return bool(jnp.allclose(out[0], out[1]))
        """,
        [],
    ),
    Case(
        'a bound module with fixed rngs, built by a factory a classmethod registry keeps on a class-level dict',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Noisy(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dropout(0.5, deterministic=False)(nn.Dense(4)(x))


        class Registry:
            _entries: dict = {}

            @classmethod
            def provide(cls, name, build):
                cls._entries[name] = build()

            @classmethod
            def lookup(cls, name):
                return cls._entries[name]


        class Sampler:
            def __init__(self, model, variables, key):
                self.bound = model.bind(variables, rngs={"dropout": key})

            def draw(self, x):
                return self.bound(x)


        def sample(xs):
            def body(carry, x):
                sampler = Registry.lookup("sampler")
                return carry, sampler.draw(x)

            return jax.lax.scan(body, None, xs)[1]


        def main():
            model = Noisy()
            xs = jnp.ones((3, 2))
            variables = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, xs[0])
            Registry.provide("sampler", lambda: Sampler(model, variables, jax.random.key(2)))
            return sample(xs)
        """,
        ["30:16 SCN103"],
    ),
    Case(
        'the same class-level registry whose object folds the step into its key',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Noisy(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dropout(0.5, deterministic=False)(nn.Dense(4)(x))


        class Registry:
            _entries: dict = {}

            @classmethod
            def provide(cls, name, build):
                cls._entries[name] = build()

            @classmethod
            def lookup(cls, name):
                return cls._entries[name]


        class Sampler:
            def __init__(self, model, variables, key):
                self.model = model
                self.variables = variables
                self.key = key

            def draw(self, x, step):
                key = jax.random.fold_in(self.key, step)
                return self.model.apply(self.variables, x, rngs={"dropout": key})


        def sample(xs):
            def body(step, x):
                sampler = Registry.lookup("sampler")
                return step + 1, sampler.draw(x, step)

            return jax.lax.scan(body, 0, xs)[1]


        def main():
            model = Noisy()
            xs = jnp.ones((3, 2))
            variables = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, xs[0])
            Registry.provide("sampler", lambda: Sampler(model, variables, jax.random.key(2)))
            return sample(xs)
        """,
        [],
    ),
    Case(
        'a bound module whose key parameter defaults to None and then draws make_rng, called in the body without a key',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Jitter(nn.Module):
            @nn.compact
            def __call__(self, x, key=None):
                if key is None:
                    key = self.make_rng("noise")
                return nn.Dense(2)(x) + jax.random.normal(key, (2,))


        class Sampler:
            def __init__(self, model, variables, key):
                self.bound = model.bind(variables, rngs={"noise": key})

            def sample(self, xs, key):
                keys = jax.random.split(key, xs.shape[0])

                def body(i, out):
                    return out.at[i].set(self.bound(xs[i]))

                return jax.lax.fori_loop(0, xs.shape[0], body, jnp.zeros((xs.shape[0], 2)))


        def main():
            model = Jitter()
            xs = jnp.ones((3, 4))
            variables = model.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, xs[0])
            return Sampler(model, variables, jax.random.key(2)).sample(xs, jax.random.key(3))
        """,
        ["23:34 SCN103"],
    ),
    Case(
        'the same bound module given an element of keys split before the loop',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Jitter(nn.Module):
            @nn.compact
            def __call__(self, x, key=None):
                if key is None:
                    key = self.make_rng("noise")
                return nn.Dense(2)(x) + jax.random.normal(key, (2,))


        class Sampler:
            def __init__(self, model, variables, key):
                self.bound = model.bind(variables, rngs={"noise": key})

            def sample(self, xs, key):
                keys = jax.random.split(key, xs.shape[0])

                def body(i, out):
                    return out.at[i].set(self.bound(xs[i], keys[i]))

                return jax.lax.fori_loop(0, xs.shape[0], body, jnp.zeros((xs.shape[0], 2)))


        def main():
            model = Jitter()
            xs = jnp.ones((3, 4))
            variables = model.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, xs[0])
            return Sampler(model, variables, jax.random.key(2)).sample(xs, jax.random.key(3))
        """,
        [],
    ),
    Case(
        "a middleware layer closing over one key drawn from the codec's Rngs, the composed handler passed to a module-level loop wrapper",
        """
        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx


        class Codec(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)
                self.rngs = rngs

            def __call__(self, x):
                return self.lin(x)


        def noisy(codec):
            key = codec.rngs.noise()

            def layer(inner):
                def handle(t, x):
                    return inner(t, x + jax.random.normal(key, x.shape))
                return handle
            return layer


        def compose(codec, layers):
            handler = lambda t, x: codec(x)
            for layer in layers:
                handler = layer(handler)
            return handler


        def stream(handler, xs):
            def body(_, inputs):
                t, x = inputs
                return None, handler(t, x)

            return jax.lax.scan(body, None, (jnp.arange(xs.shape[0]), xs))[1]


        def main():
            codec = Codec(nnx.Rngs(params=0, noise=1))
            return stream(compose(codec, [noisy(codec)]), jnp.zeros((4, 3)))
        """,
        ["21:51 SCN103"],
    ),
    Case(
        'the same middleware layer folding the step into its key',
        """
        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx


        class Codec(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)
                self.rngs = rngs

            def __call__(self, x):
                return self.lin(x)


        def noisy(codec):
            key = codec.rngs.noise()

            def layer(inner):
                def handle(t, x):
                    return inner(t, x + jax.random.normal(jax.random.fold_in(key, t), x.shape))
                return handle
            return layer


        def compose(codec, layers):
            handler = lambda t, x: codec(x)
            for layer in layers:
                handler = layer(handler)
            return handler


        def stream(handler, xs):
            def body(_, inputs):
                t, x = inputs
                return None, handler(t, x)

            return jax.lax.scan(body, None, (jnp.arange(xs.shape[0]), xs))[1]


        def main():
            codec = Codec(nnx.Rngs(params=0, noise=1))
            return stream(compose(codec, [noisy(codec)]), jnp.zeros((4, 3)))
        """,
        [],
    ),
    Case(
        "apply kept in a NamedTuple a factory returns, called in the body with the tuple's fixed dropout key",
        """
        from typing import Any, NamedTuple

        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dropout(0.5, deterministic=False)(nn.Dense(4)(x))


        class Handle(NamedTuple):
            run: Any
            params: Any
            key: Any


        def build(seed):
            net = Net()
            params = net.init({"params": jax.random.key(seed), "dropout": jax.random.key(seed)}, jnp.ones(3))
            return Handle(net.apply, params, jax.random.key(seed + 1))


        def sample(handle, x, n):
            def body(carry, i):
                return carry, handle.run(handle.params, x, rngs={"dropout": handle.key})

            return jax.lax.scan(body, None, jnp.arange(n))[1]


        def main():
            return sample(build(0), jnp.ones(3), 3)
        """,
        ["29:57 SCN103"],
    ),
    Case(
        "the same NamedTuple's apply given its key folded with the step",
        """
        from typing import Any, NamedTuple

        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dropout(0.5, deterministic=False)(nn.Dense(4)(x))


        class Handle(NamedTuple):
            run: Any
            params: Any
            key: Any


        def build(seed):
            net = Net()
            params = net.init({"params": jax.random.key(seed), "dropout": jax.random.key(seed)}, jnp.ones(3))
            return Handle(net.apply, params, jax.random.key(seed + 1))


        def sample(handle, x, n):
            def body(carry, i):
                return carry, handle.run(handle.params, x, rngs={"dropout": jax.random.fold_in(handle.key, i)})

            return jax.lax.scan(body, None, jnp.arange(n))[1]


        def main():
            return sample(build(0), jnp.ones(3), 3)
        """,
        [],
    ),
    Case(
        'a partial of an NNX method fixing rngs= to one key drawn from an Rngs stream when the object is made',
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Head(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def sample(self, x, *, rngs):
                return self.drop(self.lin(x), rngs=rngs)


        class Sampler:
            def __init__(self, head: Head, rngs: nnx.Rngs):
                self.draw = functools.partial(head.sample, rngs=rngs.noise())

            def run(self, x, n):
                def body(i, out):
                    return out.at[i].set(self.draw(x))

                return jax.lax.fori_loop(0, n, body, jnp.zeros((n, 3)))


        def main():
            return Sampler(Head(nnx.Rngs(0)), nnx.Rngs(noise=3)).run(jnp.ones(3), 3)
        """,
        ["24:34 SCN103"],
    ),
    Case(
        'the same object folding the step into a key it drew once',
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Head(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def sample(self, x, *, rngs):
                return self.drop(self.lin(x), rngs=rngs)


        class Sampler:
            def __init__(self, head: Head, rngs: nnx.Rngs):
                self.draw = head.sample
                self.key = rngs.noise()

            def run(self, x, n):
                def body(i, out):
                    return out.at[i].set(self.draw(x, rngs=jax.random.fold_in(self.key, i)))

                return jax.lax.fori_loop(0, n, body, jnp.zeros((n, 3)))


        def main():
            return Sampler(Head(nnx.Rngs(0)), nnx.Rngs(noise=3)).run(jnp.ones(3), 3)
        """,
        [],
    ),
    Case(
        "a key a helper object's method draws from its Rngs stream before the loop, handed to the module every step",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Head(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def __call__(self, x, key):
                return self.drop(self.lin(x), rngs=key)


        class Keys:
            def __init__(self, rngs: nnx.Rngs):
                self.rngs = rngs

            def fresh(self):
                return self.rngs.mc()


        def passes(model, keys, x, n):
            key = keys.fresh()

            def body(carry, i):
                return carry, model(x, key)

            return jax.lax.scan(body, None, jnp.arange(n))[1]


        def main():
            return passes(Head(nnx.Rngs(0)), Keys(nnx.Rngs(mc=4)), jnp.ones(3), 3)
        """,
        ["28:32 SCN103"],
    ),
    Case(
        'the same key folded with the step',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Head(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def __call__(self, x, key):
                return self.drop(self.lin(x), rngs=key)


        class Keys:
            def __init__(self, rngs: nnx.Rngs):
                self.rngs = rngs

            def fresh(self):
                return self.rngs.mc()


        def passes(model, keys, x, n):
            key = keys.fresh()

            def body(carry, i):
                return carry, model(x, jax.random.fold_in(key, i))

            return jax.lax.scan(body, None, jnp.arange(n))[1]


        def main():
            return passes(Head(nnx.Rngs(0)), Keys(nnx.Rngs(mc=4)), jnp.ones(3), 3)
        """,
        [],
    ),
    Case(
        'a wrapper object whose __call__ forwards *args and **kwargs to a partial of apply that fixes the dropout key',
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dropout(0.5, deterministic=False)(nn.Dense(4)(x))


        class Forwarder:
            def __init__(self, model, variables, key):
                self.fn = functools.partial(model.apply, variables, rngs={"dropout": key})

            def __call__(self, *args, **kwargs):
                return self.fn(*args, **kwargs)


        def draws(predict, x, n):
            def body(carry, i):
                return carry, predict(x)

            return jax.lax.scan(body, None, jnp.arange(n))[1]


        def main():
            net = Net()
            variables = net.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, jnp.ones(3))
            return draws(Forwarder(net, variables, jax.random.key(2)), jnp.ones(3), 3)
        """,
        ["17:66 SCN103"],
    ),
    Case(
        'the same forwarding wrapper given a key split per step',
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Net(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dropout(0.5, deterministic=False)(nn.Dense(4)(x))


        class Forwarder:
            def __init__(self, model, variables, key):
                self.fn = functools.partial(model.apply, variables)

            def __call__(self, *args, **kwargs):
                return self.fn(*args, **kwargs)


        def draws(predict, x, n):
            keys = jax.random.split(jax.random.key(2), n)

            def body(carry, i):
                return carry, predict(x, rngs={"dropout": keys[i]})

            return jax.lax.scan(body, None, jnp.arange(n))[1]


        def main():
            net = Net()
            variables = net.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, jnp.ones(3))
            return draws(Forwarder(net, variables, jax.random.key(2)), jnp.ones(3), 3)
        """,
        [],
    ),
    Case(
        'a step factory picked from dict(pairs) of plugin names, closing over one key drawn from an Rngs stream',
        """
        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx


        class Net(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)

            def __call__(self, x):
                return self.lin(x)


        def noisy_step(model, rngs: nnx.Rngs):
            key = rngs.noise()

            def step(h, x):
                noise = jax.random.normal(key, h.shape)
                out = model(h) + x + noise
                return out, noise

            return step


        def plain_step(model, rngs: nnx.Rngs):
            def step(h, x):
                out = model(h) + x
                return out, out

            return step


        PLUGINS = [("noisy", noisy_step), ("plain", plain_step)]


        class Plugins:
            def __init__(self, pairs):
                self.table = dict(pairs)

            def get(self, name):
                return self.table[name]


        def simulate(plugins, model, rngs, xs):
            step = plugins.get("noisy")(model, rngs)
            return jax.lax.scan(step, jnp.zeros(3), xs)[1]


        def main():
            return simulate(Plugins(PLUGINS), Net(nnx.Rngs(0)), nnx.Rngs(noise=1), jnp.zeros((3, 3)))
        """,
        ["19:35 SCN103"],
    ),
    Case(
        "the same plugin's step folding the step count into its key",
        """
        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx


        class Net(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)

            def __call__(self, x):
                return self.lin(x)


        def noisy_step(model, rngs: nnx.Rngs):
            key = rngs.noise()

            def step(carry, x):
                h, t = carry
                noise = jax.random.normal(jax.random.fold_in(key, t), h.shape)
                out = model(h) + x + noise
                return (out, t + 1), noise

            return step


        def plain_step(model, rngs: nnx.Rngs):
            def step(h, x):
                out = model(h) + x
                return out, out

            return step


        PLUGINS = [("noisy", noisy_step), ("plain", plain_step)]


        class Plugins:
            def __init__(self, pairs):
                self.table = dict(pairs)

            def get(self, name):
                return self.table[name]


        def simulate(plugins, model, rngs, xs):
            step = plugins.get("noisy")(model, rngs)
            return jax.lax.scan(step, (jnp.zeros(3), 0), xs)[1]


        def main():
            return simulate(Plugins(PLUGINS), Net(nnx.Rngs(0)), nnx.Rngs(noise=1), jnp.zeros((3, 3)))
        """,
        [],
    ),
    Case(
        'partials of a method fixing noise_key= to a fold_in key per policy, kept in a list and called in the body',
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Policy(nnx.Module):
            def __init__(self, rngs):
                self.hidden = nnx.Linear(3, 8, rngs=rngs)
                self.drop = nnx.Dropout(0.5, rngs=rngs)
                self.out = nnx.Linear(8, 2, rngs=rngs)

            def act(self, obs, noise_key):
                h = self.drop(nnx.relu(self.hidden(obs)), rngs=noise_key)
                return self.out(h)


        class Rollouts:
            def __init__(self, policies, key):
                self.actors = [
                    functools.partial(policy.act, noise_key=jax.random.fold_in(key, i))
                    for i, policy in enumerate(policies)
                ]

            def run(self, obs, steps):
                results = []
                for actor in self.actors:
                    def step(carry, _):
                        return carry, actor(obs)

                    _, actions = jax.lax.scan(step, None, None, length=steps)
                    results.append(actions)
                return results


        def main():
            policies = [Policy(nnx.Rngs(0)), Policy(nnx.Rngs(1))]
            return Rollouts(policies, jax.random.key(7)).run(jnp.ones((3,)), 4)[0]
        """,
        ["31:31 SCN103"],
    ),
    Case(
        "the method's key passed per step from split keys given as xs",
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Policy(nnx.Module):
            def __init__(self, rngs):
                self.hidden = nnx.Linear(3, 8, rngs=rngs)
                self.drop = nnx.Dropout(0.5, rngs=rngs)
                self.out = nnx.Linear(8, 2, rngs=rngs)

            def act(self, obs, noise_key):
                h = self.drop(nnx.relu(self.hidden(obs)), rngs=noise_key)
                return self.out(h)


        class Rollouts:
            def __init__(self, policies, key):
                self.key = key
                self.policies = policies

            def run(self, obs, steps):
                results = []
                for i, policy in enumerate(self.policies):
                    actor = functools.partial(policy.act, obs)
                    def step(carry, key):
                        return carry, actor(noise_key=key)

                    keys = jax.random.split(jax.random.fold_in(self.key, i), steps)
                    _, actions = jax.lax.scan(step, None, keys)
                    results.append(actions)
                return results


        def main():
            policies = [Policy(nnx.Rngs(0)), Policy(nnx.Rngs(1))]
            return Rollouts(policies, jax.random.key(7)).run(jnp.ones((3,)), 4)[0]
        """,
        [],
    ),
    Case(
        "a plain object's method clones the nnx.Rngs it keeps and draws from the copy, called in the body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class NoiseSource:
            def __init__(self, seed):
                self.rngs = nnx.Rngs(jitter=seed)

            def jitter(self, shape):
                rngs = nnx.clone(self.rngs)
                return 0.05 * jax.random.normal(rngs.jitter(), shape)


        def simulate(source, positions):
            def step(pos, _):
                noise = source.jitter(pos.shape)
                return pos + noise, noise

            _, path = jax.lax.scan(step, positions, None, length=4)
            return path


        def main():
            return simulate(NoiseSource(3), jnp.zeros((2,)))
        """,
        ["12:16 SCN103"],
    ),
    Case(
        "the copied nnx.Rngs reseeded with the step's key before the draw",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class NoiseSource:
            def __init__(self, seed):
                self.rngs = nnx.Rngs(jitter=seed)

            def jitter(self, shape, key):
                rngs = nnx.clone(self.rngs)
                nnx.reseed(rngs, jitter=key)
                return 0.05 * jax.random.normal(rngs.jitter(), shape)


        def simulate(source, positions):
            def step(pos, key):
                noise = source.jitter(pos.shape, key)
                return pos + noise, noise

            keys = jax.random.split(jax.random.key(0), 4)
            _, path = jax.lax.scan(step, positions, keys)
            return path


        def main():
            return simulate(NoiseSource(3), jnp.zeros((2,)))
        """,
        [],
    ),
    Case(
        'a helper object clones the module in the body and reseeds the copy with the same seed every step',
        """
        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx

        SEED = 11


        class Sampler(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.3, rngs=rngs)

            def __call__(self, x):
                return self.drop(jnp.tanh(self.lin(x)))


        class Reproducer:
            def __init__(self, seed):
                self.seed = seed

            def fresh_copy(self, model):
                copy = nnx.clone(model)
                nnx.reseed(copy, dropout=self.seed)
                return copy


        def draws(model, x, n):
            helper = Reproducer(SEED)

            def step(carry, t):
                sample = helper.fresh_copy(model)(x)
                return carry, sample

            return jax.lax.scan(step, None, jnp.arange(n))[1]


        def main():
            return draws(Sampler(nnx.Rngs(0, dropout=1)), jnp.ones(4), 4)
        """,
        ["24:9 SCN103"],
    ),
    Case(
        'the copy reseeded with a key folded with the step',
        """
        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx

        SEED = 11


        class Sampler(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.3, rngs=rngs)

            def __call__(self, x):
                return self.drop(jnp.tanh(self.lin(x)))


        class Reproducer:
            def __init__(self, seed):
                self.seed = seed

            def fresh_copy(self, model, t):
                copy = nnx.clone(model)
                nnx.reseed(copy, dropout=jax.random.fold_in(jax.random.key(self.seed), t))
                return copy


        def draws(model, x, n):
            helper = Reproducer(SEED)

            def step(carry, t):
                sample = helper.fresh_copy(model, t)(x)
                return carry, sample

            return jax.lax.scan(step, None, jnp.arange(n))[1]


        def main():
            return draws(Sampler(nnx.Rngs(0, dropout=1)), jnp.ones(4), 4)
        """,
        [],
    ),
    Case(
        "nnx.merge(copy=True) of a carried state the body gives back unchanged, then a draw from the copy's own nnx.Rngs",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Walker(nnx.Module):
            def __init__(self, seed):
                self.rngs = nnx.Rngs(step=seed)
                self.scale = nnx.Param(jnp.ones(()))


        def walk(walker, n):
            graphdef, state = nnx.split(walker)

            def step(state, _):
                copy = nnx.merge(graphdef, state, copy=True)
                move = copy.scale * jax.random.normal(copy.rngs.step(), (2,))
                return state, move

            return jax.lax.scan(step, state, None, length=n)[1]


        def main():
            return walk(Walker(4), 5)
        """,
        ["17:16 SCN103"],
    ),
    Case(
        'the same copy whose state the body carries on (return nnx.state(copy))',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Walker(nnx.Module):
            def __init__(self, seed):
                self.rngs = nnx.Rngs(step=seed)
                self.scale = nnx.Param(jnp.ones(()))


        def walk(walker, n):
            graphdef, state = nnx.split(walker)

            def step(state, _):
                copy = nnx.merge(graphdef, state, copy=True)
                move = copy.scale * jax.random.normal(copy.rngs.step(), (2,))
                return nnx.state(copy), move

            return jax.lax.scan(step, state, None, length=n)[1]


        def main():
            return walk(Walker(4), 5)
        """,
        [],
    ),
    Case(
        'a key another method stores on the object (self.episode_key = self.rngs.noise()) handed to a module method that draws',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class NoisyHead(nnx.Module):
            def __init__(self, rngs):
                self.w = nnx.Param(jax.random.normal(rngs.params(), (3, 2)))

            def perturbed(self, x, key):
                return x @ (self.w[...] + 0.1 * jax.random.normal(key, self.w.shape))


        class Explorer:
            def __init__(self, seed):
                self.rngs = nnx.Rngs(params=seed, noise=seed + 1)
                self.head = NoisyHead(self.rngs)
                self.episode_key = None

            def start_episode(self):
                self.episode_key = self.rngs.noise()

            def rollout(self, x, steps):
                def step(carry, _):
                    return carry, self.head.perturbed(x, self.episode_key)

                return jax.lax.scan(step, None, None, length=steps)[1]


        def main():
            explorer = Explorer(0)
            explorer.start_episode()
            return explorer.rollout(jnp.ones(3), 4)
        """,
        ["26:50 SCN103"],
    ),
    Case(
        'the stored key folded with the step before it is handed on',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class NoisyHead(nnx.Module):
            def __init__(self, rngs):
                self.w = nnx.Param(jax.random.normal(rngs.params(), (3, 2)))

            def perturbed(self, x, key):
                return x @ (self.w[...] + 0.1 * jax.random.normal(key, self.w.shape))


        class Explorer:
            def __init__(self, seed):
                self.rngs = nnx.Rngs(params=seed, noise=seed + 1)
                self.head = NoisyHead(self.rngs)
                self.episode_key = None

            def start_episode(self):
                self.episode_key = self.rngs.noise()

            def rollout(self, x, steps):
                def step(carry, t):
                    return carry, self.head.perturbed(x, jax.random.fold_in(self.episode_key, t))

                return jax.lax.scan(step, None, jnp.arange(steps))[1]


        def main():
            explorer = Explorer(0)
            explorer.start_episode()
            return explorer.rollout(jnp.ones(3), 4)
        """,
        [],
    ),
    Case(
        'merge(copy=True) of a graphdef and state an outside object keeps as attributes, drawn from each step',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Generator(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.4, rngs=rngs)

            def __call__(self, z):
                return self.drop(self.lin(z))


        class Snapshot:
            def __init__(self, model):
                self.graphdef, self.state = nnx.split(model)


        def sample_many(snapshot, z, n):
            def draw(carry, _):
                model = nnx.merge(snapshot.graphdef, snapshot.state, copy=True)
                return carry, model(z)

            return jax.lax.scan(draw, None, None, length=n)[1]


        def main():
            snapshot = Snapshot(Generator(nnx.Rngs(0, dropout=1)))
            return sample_many(snapshot, jnp.ones(4), 4)
        """,
        ["23:17 SCN103"],
    ),
    Case(
        'the copied state carried through the loop',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Generator(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.4, rngs=rngs)

            def __call__(self, z):
                return self.drop(self.lin(z))


        class Snapshot:
            def __init__(self, model):
                self.graphdef, self.state = nnx.split(model)


        def sample_many(snapshot, z, n):
            def draw(state, _):
                model = nnx.merge(snapshot.graphdef, state, copy=True)
                out = model(z)
                return nnx.state(model), out

            return jax.lax.scan(draw, snapshot.state, None, length=n)[1]


        def main():
            snapshot = Snapshot(Generator(nnx.Rngs(0, dropout=1)))
            return sample_many(snapshot, jnp.ones(4), 4)
        """,
        [],
    ),
    Case(
        "apply in a comprehension over zip(params, keys) with keys split from the step's key in the body",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Head(nn.Module):
            @nn.compact
            def __call__(self, x, train=False):
                h = nn.Dropout(0.5, deterministic=not train)(nn.Dense(6)(x))
                return nn.Dense(1)(h)[..., 0]


        def mc_rounds(model, params_list, x, key, rounds):
            def body(key, _):
                key, round_key = jax.random.split(key)
                keys = jax.random.split(round_key, len(params_list))
                votes = jnp.stack([
                    model.apply(p, x, train=True, rngs={"dropout": k})
                    for p, k in zip(params_list, keys)
                ])
                return key, votes.mean(0)

            return jax.lax.scan(body, key, None, length=rounds)[1]


        def main():
            model = Head()
            x = jnp.ones((2, 3))
            params_list = [model.init(jax.random.key(i), x) for i in range(3)]
            return mc_rounds(model, params_list, x, jax.random.key(9), 4)
        """,
        [],
    ),
    Case(
        'a submodule that draws make_rng when its key argument is left out, called without one in the body',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Jitter(nn.Module):
            scale: float = 0.1

            @nn.compact
            def __call__(self, shape, key=None):
                key = self.make_rng("jitter") if key is None else key
                return self.scale * jax.random.normal(key, shape)


        class Walker(nn.Module):
            @nn.compact
            def __call__(self, xs):
                jitter = Jitter()
                step_size = nn.Dense(2)

                def step(pos, x):
                    move = step_size(x) + jitter(pos.shape)
                    return pos + move, move

                return jax.lax.scan(step, step_size(xs[0]), xs)[1]


        def main():
            model = Walker()
            xs = jnp.ones((4, 2))
            variables = model.init({"params": jax.random.key(0), "jitter": jax.random.key(1)}, xs)
            moves = model.apply(variables, xs, rngs={"jitter": jax.random.key(2)})
            return moves - moves.mean(0) + moves.mean(0)
        """,
        ["23:35 SCN103"],
    ),
    Case(
        "the same submodule given the step's key from xs, so its make_rng branch never runs",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Jitter(nn.Module):
            scale: float = 0.1

            @nn.compact
            def __call__(self, shape, key=None):
                key = self.make_rng("jitter") if key is None else key
                return self.scale * jax.random.normal(key, shape)


        class Walker(nn.Module):
            @nn.compact
            def __call__(self, xs):
                jitter = Jitter()
                step_size = nn.Dense(2)

                def step(pos, inputs):
                    x, key = inputs
                    move = step_size(x) + jitter(pos.shape, key)
                    return pos + move, move

                keys = jax.random.split(self.make_rng("jitter"), xs.shape[0])
                return jax.lax.scan(step, step_size(xs[0]), (xs, keys))[1]


        def main():
            model = Walker()
            xs = jnp.ones((4, 2))
            variables = model.init({"params": jax.random.key(0), "jitter": jax.random.key(1)}, xs)
            moves = model.apply(variables, xs, rngs={"jitter": jax.random.key(2)})
            return moves - moves.mean(0) + moves.mean(0)
        """,
        [],
    ),
    Case(
        "a setup submodule of a bound module (self.bound.jitter) that draws make_rng, called in the body with the binding's fixed key",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Jitter(nn.Module):
            scale: float = 0.1

            @nn.compact
            def __call__(self, x):
                return x + self.scale * jax.random.normal(self.make_rng("noise"), x.shape)


        class Walker(nn.Module):
            def setup(self):
                self.step = nn.Dense(2)
                self.jitter = Jitter()

            def __call__(self, x):
                return self.jitter(self.step(x))


        class Simulator:
            def __init__(self, model, variables, seed):
                self.bound = model.bind(variables, rngs={"noise": jax.random.key(seed)})

            def run(self, x0, steps):
                def body(x, _):
                    noise = self.bound.jitter(jnp.zeros_like(x))
                    return x + noise, noise

                return jax.lax.scan(body, x0, None, length=steps)[1]


        def main():
            model = Walker()
            x0 = jnp.zeros(2)
            variables = model.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, x0)
            return Simulator(model, variables, 3).run(x0, 4)
        """,
        ["30:21 SCN103"],
    ),
    Case(
        'the module bound in the body with a key folded with the step',
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Jitter(nn.Module):
            scale: float = 0.1

            @nn.compact
            def __call__(self, x):
                return x + self.scale * jax.random.normal(self.make_rng("noise"), x.shape)


        class Walker(nn.Module):
            def setup(self):
                self.step = nn.Dense(2)
                self.jitter = Jitter()

            def __call__(self, x):
                return self.jitter(self.step(x))


        class Simulator:
            def __init__(self, model, variables, seed):
                self.model = model
                self.variables = variables
                self.seed = seed

            def run(self, x0, steps):
                def body(x, t):
                    bound = self.model.bind(self.variables, rngs={"noise": jax.random.fold_in(jax.random.key(self.seed), t)})
                    noise = bound.jitter(jnp.zeros_like(x))
                    return x + noise, noise

                return jax.lax.scan(body, x0, jnp.arange(steps))[1]


        def main():
            model = Walker()
            x0 = jnp.zeros(2)
            variables = model.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, x0)
            return Simulator(model, variables, 3).run(x0, 4)
        """,
        [],
    ),
]

# Randomness behind a mode flag: silent when no run this file shows takes the drawing branch,
# flagged as before when some run does or when the runs are not all visible.
RNG_FLAGS = [
    Case(
        "not flagged: zoneout behind `if not self.deterministic`, the parent builds it with deterministic=True",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class ZoneoutRNN(nn.Module):
            hidden: int
            rate: float = 0.1
            deterministic: bool = False

            @nn.compact
            def __call__(self, xs):
                dense = nn.Dense(self.hidden)
                h0 = dense(jnp.zeros(xs.shape[1:-1] + (self.hidden,)))
                def step(h, x):
                    new = jnp.tanh(dense(h) + x)
                    if not self.deterministic:
                        keep = jax.random.bernoulli(self.make_rng("dropout"), self.rate, h.shape)
                        new = jnp.where(keep, h, new)
                    return new, new
                return jax.lax.scan(step, h0, xs)

        class Encoder(nn.Module):
            @nn.compact
            def __call__(self, xs):
                return ZoneoutRNN(8, deterministic=True)(xs)
        """,
        [],
    ),
    Case(
        "zoneout behind `if not self.deterministic`, one construction passes deterministic=False",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class ZoneoutRNN(nn.Module):
            hidden: int
            deterministic: bool = True

            @nn.compact
            def __call__(self, xs):
                def step(h, x):
                    if not self.deterministic:
                        h = h * jax.random.bernoulli(self.make_rng("dropout"), 0.9, h.shape)
                    return h + x, h
                return jax.lax.scan(step, xs[0], xs)

        eval_model = ZoneoutRNN(8)
        train_model = ZoneoutRNN(8, False)
        """,
        ["14:46 SCN103"],
    ),
    Case(
        "a field flag with no construction in the file is flagged as before",
        """
        import flax.linen as nn
        import jax

        class NoisyCell(nn.Module):
            training: bool = False

            @nn.compact
            def __call__(self, xs):
                def step(h, x):
                    if self.training:
                        h = h + jax.random.normal(self.make_rng("noise"), h.shape)
                    return h + x, h
                return jax.lax.scan(step, xs[0], xs)
        """,
        ["12:43 SCN103"],
    ),
    Case(
        "not flagged: `if train:` on a parameter that init and apply pass False",
        """
        import flax.linen as nn
        import jax

        class NoisyRNN(nn.Module):
            @nn.compact
            def __call__(self, xs, train: bool = True):
                def step(c, x):
                    if train:
                        c = c + 0.1 * jax.random.normal(self.make_rng("noise"), c.shape)
                    return c + x, c
                return jax.lax.scan(step, xs[0], xs)

        def evaluate(xs):
            model = NoisyRNN()
            variables = model.init(jax.random.PRNGKey(0), xs, train=False)
            return model.apply(variables, xs, False)
        """,
        [],
    ),
    Case(
        "`if train:` when one apply in the file passes train=True",
        """
        import flax.linen as nn
        import jax

        class NoisyRNN(nn.Module):
            @nn.compact
            def __call__(self, xs, train: bool = False):
                def step(c, x):
                    if train:
                        c = c + 0.1 * jax.random.normal(self.make_rng("noise"), c.shape)
                    return c + x, c
                return jax.lax.scan(step, xs[0], xs)

        def run(xs):
            model = NoisyRNN()
            variables = model.init(jax.random.PRNGKey(0), xs, train=False)
            evaluated = model.apply(variables, xs, train=False)
            trained = model.apply(variables, xs, train=True, rngs={"noise": jax.random.PRNGKey(1)})
            return evaluated, trained
        """,
        ["10:49 SCN103"],
    ),
    Case(
        "`if train:` when the model's apply is handed to a trainer (runs not visible)",
        """
        import flax.linen as nn
        import jax
        from flax.training import train_state

        class NoisyRNN(nn.Module):
            @nn.compact
            def __call__(self, xs, train: bool = False):
                def step(c, x):
                    if train:
                        c = c + jax.random.normal(self.make_rng("noise"), c.shape)
                    return c + x, c
                return jax.lax.scan(step, xs[0], xs)

        def make_state(xs, tx):
            model = NoisyRNN()
            variables = model.init(jax.random.PRNGKey(0), xs)
            return train_state.TrainState.create(apply_fn=model.apply, params=variables["params"], tx=tx)
        """,
        ["11:43 SCN103"],
    ),
    Case(
        "not flagged: noise in the else branch of `if self.deterministic:` (field default True, never overridden)",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class NoisyWalk(nn.Module):
            size: int
            deterministic: bool = True

            @nn.compact
            def __call__(self, steps):
                def step(carry, t):
                    if self.deterministic:
                        noise = jnp.zeros_like(carry)
                    else:
                        noise = jax.random.normal(self.make_rng("noise"), carry.shape)
                    return carry + noise, noise
                return jax.lax.scan(step, jnp.zeros(self.size), jnp.arange(steps))

        walk = NoisyWalk(size=3)
        """,
        [],
    ),
    Case(
        "noise picked with jnp.where is drawn whatever the flag (both sides run)",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class NoisyWalk(nn.Module):
            deterministic: bool = True

            @nn.compact
            def __call__(self, xs):
                def step(carry, x):
                    noise = jax.random.normal(self.make_rng("noise"), carry.shape)
                    return carry + jnp.where(self.deterministic, 0.0, noise) + x, noise
                return jax.lax.scan(step, xs[0], xs)

        walk = NoisyWalk()
        """,
        ["12:39 SCN103"],
    ),
    Case(
        "not flagged: nn.Dropout(rate)(x, deterministic=not train) and Dropout(deterministic=self.deterministic), eval runs only",
        """
        import flax.linen as nn
        import jax

        class DropRNN(nn.Module):
            rate: float = 0.1
            deterministic: bool = True

            @nn.compact
            def __call__(self, xs, train: bool = False):
                def step(c, x):
                    c = nn.Dropout(self.rate)(c, deterministic=not train)
                    c = nn.Dropout(self.rate, deterministic=self.deterministic)(c)
                    return c + x, c
                return jax.lax.scan(step, xs[0], xs)

        def predict(variables, xs):
            return DropRNN(0.2).apply(variables, xs)
        """,
        [],
    ),
    Case(
        "nn.Dropout(rate)(x, deterministic=not train) when a parent module passes train through from an unknown caller",
        """
        import flax.linen as nn
        import jax

        class DropRNN(nn.Module):
            @nn.compact
            def __call__(self, xs, train: bool = False):
                def step(c, x):
                    c = nn.Dropout(0.1)(c, deterministic=not train)
                    return c + x, c
                return jax.lax.scan(step, xs[0], xs)

        class Tagger(nn.Module):
            @nn.compact
            def __call__(self, xs, train):
                return DropRNN()(xs, train=train)
        """,
        ["9:17 SCN103"],
    ),
    Case(
        "not flagged: a setup Dropout called with deterministic= a parameter whose runs are all True",
        """
        import flax.linen as nn
        import jax

        class Cell(nn.Module):
            def setup(self):
                self.dense = nn.Dense(4)
                self.drop = nn.Dropout(0.3)

            def __call__(self, xs, deterministic: bool = True):
                first = self.dense(xs[0])
                def step(c, x):
                    return self.drop(self.dense(c), deterministic=deterministic) + x, c
                return jax.lax.scan(step, first, xs)

        class Tower(nn.Module):
            def setup(self):
                self.cell = Cell()

            def __call__(self, xs):
                return self.cell(xs, deterministic=True)
        """,
        [],
    ),
    Case(
        "a setup Dropout called with deterministic=not train, the tower applied with train=True",
        """
        import flax.linen as nn
        import jax

        class Cell(nn.Module):
            def setup(self):
                self.dense = nn.Dense(4)
                self.drop = nn.Dropout(0.3)

            def __call__(self, xs, train: bool = False):
                first = self.dense(xs[0])
                def step(c, x):
                    return self.drop(self.dense(c), deterministic=not train) + x, c
                return jax.lax.scan(step, first, xs)

        def train_step(variables, xs, key):
            return Cell().apply(variables, xs, train=True, rngs={"dropout": key})
        """,
        ["13:20 SCN103"],
    ),
    Case(
        "not flagged: a same-file block that only draws when not deterministic, called with deterministic=True",
        """
        import flax.linen as nn
        import jax

        class Block(nn.Module):
            @nn.compact
            def __call__(self, x, deterministic: bool = False):
                x = nn.Dense(4)(x)
                if deterministic:
                    return x
                return nn.Dropout(0.1)(x, deterministic=False)

        class Stack(nn.Module):
            def setup(self):
                self.block = Block()

            def __call__(self, xs):
                first = self.block(xs[0], deterministic=True)
                def step(c, x):
                    return self.block(c, deterministic=True) + x, None
                return jax.lax.scan(step, first, xs)
        """,
        [],
    ),
    Case(
        "a same-file block that draws when not deterministic, called once with its default False",
        """
        import flax.linen as nn
        import jax

        class Block(nn.Module):
            @nn.compact
            def __call__(self, x, deterministic: bool = False):
                x = nn.Dense(4)(x)
                if deterministic:
                    return x
                return nn.Dropout(0.1)(x, deterministic=False)

        class Stack(nn.Module):
            def setup(self):
                self.block = Block()

            def __call__(self, xs):
                first = self.block(xs[0])
                def step(c, x):
                    return self.block(c, deterministic=True) + x, None
                return jax.lax.scan(step, first, xs)
        """,
        ["20:20 SCN103"],
    ),
    Case(
        "`if train:` when the model is also bound (`model.bind(variables)`): a run the file does not follow",
        """
        import flax.linen as nn
        import jax

        class NoisyRNN(nn.Module):
            @nn.compact
            def __call__(self, xs, train: bool = False):
                def step(c, x):
                    if train:
                        c = c + jax.random.normal(self.make_rng("noise"), c.shape)
                    return c + x, c
                return jax.lax.scan(step, xs[0], xs)

        def run(xs):
            model = NoisyRNN()
            variables = model.init(jax.random.PRNGKey(0), xs)
            return model.bind(variables, rngs={"noise": jax.random.PRNGKey(1)})(xs, train=True)
        """,
        ["10:43 SCN103"],
    ),
    Case(
        "not flagged: `nn.merge_param(...)` of a field set True by every construction",
        """
        import flax.linen as nn
        import jax

        class NoisyRNN(nn.Module):
            deterministic: bool | None = None

            @nn.compact
            def __call__(self, xs, deterministic: bool | None = None):
                merged = nn.merge_param("deterministic", self.deterministic, deterministic)
                def step(c, x):
                    if not merged:
                        c = c + jax.random.normal(self.make_rng("noise"), c.shape)
                    return c + x, c
                return jax.lax.scan(step, xs[0], xs)

        class Head(nn.Module):
            @nn.compact
            def __call__(self, xs):
                return NoisyRNN(deterministic=True)(xs)
        """,
        [],
    ),
    Case(
        "not flagged: `deterministic = nn.merge_param(..., deterministic)` rebinds the parameter, every call passes True",
        """
        import flax.linen as nn
        import jax

        class NoisyRNN(nn.Module):
            deterministic: bool | None = None

            @nn.compact
            def __call__(self, xs, deterministic: bool | None = None):
                deterministic = nn.merge_param("deterministic", self.deterministic, deterministic)
                def step(c, x):
                    if not deterministic:
                        c = c + jax.random.normal(self.make_rng("noise"), c.shape)
                    return c + x, c
                return jax.lax.scan(step, xs[0], xs)

        class Head(nn.Module):
            @nn.compact
            def __call__(self, xs):
                return NoisyRNN()(xs, deterministic=True)
        """,
        [],
    ),
    Case(
        "`deterministic = nn.merge_param(..., deterministic)` when one call passes False",
        """
        import flax.linen as nn
        import jax

        class NoisyRNN(nn.Module):
            deterministic: bool | None = None

            @nn.compact
            def __call__(self, xs, deterministic: bool | None = None):
                deterministic = nn.merge_param("deterministic", self.deterministic, deterministic)
                def step(c, x):
                    if not deterministic:
                        c = c + jax.random.normal(self.make_rng("noise"), c.shape)
                    return c + x, c
                return jax.lax.scan(step, xs[0], xs)

        class Head(nn.Module):
            @nn.compact
            def __call__(self, xs):
                return NoisyRNN()(xs, deterministic=True) + NoisyRNN()(xs, deterministic=False)
        """,
        ["13:43 SCN103"],
    ),
    Case(
        "not flagged: `self(obs, deterministic=True)` in an apply-only rollout's scan body; init runs `__call__` with its default",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Policy(nn.Module):
            @nn.compact
            def __call__(self, obs, deterministic=True):
                h = nn.relu(nn.Dense(16)(obs))
                h = nn.Dropout(0.5)(h, deterministic=deterministic)
                return nn.Dense(3)(h)

            def rollout(self, obs0, steps):
                def body(obs, _):
                    action = self(obs, deterministic=True)
                    return obs, action
                return jax.lax.scan(body, obs0, None, length=steps)

        model = Policy()
        variables = model.init(jax.random.PRNGKey(0), jnp.ones((2, 3)))
        actions = model.apply(variables, jnp.ones((2, 3)), 4, method=Policy.rollout, rngs={})
        """,
        [],
    ),
    Case(
        "`self(obs, deterministic=False)` in the scan body draws one dropout mask for every step",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Policy(nn.Module):
            @nn.compact
            def __call__(self, obs, deterministic=True):
                h = nn.relu(nn.Dense(16)(obs))
                h = nn.Dropout(0.5)(h, deterministic=deterministic)
                return nn.Dense(3)(h)

            def rollout(self, obs0, steps):
                def body(obs, _):
                    action = self(obs, deterministic=False)
                    return obs, action
                return jax.lax.scan(body, obs0, None, length=steps)

        model = Policy()
        variables = model.init(jax.random.PRNGKey(0), jnp.ones((2, 3)))
        actions = model.apply(variables, jnp.ones((2, 3)), 4, method=Policy.rollout, rngs={"dropout": jax.random.PRNGKey(1)})
        """,
        ["10:13 SCN103"],
    ),
    Case(
        "not flagged: the training instance (deterministic=False) only runs init; the instance that runs the rollout scan is deterministic",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Forecaster(nn.Module):
            deterministic: bool = False

            @nn.compact
            def __call__(self, x):
                h = nn.relu(nn.Dense(16)(x))
                h = nn.Dropout(0.2, deterministic=self.deterministic)(h)
                return nn.Dense(1)(h)

            def rollout(self, x0, horizon):
                def step(x, _):
                    y = self(x)
                    return jnp.concatenate([x[..., 1:], y], -1), y
                return jax.lax.scan(step, x0, None, length=horizon)[1]

        x = jnp.ones((2, 4))
        train_model = Forecaster()
        params = train_model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, x)
        eval_model = Forecaster(deterministic=True)
        forecast = eval_model.apply(params, x, 5, method=Forecaster.rollout, rngs={"dropout": jax.random.PRNGKey(2)})
        """,
        [],
    ),
    Case(
        "the instance that runs the rollout scan is built with deterministic=False",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Forecaster(nn.Module):
            deterministic: bool = False

            @nn.compact
            def __call__(self, x):
                h = nn.relu(nn.Dense(16)(x))
                h = nn.Dropout(0.2, deterministic=self.deterministic)(h)
                return nn.Dense(1)(h)

            def rollout(self, x0, horizon):
                def step(x, _):
                    y = self(x)
                    return jnp.concatenate([x[..., 1:], y], -1), y
                return jax.lax.scan(step, x0, None, length=horizon)[1]

        x = jnp.ones((2, 4))
        train_model = Forecaster()
        params = train_model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, x)
        eval_model = Forecaster(deterministic=False)
        forecast = eval_model.apply(params, x, 5, method=Forecaster.rollout, rngs={"dropout": jax.random.PRNGKey(2)})
        """,
        ["12:13 SCN103"],
    ),
    Case(
        "not flagged: training applies `__call__` with train=True, but the rollout's body calls `self(window, train=False)`",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Forecaster(nn.Module):
            def setup(self):
                self.inp = nn.Dense(8)
                self.drop = nn.Dropout(0.3)
                self.out = nn.Dense(1)

            def __call__(self, x, train: bool = False):
                return self.out(self.drop(nn.tanh(self.inp(x)), deterministic=not train))

            def rollout(self, window, horizon):
                def step(window, _):
                    y = self(window, train=False)
                    return jnp.concatenate([window[:, 1:], y], axis=1), y
                return jax.lax.scan(step, window, None, length=horizon)[1]

        model = Forecaster()
        window = jnp.ones((2, 6))
        variables = model.init(jax.random.PRNGKey(0), window)
        loss = model.apply(variables, window, train=True, rngs={"dropout": jax.random.PRNGKey(1)})
        preds = model.apply(variables, window, 5, method=Forecaster.rollout, rngs={"dropout": jax.random.PRNGKey(2)})
        """,
        [],
    ),
    Case(
        "the rollout's body calls `self(window, train=True)`: the setup Dropout draws one mask for every step",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Forecaster(nn.Module):
            def setup(self):
                self.inp = nn.Dense(8)
                self.drop = nn.Dropout(0.3)
                self.out = nn.Dense(1)

            def __call__(self, x, train: bool = False):
                return self.out(self.drop(nn.tanh(self.inp(x)), deterministic=not train))

            def rollout(self, window, horizon):
                def step(window, _):
                    y = self(window, train=True)
                    return jnp.concatenate([window[:, 1:], y], axis=1), y
                return jax.lax.scan(step, window, None, length=horizon)[1]

        model = Forecaster()
        window = jnp.ones((2, 6))
        variables = model.init(jax.random.PRNGKey(0), window)
        loss = model.apply(variables, window, train=True, rngs={"dropout": jax.random.PRNGKey(1)})
        preds = model.apply(variables, window, 5, method=Forecaster.rollout, rngs={"dropout": jax.random.PRNGKey(2)})
        """,
        ["13:25 SCN103"],
    ),
]


SUBMODULE = [
    Case(
        "a module built in `__call__`, bound by `partial(time_rescaled, func)`, handed to an integrator whose body passes it to a step helper",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        def time_rescaled(f, horizon, s, y):
            return horizon * f(s * horizon, y)

        def rk4_step(f, t, y, dt):
            k1 = f(t, y)
            return y + dt * f(t + dt, y + dt * k1)

        def odeint(f, y0, num_steps):
            def body(i, y):
                return rk4_step(f, i * 0.1, y, 0.1)
            return jax.lax.fori_loop(0, num_steps, body, y0)

        class ODEFunc(nn.Module):
            @nn.compact
            def __call__(self, t, y):
                return nn.Dense(y.shape[-1])(y * t)

        class Classifier(nn.Module):
            @nn.compact
            def __call__(self, y0):
                func = ODEFunc()
                return odeint(functools.partial(time_rescaled, func, 1.0), y0, 4)
        """,
        ["29:56 SCN104"],
    ),
    Case(
        "not flagged: the same integrator after a first call of the module",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        def time_rescaled(f, horizon, s, y):
            return horizon * f(s * horizon, y)

        def rk4_step(f, t, y, dt):
            k1 = f(t, y)
            return y + dt * f(t + dt, y + dt * k1)

        def odeint(f, y0, num_steps):
            def body(i, y):
                return rk4_step(f, i * 0.1, y, 0.1)
            return jax.lax.fori_loop(0, num_steps, body, y0)

        class ODEFunc(nn.Module):
            @nn.compact
            def __call__(self, t, y):
                return nn.Dense(y.shape[-1])(y * t)

        class Classifier(nn.Module):
            @nn.compact
            def __call__(self, y0):
                func = ODEFunc()
                func(0.0, y0)
                return odeint(functools.partial(time_rescaled, func, 1.0), y0, 4)
        """,
        [],
    ),
    Case(
        "a submodule first run through a method of its own class (`self.decoder.refine(z)`) in a fori_loop body that `init(method=VAE.sample)` runs",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Decoder(nn.Module):
            def setup(self):
                self.to_data = nn.Dense(3)
                self.to_latent = nn.Dense(2)

            def refine(self, z):
                x = self.to_data(z)
                return z + 0.1 * self.to_latent(x), x

        class VAE(nn.Module):
            def setup(self):
                self.decoder = Decoder()

            def __call__(self, z):
                return self.decoder.refine(z)[1]

            def sample(self, z):
                def body(_, carry):
                    return self.decoder.refine(carry[0])
                return jax.lax.fori_loop(0, 3, body, (z, jnp.zeros(z.shape[:-1] + (3,))))[1]

        def main():
            model = VAE()
            z = jnp.zeros((2, 2))
            variables = model.init(jax.random.key(0), z, method=VAE.sample)
            return model.apply(variables, z, method=VAE.sample)
        """,
        ["24:20 SCN104"],
    ),
    Case(
        "not flagged: the same sampler when `init` runs `__call__`, which calls that method first",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Decoder(nn.Module):
            def setup(self):
                self.to_data = nn.Dense(3)
                self.to_latent = nn.Dense(2)

            def refine(self, z):
                x = self.to_data(z)
                return z + 0.1 * self.to_latent(x), x

        class VAE(nn.Module):
            def setup(self):
                self.decoder = Decoder()

            def __call__(self, z):
                return self.decoder.refine(z)[1]

            def sample(self, z):
                def body(_, carry):
                    return self.decoder.refine(carry[0])
                return jax.lax.fori_loop(0, 3, body, (z, jnp.zeros(z.shape[:-1] + (3,))))[1]

        def main():
            model = VAE()
            z = jnp.zeros((2, 2))
            variables = model.init(jax.random.key(0), z)
            return model.apply(variables, z, method=VAE.sample)
        """,
        [],
    ),
    Case(
        "a setup submodule first called through a partial of a method handed to an integrator a module-level factory returns",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        def make_euler(num_steps):
            def integrate(fn, y0):
                def body(y, t):
                    return y + 0.1 * fn(y, t), None
                return jax.lax.scan(body, y0, jnp.arange(num_steps) * 0.1)[0]
            return integrate

        class ODEBlock(nn.Module):
            def setup(self):
                self.field = nn.Dense(4)

            def velocity(self, y, t, scale):
                return scale * self.field(y)

            def __call__(self, y):
                integrate = make_euler(5)
                return integrate(functools.partial(self.velocity, scale=1.0), y)
        """,
        ["20:24 SCN104"],
    ),
    Case(
        "not flagged: the same integrator when `__call__` calls the field once before integrating",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        def make_euler(num_steps):
            def integrate(fn, y0):
                def body(y, t):
                    return y + 0.1 * fn(y, t), None
                return jax.lax.scan(body, y0, jnp.arange(num_steps) * 0.1)[0]
            return integrate

        class ODEBlock(nn.Module):
            def setup(self):
                self.field = nn.Dense(4)

            def velocity(self, y, t, scale):
                return scale * self.field(y)

            def __call__(self, y):
                integrate = make_euler(5)
                _ = self.field(y)
                return integrate(functools.partial(self.velocity, scale=1.0), y)
        """,
        [],
    ),
    Case(
        "setup submodule first called in the body",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class CellRNN(nn.Module):
            def setup(self):
                self.cell = nn.Dense(4)

            def __call__(self, xs):
                def step(carry, x):
                    h = jnp.tanh(self.cell(carry) + x)
                    return h, h
                return jax.lax.scan(step, jnp.zeros(4), xs)
        """,
        ["12:26 SCN104"],
    ),
    Case(
        "compact local module built outside the body, called first inside and after the scan",
        """
        from flax import linen as nn
        from jax import lax

        class LocalCell(nn.Module):
            @nn.compact
            def __call__(self, carry, xs):
                cell = nn.LSTMCell(4)
                carry, ys = lax.scan(lambda c, x: cell(c, x), carry, xs)
                return cell(carry, xs[-1])
        """,
        ["9:43 SCN104"],
    ),
    Case(
        "body is self.method, import flax.linen, list of setup layers",
        """
        import flax.linen
        import jax

        class Layers(flax.linen.Module):
            def setup(self):
                self.layers = [flax.linen.Dense(4) for _ in range(2)]
                self.gru = flax.linen.GRUCell(4)

            def step(self, carry, x):
                carry, y = self.gru(carry, self.layers[0](x))
                return carry, y

            def __call__(self, carry, xs):
                return jax.lax.scan(self.step, carry, xs)
        """,
        ["11:20 SCN104", "11:36 SCN104"],
    ),
    Case(
        "helper method the body calls runs the submodule",
        """
        import flax.linen as nn
        from jax import lax

        class Helper(nn.Module):
            def setup(self):
                self.proj = nn.Dense(4)

            def project(self, h):
                return self.proj(h)

            def __call__(self, xs):
                def step(c, x):
                    return self.project(c) + x, None
                return lax.scan(step, xs[0], xs)
        """,
        ["10:16 SCN104"],
    ),
    Case(
        "not flagged: called once before the scan, or in the scan's init argument",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class CalledFirst(nn.Module):
            def setup(self):
                self.cell = nn.Dense(4)
                self.head = nn.Dense(4)

            def __call__(self, xs):
                init = jnp.tanh(self.cell(xs[0]))
                def step(carry, x):
                    h = jnp.tanh(self.cell(carry) + self.head(x))
                    return h, h
                return jax.lax.scan(step, init + self.head(xs[0]), xs[1:])
        """,
        [],
    ),
    Case(
        "not flagged: a submodule handed in as a field (its first call is not visible here)",
        """
        import flax.linen as nn
        from jax import lax

        class Wrapper(nn.Module):
            cell: nn.Module

            def __call__(self, xs):
                def step(c, x):
                    return self.cell(c) + x, None
                return lax.scan(step, xs[0], xs)
        """,
        [],
    ),
    Case(
        "not flagged: a sampling method scans over submodules that __call__ built at init",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Decoder(nn.Module):
            def setup(self):
                self.cell = nn.Dense(4)
                self.readout = nn.Dense(4)

            def __call__(self, xs):
                return self.readout(jnp.tanh(self.cell(xs)))

            def sample(self, h0, steps):
                def step(h, _):
                    h = jnp.tanh(self.cell(h))
                    return h, self.readout(h)
                return jax.lax.scan(step, h0, None, length=steps)
        """,
        [],
    ),
    Case(
        "the same sampling method, when init runs it through method=",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Decoder(nn.Module):
            def setup(self):
                self.cell = nn.Dense(4)
                self.readout = nn.Dense(4)

            def __call__(self, xs):
                return self.readout(jnp.tanh(self.cell(xs)))

            def sample(self, h0, steps):
                def step(h, _):
                    h = jnp.tanh(self.cell(h))
                    return h, self.readout(h)
                return jax.lax.scan(step, h0, None, length=steps)

        def build(key):
            return Decoder().init(key, jnp.zeros(4), 3, method=Decoder.sample)
        """,
        ["16:26 SCN104", "17:23 SCN104"],
    ),
    Case(
        "a method init reaches from __call__ through another method is flagged, with the path",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Encoder(nn.Module):
            def setup(self):
                self.cell = nn.Dense(4)

            def __call__(self, xs):
                return self.encode(xs)

            def encode(self, xs):
                def step(h, x):
                    h = jnp.tanh(self.cell(h) + x)
                    return h, h
                return jax.lax.scan(step, jnp.zeros(4), xs)
        """,
        ["15:26 SCN104"],
    ),
    Case(
        "a setup submodule passed to a module-level helper that calls it in the body",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        def update(cell, h, x):
            return jnp.tanh(cell(h) + x)

        class CellRNN(nn.Module):
            def setup(self):
                self.cell = nn.Dense(4)

            def __call__(self, xs):
                def step(h, x):
                    h = update(self.cell, h, x)
                    return h, h
                return jax.lax.scan(step, jnp.zeros(4), xs)
        """,
        ["15:17 SCN104"],
    ),
    Case(
        "a setup submodule called through nn.cond in the body",
        """
        import flax.linen as nn
        import jax.numpy as jnp
        from jax.lax import scan

        class CondRNN(nn.Module):
            def setup(self):
                self.cell = nn.Dense(4)

            def __call__(self, xs):
                def step(h, x):
                    h = nn.cond(x.sum() > 0, lambda mdl, v: mdl.cell(v), lambda mdl, v: mdl.cell(-v), self, h)
                    return h, h
                return scan(step, jnp.zeros(4), xs)
        """,
        ["12:53 SCN104", "12:81 SCN104"],
    ),
    Case(
        "not flagged: the same nn.cond after the method called the submodule",
        """
        import flax.linen as nn
        from jax.lax import scan

        class CondRNN(nn.Module):
            def setup(self):
                self.cell = nn.Dense(4)

            def __call__(self, xs):
                h0 = self.cell(xs[0])
                def step(h, x):
                    h = nn.cond(x.sum() > 0, lambda mdl, v: mdl.cell(v), lambda mdl, v: mdl.cell(-v), self, h)
                    return h, h
                return scan(step, h0, xs)
        """,
        [],
    ),
    Case(
        "self(...) in the body of a method init runs through method=",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Generator(nn.Module):
            def setup(self):
                self.cell = nn.Dense(4)

            def __call__(self, h):
                return jnp.tanh(self.cell(h))

            def rollout(self, h, n):
                return jax.lax.scan(lambda c, _: (self(c), c), h, None, length=n)

        def build(key):
            return Generator().init(key, jnp.zeros(4), 3, method=Generator.rollout)
        """,
        ["14:43 SCN104"],
    ),
    Case(
        "not flagged: the same rollout when init goes through __call__",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Generator(nn.Module):
            def setup(self):
                self.cell = nn.Dense(4)

            def __call__(self, h):
                return jnp.tanh(self.cell(h))

            def rollout(self, h, n):
                return jax.lax.scan(lambda c, _: (self(c), c), h, None, length=n)

        def build(key):
            return Generator().init(key, jnp.zeros(4))
        """,
        [],
    ),
    Case(
        "not flagged: the submodule handed to a helper before the scan",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        def field(net, h):
            return jnp.tanh(net(h))

        class Flow(nn.Module):
            def setup(self):
                self.net = nn.Dense(3)

            def __call__(self, h0):
                h = h0 + 0.1 * field(self.net, h0)
                return jax.lax.scan(lambda h, t: (h + 0.1 * field(self.net, h), None), h, jnp.arange(5.0))
        """,
        [],
    ),
    Case(
        "a field submodule first called by a module-level integrator, through a partial",
        """
        import functools

        import flax.linen as nn
        from jax import lax

        def euler(field, y0, ts, dt):
            def step(y, t):
                y = y + dt * field(y)
                return y, y
            return lax.scan(step, y0, ts)

        class Flow(nn.Module):
            drift: nn.Module

            def velocity(self, y):
                return self.drift(y)

            def __call__(self, y0, ts):
                return euler(functools.partial(Flow.velocity, self), y0, ts, 0.1)[1]
        """,
        [],  # `Flow.velocity` bound by partial is not followed: unknown stays silent
    ),
    Case(
        "a module-level integrator run only under apply (the sampling idiom), and a plain callable",
        """
        import flax.linen as nn
        import jax.numpy as jnp
        from jax import lax

        def rollout(field, y0, ts):
            def step(y, t):
                y = y + 0.1 * field(y)
                return y, y
            return lax.scan(step, y0, ts)

        class Model(nn.Module):
            net: nn.Module

            def __call__(self, y):
                return self.net(y)

            def sample(self, y0, ts):
                return rollout(lambda y: self.net(y), y0, ts)

        def decay(y0, ts):
            return rollout(jnp.tanh, y0, ts)
        """,
    ),
    Case(
        "a compact cell handed to a module-level step with functools.partial",
        """
        import functools

        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        def gru_step(cell, h, x):
            h, y = cell(h, x)
            return h, y

        class Encoder(nn.Module):
            @nn.compact
            def __call__(self, xs):
                cell = nn.GRUCell(8)
                step = functools.partial(gru_step, cell)
                return jax.lax.scan(step, jnp.zeros((xs.shape[1], 8)), xs)
        """,
        ["9:12 SCN104"],
    ),
    Case(
        "not flagged: the partial's cell called on the first element before the scan",
        """
        from functools import partial

        import flax.linen as nn
        from jax import lax
        import jax.numpy as jnp

        def gru_step(cell, h, x):
            return cell(h, x)

        class Encoder(nn.Module):
            @nn.compact
            def __call__(self, xs):
                cell = nn.GRUCell(8)
                h, _ = cell(jnp.zeros((xs.shape[1], 8)), xs[0])
                return lax.scan(partial(gru_step, cell), h, xs[1:])
        """,
        [],
    ),
    Case(
        "a body made by a module-level factory around a cell: compact, and setup through a name",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        def make_step(cell):
            def step(carry, x):
                carry, y = cell(carry, x)
                return carry, y
            return step

        class Encoder(nn.Module):
            def setup(self):
                self.cell = nn.GRUCell(8)

            def __call__(self, xs):
                step_fn = make_step(self.cell)
                return jax.lax.scan(step_fn, jnp.zeros((xs.shape[1], 8)), xs)
        """,
        ["8:20 SCN104"],
    ),
    Case(
        "a body made by a method of the module",
        """
        from flax import linen as nn
        from jax.lax import scan
        import jax.numpy as jnp

        class Encoder(nn.Module):
            def setup(self):
                self.cell = nn.GRUCell(8)

            def make_step(self, scale):
                def step(carry, x):
                    carry, y = self.cell(carry, x * scale)
                    return carry, y
                return step

            def __call__(self, xs):
                return scan(self.make_step(0.5), jnp.zeros((xs.shape[1], 8)), xs)
        """,
        ["12:24 SCN104"],
    ),
    Case(
        "not flagged: the factory's cell called on the first element before the scan",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        def make_step(cell):
            def step(carry, x):
                return cell(carry, x)
            return step

        class Encoder(nn.Module):
            @nn.compact
            def __call__(self, xs):
                cell = nn.GRUCell(8)
                h, _ = cell(jnp.zeros((xs.shape[1], 8)), xs[0])
                return jax.lax.scan(make_step(cell), h, xs[1:])
        """,
        [],
    ),
    Case(
        "a setup submodule first called in a branch function nn.cond runs in the body",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        def mirror(mdl, h):
            return -mdl.refine(-h)

        class Refiner(nn.Module):
            def setup(self):
                self.refine = nn.Dense(4)

            def __call__(self, xs):
                def refine_branch(mdl, h):
                    return mdl.refine(h)

                def step(h, x):
                    h = nn.cond(jnp.sum(x) > 0, refine_branch, mirror, self, h)
                    return h, h

                return jax.lax.scan(step, jnp.zeros(4), xs)
        """,
        ["7:13 SCN104", "15:20 SCN104"],
    ),
    Case(
        "not flagged: the branch's submodule called before the scan",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Refiner(nn.Module):
            def setup(self):
                self.refine = nn.Dense(4)

            def __call__(self, xs):
                def refine_branch(mdl, h):
                    return mdl.refine(h)

                def step(h, x):
                    h = nn.cond(jnp.sum(x) > 0, refine_branch, lambda mdl, h: h, self, h)
                    return h, h

                return jax.lax.scan(step, self.refine(xs[0]), xs)
        """,
        [],
    ),
    Case(
        "a submodule first called in a fori_loop body and in a while_loop body",
        """
        import flax.linen as nn
        from jax import lax
        from jax.lax import fori_loop
        import jax.numpy as jnp

        class Decoder(nn.Module):
            @nn.compact
            def __call__(self, xs):
                cell = nn.GRUCell(4)
                head = nn.Dense(4)
                h = fori_loop(0, xs.shape[0], lambda i, h: cell(h, xs[i])[0], jnp.zeros(4))
                return lax.while_loop(lambda s: s[0] < 3, lambda s: (s[0] + 1, head(s[1])), (0, h))
        """,
        ["12:52 SCN104", "13:72 SCN104"],
    ),
    Case(
        "not flagged: fori_loop and while_loop bodies over submodules called before the loop",
        """
        import flax.linen as nn
        from jax import lax
        import jax.numpy as jnp

        class Decoder(nn.Module):
            @nn.compact
            def __call__(self, xs):
                cell = nn.GRUCell(4)
                head = nn.Dense(4)
                h, _ = cell(jnp.zeros(4), xs[0])
                h = lax.fori_loop(1, xs.shape[0], lambda i, h: cell(h, xs[i])[0], head(h))
                return lax.while_loop(lambda s: s[0] < 3, lambda s: (s[0] + 1, head(s[1])), (0, h))
        """,
        [],
    ),
    Case(
        "the module's own method bound with functools.partial(Class.method, self)",
        """
        import functools

        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Encoder(nn.Module):
            def setup(self):
                self.cell = nn.GRUCell(8)

            def step(self, h, x):
                return self.cell(h, x)

            def __call__(self, xs):
                h0 = jnp.zeros((xs.shape[1], 8))
                return jax.lax.scan(functools.partial(Encoder.step, self), h0, xs)
        """,
        ["13:16 SCN104"],
    ),
    Case(
        "the module handed to a module-level step by keyword",
        """
        from functools import partial

        import flax.linen as nn
        from jax import lax
        import jax.numpy as jnp

        def step_fn(h, x, *, module):
            return module.cell(h, x)

        class Encoder(nn.Module):
            def setup(self):
                self.cell = nn.GRUCell(8)

            def __call__(self, xs):
                return lax.scan(partial(step_fn, module=self), jnp.zeros((xs.shape[1], 8)), xs)
        """,
        ["9:12 SCN104"],
    ),
    Case(
        "not flagged: a keyword partial whose module runs under apply only (the sampling idiom)",
        """
        from functools import partial

        import flax.linen as nn
        from jax import lax
        import jax.numpy as jnp

        def step_fn(h, x, *, module):
            return module.cell(h, x)

        class Encoder(nn.Module):
            def setup(self):
                self.cell = nn.GRUCell(8)

            def __call__(self, xs):
                return self.cell(jnp.zeros((xs.shape[1], 8)), xs[0])

            def sample(self, xs):
                return lax.scan(partial(step_fn, module=self), jnp.zeros((xs.shape[1], 8)), xs)
        """,
        [],
    ),
    Case(
        "a `field: nn.Module` handed to a module-level RK4 integrator with `*args`, called only in its scan body",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        def odeint_rk4(f, y0, ts, *args):
            def rk4(y, dt):
                k1 = f(y, *args)
                k2 = f(y + dt / 2 * k1, *args)
                y = y + dt / 2 * (k1 + k2)
                return y, y
            return jax.lax.scan(lambda y, dt: rk4(y, dt), y0, jnp.diff(ts))[1]

        class MLPField(nn.Module):
            @nn.compact
            def __call__(self, y, scale):
                return scale * nn.Dense(y.shape[-1])(y)

        class NeuralODE(nn.Module):
            field: nn.Module

            def __call__(self, y0, ts):
                return odeint_rk4(self.field, y0, ts, 0.5)

        ode = NeuralODE(field=MLPField())
        """,
        ["23:27 SCN104"],
    ),
    Case(
        "not flagged: the integrator calls the field once before its scan, to build the first carry",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        def odeint_euler(f, y0, ts):
            y0 = y0 + 0.0 * f(y0)
            def euler(y, dt):
                y = y + dt * f(y)
                return y, y
            return jax.lax.scan(euler, y0, jnp.diff(ts))[1]

        class MLPField(nn.Module):
            @nn.compact
            def __call__(self, y):
                return nn.Dense(y.shape[-1])(y)

        class NeuralODE(nn.Module):
            field: nn.Module

            def __call__(self, y0, ts):
                return odeint_euler(self.field, y0, ts)

        ode = NeuralODE(field=MLPField())
        """,
        [],
    ),
    Case(
        "setup layers first called by a `for layer in self.layers` loop inside the body",
        """
        import flax.linen as nn
        from jax import lax

        class Block(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dense(4)(x)

        class Stack(nn.Module):
            def setup(self):
                self.layers = [Block() for _ in range(3)]

            def __call__(self, xs):
                def step(h, x):
                    for i, layer in enumerate(self.layers):
                        h = layer(h) + x
                    return h, h
                return lax.scan(step, xs[0], xs)
        """,
        ["17:21 SCN104"],
    ),
    Case(
        "not flagged: the same layers run once by a `for` loop before the scan",
        """
        import flax.linen as nn
        from jax import lax

        class Block(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dense(4)(x)

        class Stack(nn.Module):
            def setup(self):
                self.layers = [Block() for _ in range(3)]

            def __call__(self, xs):
                h0 = xs[0]
                for layer in self.layers:
                    h0 = layer(h0)
                def step(h, x):
                    for layer in self.layers:
                        h = layer(h) + x
                    return h, h
                return lax.scan(step, h0, xs)
        """,
        [],
    ),
    Case(
        "lax.switch over a branch list bound to a name (`branches = [self.fa, self.fb]`), methods first calling setup submodules",
        """
        import flax.linen as nn
        from jax import lax

        class Flow(nn.Module):
            def setup(self):
                self.a = nn.Dense(4)
                self.b = nn.Dense(4)

            def fa(self, z):
                return self.a(z)

            def fb(self, z):
                return self.b(z)

            def __call__(self, x):
                branches = [self.fa, self.fb]
                def body(i, z):
                    return lax.switch(i % 2, branches, z)
                return lax.fori_loop(0, 4, body, x)
        """,
        ["11:16 SCN104", "14:16 SCN104"],
    ),
    Case(
        "not flagged: the same branch list after both branches ran once before the loop",
        """
        import flax.linen as nn
        from jax import lax

        class Flow(nn.Module):
            def setup(self):
                self.a = nn.Dense(4)
                self.b = nn.Dense(4)

            def fa(self, z):
                return self.a(z)

            def fb(self, z):
                return self.b(z)

            def __call__(self, x):
                x = self.a(x) + self.b(x)
                branches = [self.fa, self.fb]
                def body(i, z):
                    return lax.switch(i % 2, branches, z)
                return lax.fori_loop(0, 4, body, x)
        """,
        [],
    ),
    Case(
        "setup submodules gathered in a local dict, the decoder's first call through it in the body",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class TrajectoryAutoencoder(nn.Module):
            def setup(self):
                self.encoder = nn.Dense(8)
                self.decoder = nn.Dense(5)

            def __call__(self, obs0):
                parts = {"enc": self.encoder, "dec": self.decoder}
                z0 = parts["enc"](obs0)
                def body(z, _):
                    return z, parts["dec"](z)
                return jax.lax.scan(body, z0, None, length=4)[1]
        """,
        ["15:23 SCN104"],
    ),
    Case(
        "not flagged: the decoder is called through the dict once before the loop",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn

        class TrajectoryAutoencoder(nn.Module):
            def setup(self):
                self.encoder = nn.Dense(8)
                self.decoder = nn.Dense(5)

            def __call__(self, obs0):
                parts = {"enc": self.encoder, "dec": self.decoder}
                z0 = parts["enc"](obs0)
                first = parts["dec"](z0)
                def body(z, _):
                    return z, parts["dec"](z)
                return first, jax.lax.scan(body, z0, None, length=4)[1]
        """,
        [],
    ),
    Case(
        "lax.switch over `[lambda z, l=l: l(z) for l in self.layers]`, the setup layers first called there",
        """
        import flax.linen as nn
        from jax import lax

        class Flow(nn.Module):
            def setup(self):
                self.layers = [nn.Dense(4) for _ in range(3)]

            def __call__(self, x):
                branches = [lambda z, l=l: l(z) for l in self.layers]
                def body(i, z):
                    return lax.switch(i % 3, branches, z)
                return lax.fori_loop(0, 6, body, x)
        """,
        ["10:36 SCN104"],
    ),
    Case(
        "not flagged: the layers ran once in a for loop before the switch loop",
        """
        import flax.linen as nn
        from jax import lax

        class Flow(nn.Module):
            def setup(self):
                self.layers = [nn.Dense(4) for _ in range(3)]

            def __call__(self, x):
                for layer in self.layers:
                    x = layer(x)
                branches = [lambda z, l=l: l(z) for l in self.layers]
                def body(i, z):
                    return lax.switch(i % 3, branches, z)
                return lax.fori_loop(0, 6, body, x)
        """,
        [],
    ),
    Case(
        "nn.switch over lambdas capturing compact experts built in a list comprehension",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Router(nn.Module):
            @nn.compact
            def __call__(self, x):
                experts = [nn.Dense(8, name=f"expert_{i}") for i in range(3)]
                branches = [lambda mdl, h, e=e: e(h) for e in experts]
                def body(i, h):
                    return jnp.tanh(nn.switch(i % 3, branches, self, h))
                return jax.lax.fori_loop(0, 4, body, x)
        """,
        ["10:41 SCN104"],
    ),
    Case(
        "not flagged: every expert ran before the loop",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Router(nn.Module):
            @nn.compact
            def __call__(self, x):
                experts = [nn.Dense(8, name=f"expert_{i}") for i in range(3)]
                x = sum(e(x) for e in experts)
                for e in experts:
                    x = e(x)
                branches = [lambda mdl, h, e=e: e(h) for e in experts]
                def body(i, h):
                    return jnp.tanh(nn.switch(i % 3, branches, self, h))
                return jax.lax.fori_loop(0, 4, body, x)
        """,
        [],
    ),
    Case(
        "a factory returns `functools.partial(refine, head)` as the scan body; the setup head is first called there",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        def _refine(head, carry, target):
            delta = head(jnp.concatenate([carry, target], -1))
            return carry + delta, delta

        def make_refine_step(head):
            return functools.partial(_refine, head)

        class IterativeRefiner(nn.Module):
            def setup(self):
                self.stem = nn.Dense(4)
                self.head = nn.Dense(4)

            def __call__(self, x, targets):
                return jax.lax.scan(make_refine_step(self.head), self.stem(x), targets)
        """,
        ["9:13 SCN104"],
    ),
    Case(
        "not flagged: the head runs once before the factory-made partial is scanned",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        def _refine(head, carry, target):
            delta = head(jnp.concatenate([carry, target], -1))
            return carry + delta, delta

        def make_refine_step(head):
            return functools.partial(_refine, head)

        class IterativeRefiner(nn.Module):
            def setup(self):
                self.stem = nn.Dense(4)
                self.head = nn.Dense(4)

            def __call__(self, x, targets):
                init = self.stem(x)
                init = init + self.head(jnp.concatenate([init, targets[0]], -1))
                return jax.lax.scan(make_refine_step(self.head), init, targets)
        """,
        [],
    ),
    Case(
        "a compact submodule handed to nn.cond as the module its module-level branches call",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        def residual(mdl, h):
            return h + mdl(h)

        def plain(mdl, h):
            return mdl(h)

        class GatedDepth(nn.Module):
            @nn.compact
            def __call__(self, xs):
                proj = nn.Dense(3)

                def body(h, x):
                    h = nn.cond(jnp.sum(x) > 0, residual, plain, proj, jnp.tanh(h + x))
                    return h, None

                return jax.lax.scan(body, jnp.zeros(3), xs)[0]
        """,
        ["18:17 SCN104"],
    ),
    Case(
        "not flagged: the same nn.cond after the method called the submodule once",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        def residual(mdl, h):
            return h + mdl(h)

        def plain(mdl, h):
            return mdl(h)

        class GatedDepth(nn.Module):
            @nn.compact
            def __call__(self, xs):
                proj = nn.Dense(3)
                h0 = proj(xs[0])

                def body(h, x):
                    h = nn.cond(jnp.sum(x) > 0, residual, plain, proj, jnp.tanh(h + x))
                    return h, None

                return jax.lax.scan(body, h0, xs)[0]
        """,
        [],
    ),
    Case(
        "not flagged: nn.cond branches that never call the module they are handed",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        def shrink(mdl, h):
            return 0.5 * h

        def keep(mdl, h):
            return h

        class GatedDepth(nn.Module):
            @nn.compact
            def __call__(self, xs):
                proj = nn.Dense(3)

                def body(h, x):
                    h = nn.cond(jnp.sum(x) > 0, shrink, keep, proj, jnp.tanh(h + x))
                    return h, None

                return jax.lax.scan(body, proj(xs[0]), xs)[0]
        """,
        [],
    ),
    Case(
        "not flagged: the body function itself runs once before the fori_loop while the module initializes",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Recycler(nn.Module):
            @nn.compact
            def __call__(self, nodes):
                trunk = nn.Dense(4, name="trunk")
                def recycle(i, prev):
                    return jax.lax.stop_gradient(trunk(nodes + prev))
                prev = jnp.zeros_like(nodes)
                if self.is_initializing():
                    prev = recycle(0, prev)
                return jax.lax.fori_loop(0, 3, recycle, prev)
        """,
        [],
    ),
    Case(
        "the body function runs before the loop only when the module is not initializing",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Recycler(nn.Module):
            @nn.compact
            def __call__(self, nodes):
                trunk = nn.Dense(4, name="trunk")
                def recycle(i, prev):
                    return jax.lax.stop_gradient(trunk(nodes + prev))
                prev = jnp.zeros_like(nodes)
                if not self.is_initializing():
                    prev = recycle(0, prev)
                return jax.lax.fori_loop(0, 3, recycle, prev)
        """,
        ["11:42 SCN104"],
    ),
    Case(
        "not flagged: every `init` the file shows enters a method (`method=Model.chunk_logits`), so `init` never runs the scan in `__call__`",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn
        import optax

        class Recognizer(nn.Module):
            def setup(self):
                self.rnn = nn.GRUCell(4)
                self.classifier = nn.Dense(3)

            def chunk_logits(self, state, chunk):
                state, out = self.rnn(state, chunk)
                return state, self.classifier(out)

            def __call__(self, chunks):
                state = jnp.zeros((chunks.shape[1], 4))
                return jax.lax.scan(lambda s, c: self.chunk_logits(s, c), state, chunks)[1]

        def main():
            model = Recognizer()
            chunks = jnp.ones((6, 2, 4))
            variables = model.init(jax.random.key(0), jnp.zeros((2, 4)), chunks[0], method=Recognizer.chunk_logits)
            opt_state = optax.adam(1e-3).init(variables["params"])
            return model.apply(variables, chunks)
        """,
        [],
    ),
    Case(
        "the same model when another `init` of it enters through `__call__`",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Recognizer(nn.Module):
            def setup(self):
                self.rnn = nn.GRUCell(4)
                self.classifier = nn.Dense(3)

            def chunk_logits(self, state, chunk):
                state, out = self.rnn(state, chunk)
                return state, self.classifier(out)

            def __call__(self, chunks):
                state = jnp.zeros((chunks.shape[1], 4))
                return jax.lax.scan(lambda s, c: self.chunk_logits(s, c), state, chunks)[1]

        def main():
            model = Recognizer()
            chunks = jnp.ones((6, 2, 4))
            warm = model.init(jax.random.key(0), jnp.zeros((2, 4)), chunks[0], method=Recognizer.chunk_logits)
            variables = model.init(jax.random.key(0), chunks)
            return model.apply(variables, chunks)
        """,
        ["12:22 SCN104", "13:23 SCN104"],
    ),
    Case(
        "not flagged: a same-file submodule that creates no variable (a fixed stencil of jnp operations) first called in the body",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class Stencil(nn.Module):
            @nn.compact
            def __call__(self, u_prev, u, c2):
                lap = jnp.roll(u, 1) - 2 * u + jnp.roll(u, -1)
                return 2 * u - u_prev + c2 * nn.tanh(lap)

        class Wave(nn.Module):
            def setup(self):
                self.profile = nn.Dense(4)
                self.stencil = Stencil()

            def __call__(self, u0):
                c2 = self.profile(u0) ** 2

                def step(i, fields):
                    u_prev, u = fields
                    return u, self.stencil(u_prev, u, c2)

                return jax.lax.fori_loop(0, 5, step, (u0, u0))
        """,
        [],
    ),
    Case(
        "a same-file submodule whose call creates a parameter, or runs a layer, first called in the body",
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        class LearnedStencil(nn.Module):
            @nn.compact
            def __call__(self, u_prev, u, c2):
                lap = jnp.roll(u, 1) - 2 * u + jnp.roll(u, -1)
                scale = self.param("scale", nn.initializers.ones, ())
                return 2 * u - u_prev + c2 * scale * lap

        class DenseStencil(nn.Module):
            @nn.compact
            def __call__(self, u_prev, u, c2):
                return 2 * u - u_prev + c2 * nn.Dense(u.shape[-1])(u)

        class Wave(nn.Module):
            def setup(self):
                self.profile = nn.Dense(4)
                self.stencil = LearnedStencil()
                self.dense_stencil = DenseStencil()

            def __call__(self, u0):
                c2 = self.profile(u0) ** 2

                def step(i, fields):
                    u_prev, u = fields
                    return u, self.stencil(u_prev, u, c2) + self.dense_stencil(u_prev, u, c2)

                return jax.lax.fori_loop(0, 5, step, (u0, u0))
        """,
        ["29:23 SCN104", "29:53 SCN104"],
    ),
    Case(
        "a helper the body runs is called before the scan, but the submodule the body calls first is not among what that helper calls",
        """
        import jax
        import flax.linen as nn

        class Encoder(nn.Module):
            def setup(self):
                self.layers = [nn.Dense(4) for _ in range(2)]
                self.recycle = nn.Dense(4)
                self.head = nn.Dense(2)

            def trunk(self, h):
                for layer in self.layers:
                    h = layer(h)
                return h

            def __call__(self, h0):
                first = self.trunk(h0)

                def body(prev, _):
                    return self.trunk(self.recycle(prev) + h0), None

                final, _ = jax.lax.scan(body, first, None, length=2)
                return self.head(final)
        """,
        ["20:31 SCN104"],
    ),
    Case(
        "not flagged: the helper called before the scan is the one that calls the submodule",
        """
        import jax
        import flax.linen as nn

        class Encoder(nn.Module):
            def setup(self):
                self.layers = [nn.Dense(4) for _ in range(2)]
                self.recycle = nn.Dense(4)
                self.head = nn.Dense(2)

            def trunk(self, h):
                for layer in self.layers:
                    h = layer(h)
                return h

            def _recycle(self, prev, h0):
                return self.trunk(self.recycle(prev) + h0)

            def __call__(self, h0):
                first = self._recycle(h0, h0)

                def body(prev, _):
                    return self._recycle(prev, h0), None

                final, _ = jax.lax.scan(body, first, None, length=2)
                return self.head(final)
        """,
        [],
    ),
    Case(
        "not flagged: the body, which calls a method of the submodule (`self.tracker.score`), runs once before the scan while initializing",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Tracker(nn.Module):
            def setup(self):
                self.mean = self.variable("monitor", "mean", lambda: jnp.zeros(()))

            def score(self, stats, err):
                return 0.9 * stats + 0.1 * err, err - self.mean.value

        class Monitor(nn.Module):
            def setup(self):
                self.decoder = nn.Dense(3)
                self.tracker = Tracker()

            def __call__(self, series):
                def step(stats, x):
                    err = jnp.mean((self.decoder(x) - x) ** 2)
                    return self.tracker.score(stats, err)

                if self.is_initializing():
                    step(jnp.zeros(()), series[0])
                return jax.lax.scan(step, jnp.zeros(()), series)
        """,
        [],
    ),
    Case(
        "not flagged: a submodule whose `setup` holds only an `nn.Dropout`, first called in the body with per-step keys",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class FrameDropper(nn.Module):
            rate: float = 0.3

            def setup(self):
                self.drop = nn.Dropout(self.rate)

            def __call__(self, frame, rng):
                keep = self.drop(jnp.ones_like(frame), deterministic=False, rng=rng)
                return frame * keep

        class Recognizer(nn.Module):
            def setup(self):
                self.dropper = FrameDropper()
                self.classify = nn.Dense(4)

            def __call__(self, frames):
                keys = jax.random.split(self.make_rng("dropout"), frames.shape[0])

                def body(pooled, xs):
                    frame, key = xs
                    return pooled + self.dropper(frame, key), None

                pooled, _ = jax.lax.scan(body, jnp.zeros_like(frames[0]), (frames, keys))
                return self.classify(pooled)
        """,
        [],
    ),
    Case(
        "submodule: a partial of a setup submodule's method handed to a module-level solver's fori_loop",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        def odeint_euler(func, y0, num_steps):
            def body(i, y):
                return y + 0.1 * func(i * 0.1, y)
            return jax.lax.fori_loop(0, num_steps, body, y0)

        class VectorField(nn.Module):
            def setup(self):
                self.hidden = nn.Dense(16)
                self.out = nn.Dense(4)

            def dynamics(self, t, y, scale=1.0):
                return scale * self.out(jnp.tanh(self.hidden(y) + t))

        class NeuralODE(nn.Module):
            def setup(self):
                self.field = VectorField()

            def __call__(self, y0):
                f = functools.partial(self.field.dynamics, scale=0.5)
                return odeint_euler(f, y0, 6)
        """,
        ['27:29 SCN104'],
    ),
    Case(
        "submodule: a setup submodule's bound method taken to a local and handed to a solver",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        def odeint_euler(func, y0, num_steps):
            def body(i, y):
                return y + 0.1 * func(i * 0.1, y)
            return jax.lax.fori_loop(0, num_steps, body, y0)

        class VectorField(nn.Module):
            def setup(self):
                self.hidden = nn.Dense(16)
                self.out = nn.Dense(4)

            def dynamics(self, t, y, scale=1.0):
                return scale * self.out(jnp.tanh(self.hidden(y) + t))

        class NeuralODE(nn.Module):
            def setup(self):
                self.field = VectorField()

            def __call__(self, y0):
                f = self.field.dynamics
                return odeint_euler(f, y0, 6)
        """,
        ['27:29 SCN104'],
    ),
    Case(
        "submodule negative: the partial of the submodule's method is called once before the solver",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        def odeint_euler(func, y0, num_steps):
            def body(i, y):
                return y + 0.1 * func(i * 0.1, y)
            return jax.lax.fori_loop(0, num_steps, body, y0)

        class VectorField(nn.Module):
            def setup(self):
                self.hidden = nn.Dense(16)
                self.out = nn.Dense(4)

            def dynamics(self, t, y, scale=1.0):
                return scale * self.out(jnp.tanh(self.hidden(y) + t))

        class NeuralODE(nn.Module):
            def setup(self):
                self.field = VectorField()

            def __call__(self, y0):
                f = functools.partial(self.field.dynamics, scale=0.5)
                f(0.0, y0)
                return odeint_euler(f, y0, 6)
        """,
        [],
    ),
    Case(
        "submodule negative: the submodule's method is called directly before the solver",
        """
        import functools

        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        def odeint_euler(func, y0, num_steps):
            def body(i, y):
                return y + 0.1 * func(i * 0.1, y)
            return jax.lax.fori_loop(0, num_steps, body, y0)

        class VectorField(nn.Module):
            def setup(self):
                self.hidden = nn.Dense(16)
                self.out = nn.Dense(4)

            def dynamics(self, t, y, scale=1.0):
                return scale * self.out(jnp.tanh(self.hidden(y) + t))

        class NeuralODE(nn.Module):
            def setup(self):
                self.field = VectorField()

            def __call__(self, y0):
                f = self.field.dynamics
                self.field.dynamics(0.0, y0)
                return odeint_euler(f, y0, 6)
        """,
        [],
    ),
    Case(
        "a step function rebound to its checkpointed self (`step = jax.checkpoint(step)`) first calls a submodule at init",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Smoother(nn.Module):
            width: int = 6

            @nn.compact
            def __call__(self, xs):
                gate = nn.Dense(self.width)

                def step(h, x):
                    h = h + jax.nn.sigmoid(gate(x)) * (x - h)
                    return h, h

                step = jax.checkpoint(step)
                _, hs = jax.lax.scan(step, jnp.zeros_like(xs[0]), xs)
                return hs

        def main():
            model = Smoother()
            xs = jnp.ones((5, 2, 6))
            variables = model.init(jax.random.PRNGKey(0), xs)
            return model.apply(variables, xs)
        """,
        ["14:36 SCN104"],
    ),
    Case(
        "not flagged: the submodule the checkpointed step calls is called once before the scan",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Smoother(nn.Module):
            width: int = 6

            @nn.compact
            def __call__(self, xs):
                gate = nn.Dense(self.width)
                gate(xs[0])

                def step(h, x):
                    h = h + jax.nn.sigmoid(gate(x)) * (x - h)
                    return h, h

                step = jax.checkpoint(step)
                _, hs = jax.lax.scan(step, jnp.zeros_like(xs[0]), xs)
                return hs

        def main():
            model = Smoother()
            xs = jnp.ones((5, 2, 6))
            variables = model.init(jax.random.PRNGKey(0), xs)
            return model.apply(variables, xs)
        """,
        [],
    ),
    Case(
        '`init` given `method="step"` (a string) runs only the step method, which calls the submodule; the scan in `__call__` runs under `apply`',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Head(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dense(2)(x)


        class Forecaster(nn.Module):
            def setup(self):
                self.head = Head()

            def step(self, prev, x):
                return self.head(x) + 0.5 * prev

            def __call__(self, xs):
                def body(prev, x):
                    y = self.step(prev, x)
                    return y, y

                return jax.lax.scan(body, jnp.zeros((xs.shape[1], 2)), xs)[1]


        def main():
            model = Forecaster()
            xs = jnp.ones((5, 3, 4))
            variables = model.init(jax.random.key(0), jnp.zeros((3, 2)), xs[0], method="step")
            return model.apply(variables, xs)
        """,
        [],
    ),
    Case(
        "the same module also initialised through `__call__`, whose scan body makes the submodule's first call",
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Head(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dense(2)(x)


        class Forecaster(nn.Module):
            def setup(self):
                self.head = Head()

            def step(self, prev, x):
                return self.head(x) + 0.5 * prev

            def __call__(self, xs):
                def body(prev, x):
                    y = self.step(prev, x)
                    return y, y

                return jax.lax.scan(body, jnp.zeros((xs.shape[1], 2)), xs)[1]


        def main():
            model = Forecaster()
            xs = jnp.ones((5, 3, 4))
            variables = model.init(jax.random.key(0), jnp.zeros((3, 2)), xs[0], method="step")
            variables = model.init(jax.random.key(0), xs)
            return model.apply(variables, xs)
        """,
        ["18:16 SCN104"],
    ),
    Case(
        'a lifted class bound to a module-level name (CheckpointedBlock = nn.remat(Block)), built in a compact method and warmed up before the scan',
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp


        class Block(nn.Module):
            @nn.compact
            def __call__(self, x):
                return x + nn.Dense(3)(x)


        CheckpointedBlock = nn.remat(Block)


        class Stack(nn.Module):
            @nn.compact
            def __call__(self, xs):
                block = CheckpointedBlock()
                first = block(xs[0])

                def body(h, x):
                    h = block(h + x)
                    return h, h

                return jax.lax.scan(body, first, xs[1:])[1]


        def main():
            xs = jnp.ones((4, 3))
            model = Stack()
            variables = model.init(jax.random.key(0), xs)
            return model.apply(variables, xs)
        """,
        ["23:17 SCN104"],
    ),
    Case(
        'the same module-level name as a plain alias of the class: the warm-up call built it',
        """
        import flax.linen as nn
        import jax
        import jax.numpy as jnp


        class Block(nn.Module):
            @nn.compact
            def __call__(self, x):
                return x + nn.Dense(3)(x)


        CheckpointedBlock = Block


        class Stack(nn.Module):
            @nn.compact
            def __call__(self, xs):
                block = CheckpointedBlock()
                first = block(xs[0])

                def body(h, x):
                    h = block(h + x)
                    return h, h

                return jax.lax.scan(body, first, xs[1:])[1]


        def main():
            xs = jnp.ones((4, 3))
            model = Stack()
            variables = model.init(jax.random.key(0), xs)
            return model.apply(variables, xs)
        """,
        [],
    ),
    Case(
        'init(method=fn) with fn scanning submodules of the module it is handed: first called in the body',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Tagger(nn.Module):
            def setup(self):
                self.embed = nn.Dense(8)
                self.out = nn.Dense(3)

            def __call__(self, x):
                return self.out(nn.relu(self.embed(x)))


        def tag_stream(tagger, xs):
            def body(count, x):
                logits = tagger.out(nn.relu(tagger.embed(x)))
                return count + 1, logits

            return jax.lax.scan(body, 0, xs)


        def main():
            model = Tagger()
            xs = jnp.ones((5, 2, 4))
            variables = model.init(jax.random.key(0), jnp.ones((4, 2, 4)), method=tag_stream)
            model.apply(variables, xs, method=tag_stream)
            return None
        """,
        ["18:18 SCN104", "18:37 SCN104"],
    ),
    Case(
        'the same method= function run only by apply, after init went through __call__',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Tagger(nn.Module):
            def setup(self):
                self.embed = nn.Dense(8)
                self.out = nn.Dense(3)

            def __call__(self, x):
                return self.out(nn.relu(self.embed(x)))


        def tag_stream(tagger, xs):
            def body(count, x):
                logits = tagger.out(nn.relu(tagger.embed(x)))
                return count + 1, logits

            return jax.lax.scan(body, 0, xs)


        def main():
            model = Tagger()
            xs = jnp.ones((5, 2, 4))
            variables = model.init(jax.random.key(0), xs[0])
            model.apply(variables, xs, method=tag_stream)
            return None
        """,
        [],
    ),
    Case(
        'a compact method builds its cell through a module-level factory (build_cell) and first calls it in the scan body',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Cell(nn.Module):
            features: int

            @nn.compact
            def __call__(self, h, x):
                return jnp.tanh(nn.Dense(self.features)(h) + nn.Dense(self.features)(x))


        def build_cell(features, remat=False):
            cell_type = nn.checkpoint(Cell) if remat else Cell
            return cell_type(features=features)


        class Encoder(nn.Module):
            features: int = 4

            @nn.compact
            def __call__(self, xs):
                cell = build_cell(self.features)

                def step(h, x):
                    h = cell(h, x)
                    return h, h

                return jax.lax.scan(step, jnp.zeros(self.features), xs)[1]


        def main():
            xs = jnp.ones((5, 3))
            model = Encoder()
            variables = model.init(jax.random.key(0), xs)
            model.apply(variables, xs)
            return None
        """,
        ["28:17 SCN104"],
    ),
    Case(
        'the factory-built cell called once before the scan',
        """
        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Cell(nn.Module):
            features: int

            @nn.compact
            def __call__(self, h, x):
                return jnp.tanh(nn.Dense(self.features)(h) + nn.Dense(self.features)(x))


        def build_cell(features, remat=False):
            cell_type = nn.checkpoint(Cell) if remat else Cell
            return cell_type(features=features)


        class Encoder(nn.Module):
            features: int = 4

            @nn.compact
            def __call__(self, xs):
                cell = build_cell(self.features)
                cell(jnp.zeros(self.features), xs[0])  # creates the parameters outside the loop

                def step(h, x):
                    h = cell(h, x)
                    return h, h

                return jax.lax.scan(step, jnp.zeros(self.features), xs)[1]


        def main():
            xs = jnp.ones((5, 3))
            model = Encoder()
            variables = model.init(jax.random.key(0), xs)
            model.apply(variables, xs)
            return None
        """,
        [],
    ),
]

NNX = [
    Case(
        "assigning to an attribute of the module's self",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class CountingRNN(nnx.Module):
            def __init__(self, features, rngs):
                self.linear = nnx.Linear(features, features, rngs=rngs)
                self.count = 0

            def __call__(self, xs):
                def step(carry, x):
                    self.count = self.count + 1
                    h = jnp.tanh(self.linear(carry) + x)
                    return h, h
                return jax.lax.scan(step, jnp.zeros_like(xs[0]), xs)
        """,
        ["13:13 SCN105"],
    ),
    Case(
        "NNX: a helper the body calls `nnx.update`s a target network made by `nnx.clone` outside the loop",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def ema_update(target, online, decay):
            t, o = nnx.state(target, nnx.Param), nnx.state(online, nnx.Param)
            nnx.update(target, jax.tree.map(lambda a, b: decay * a + (1 - decay) * b, t, o))

        def train_epoch(online, target, batches):
            graphdef, params = nnx.split(online)
            def body(params, x):
                ema_update(target, nnx.merge(graphdef, params), 0.99)
                return params, x.sum()
            return jax.lax.scan(body, params, batches)

        def main():
            online = nnx.Linear(4, 4, rngs=nnx.Rngs(0))
            target = nnx.clone(online)
            return train_epoch(online, target, jnp.ones((3, 4)))
        """,
        ["8:5 SCN105"],
    ),
    Case(
        "not flagged: the same helper on a target merged in the body from carried state",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def ema_update(target, online, decay):
            t, o = nnx.state(target, nnx.Param), nnx.state(online, nnx.Param)
            nnx.update(target, jax.tree.map(lambda a, b: decay * a + (1 - decay) * b, t, o))

        def train_epoch(online, target, batches):
            graphdef, params = nnx.split(online)
            def body(params, x):
                ema_update(nnx.merge(graphdef, params), nnx.merge(graphdef, params), 0.99)
                return params, x.sum()
            return jax.lax.scan(body, params, batches)

        def main():
            online = nnx.Linear(4, 4, rngs=nnx.Rngs(0))
            target = nnx.clone(online)
            return train_epoch(online, target, jnp.ones((3, 4)))
        """,
        [],
    ),
    Case(
        "NNX: a method of a held model loops over its `nnx.List` of blocks, whose attention writes its cache",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Attention(nnx.Module):
            def __init__(self, rngs):
                self.qkv = nnx.Linear(4, 4, rngs=rngs)
                self.index = nnx.Cache(jnp.array(0))

            def decode(self, x):
                self.index[...] = self.index[...] + 1
                return self.qkv(x)

        class Block(nnx.Module):
            def __init__(self, rngs):
                self.attn = Attention(rngs)

            def decode(self, x):
                return x + self.attn.decode(x)

        class Decoder(nnx.Module):
            def __init__(self, rngs):
                self.blocks = nnx.List([Block(rngs) for _ in range(2)])

            def decode_step(self, x):
                for block in self.blocks:
                    x = block.decode(x)
                return x

        class Generator:
            def __init__(self, model: Decoder):
                self.model = model

            def generate(self, x, steps):
                def body(h, _):
                    h = self.model.decode_step(h)
                    return h, h
                return jax.lax.scan(body, x, None, length=steps)[1]

        def main():
            return Generator(Decoder(nnx.Rngs(0))).generate(jnp.ones(4), 3)
        """,
        ["37:17 SCN105"],
    ),
    Case(
        "not flagged: the same loop when the attention only reads its cache",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Attention(nnx.Module):
            def __init__(self, rngs):
                self.qkv = nnx.Linear(4, 4, rngs=rngs)
                self.index = nnx.Cache(jnp.array(0))

            def decode(self, x):
                x = x + self.index[...]
                return self.qkv(x)

        class Block(nnx.Module):
            def __init__(self, rngs):
                self.attn = Attention(rngs)

            def decode(self, x):
                return x + self.attn.decode(x)

        class Decoder(nnx.Module):
            def __init__(self, rngs):
                self.blocks = nnx.List([Block(rngs) for _ in range(2)])

            def decode_step(self, x):
                for block in self.blocks:
                    x = block.decode(x)
                return x

        class Generator:
            def __init__(self, model: Decoder):
                self.model = model

            def generate(self, x, steps):
                def body(h, _):
                    h = self.model.decode_step(h)
                    return h, h
                return jax.lax.scan(body, x, None, length=steps)[1]

        def main():
            return Generator(Decoder(nnx.Rngs(0))).generate(jnp.ones(4), 3)
        """,
        [],
    ),
    Case(
        "NNX: `model.train()` just before the loop, then the body calls the model whose blocks hold BatchNorm layers",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Block(nnx.Module):
            def __init__(self, rngs):
                self.fc = nnx.Linear(4, 4, rngs=rngs)
                self.norm = nnx.BatchNorm(4, rngs=rngs)

            def __call__(self, x):
                return x + self.norm(self.fc(x))

        class Net(nnx.Module):
            def __init__(self, rngs):
                self.blocks = nnx.List([Block(rngs) for _ in range(2)])

            def __call__(self, x):
                for block in self.blocks:
                    x = block(x)
                return x

        def calibrate(model, batches):
            model.train()
            def body(i, total):
                return total + model(batches[i]).mean()
            total = jax.lax.fori_loop(0, batches.shape[0], body, jnp.zeros(()))
            model.eval()
            return total

        def main():
            return calibrate(Net(nnx.Rngs(0)), jnp.ones((3, 2, 4)))
        """,
        ["26:24 SCN105"],
    ),
    Case(
        "not flagged: the same loop after `model.eval()`",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Block(nnx.Module):
            def __init__(self, rngs):
                self.fc = nnx.Linear(4, 4, rngs=rngs)
                self.norm = nnx.BatchNorm(4, rngs=rngs)

            def __call__(self, x):
                return x + self.norm(self.fc(x))

        class Net(nnx.Module):
            def __init__(self, rngs):
                self.blocks = nnx.List([Block(rngs) for _ in range(2)])

            def __call__(self, x):
                for block in self.blocks:
                    x = block(x)
                return x

        def calibrate(model, batches):
            model.eval()
            def body(i, total):
                return total + model(batches[i]).mean()
            total = jax.lax.fori_loop(0, batches.shape[0], body, jnp.zeros(()))
            model.eval()
            return total

        def main():
            return calibrate(Net(nnx.Rngs(0)), jnp.ones((3, 2, 4)))
        """,
        [],
    ),
    Case(
        "NNX: a test-time adapter object switches its held model to training (`self.model.train()`) just before the loop that calls it",
        """
        import jax
        from flax import nnx

        class Net(nnx.Module):
            def __init__(self, rngs):
                self.fc = nnx.Linear(4, 4, rngs=rngs)
                self.norm = nnx.BatchNorm(4, rngs=rngs)

            def __call__(self, x):
                return self.norm(self.fc(x))

        class Adapter:
            def __init__(self, model: Net):
                self.model = model

            def adapt(self, batches):
                self.model.train()
                def body(i, carry):
                    self.model(batches[i])
                    return carry
                jax.lax.fori_loop(0, batches.shape[0], body, 0)
                self.model.eval()
                return self.model

        def main(batches):
            return Adapter(Net(nnx.Rngs(0))).adapt(batches)
        """,
        ["20:13 SCN105"],
    ),
    Case(
        "NNX: an outside model whose submodule appends to a Python list it keeps (`self.records.append(...)`), called in the body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Probe(nnx.Module):
            def __init__(self):
                self.records = []

            def __call__(self, h):
                self.records.append(h.mean())
                return h

        class Block(nnx.Module):
            def __init__(self, rngs):
                self.fc = nnx.Linear(4, 4, rngs=rngs)
                self.probe = Probe()

            def __call__(self, x):
                return x + self.probe(self.fc(x))

        def evaluate(model, batches):
            def body(total, x):
                return total + model(x).mean(), None
            return jax.lax.scan(body, jnp.zeros(()), batches)[0]

        def main():
            return evaluate(Block(nnx.Rngs(0)), jnp.ones((3, 2, 4)))
        """,
        ["24:24 SCN105"],
    ),
    Case(
        "not flagged: the same probe when it appends to a list it builds in the call",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Probe(nnx.Module):
            def __init__(self):
                self.records = []

            def __call__(self, h):
                stats = []; stats.append(h.mean())
                return h

        class Block(nnx.Module):
            def __init__(self, rngs):
                self.fc = nnx.Linear(4, 4, rngs=rngs)
                self.probe = Probe()

            def __call__(self, x):
                return x + self.probe(self.fc(x))

        def evaluate(model, batches):
            def body(total, x):
                return total + model(x).mean(), None
            return jax.lax.scan(body, jnp.zeros(()), batches)[0]

        def main():
            return evaluate(Block(nnx.Rngs(0)), jnp.ones((3, 2, 4)))
        """,
        [],
    ),
    Case(
        "NNX: the body appends to a list an outside model keeps (`model.history.append(h)`)",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Cell(nnx.Module):
            def __init__(self, rngs):
                self.fc = nnx.Linear(4, 4, rngs=rngs)
                self.history = []

            def __call__(self, h):
                return jnp.tanh(self.fc(h))

        def unroll(model, h0):
            def body(h, _):
                h = model(h)
                model.history.append(h)
                return h, h
            return jax.lax.scan(body, h0, None, length=3)

        def main():
            return unroll(Cell(nnx.Rngs(0)), jnp.ones(4))
        """,
        ["17:9 SCN105"],
    ),
    Case(
        "updating an nnx.Variable of self: .value =, +=, [...] =",
        """
        import jax.numpy as jnp
        from flax import nnx
        from jax import lax

        class Stats(nnx.Module):
            def __init__(self):
                self.count = nnx.Variable(jnp.zeros(()))
                self.total = nnx.BatchStat(jnp.zeros(()))

            def __call__(self, xs):
                def step(c, x):
                    self.count.value = self.count.value + 1
                    self.total.value += x.sum()
                    self.total[...] = self.total[...] * 0.9
                    return c + x, None
                return lax.scan(step, xs[0], xs)
        """,
        ["13:13 SCN105", "14:13 SCN105", "15:13 SCN105"],
    ),
    Case(
        "closed-over module and variable in a plain function, import jax.lax as L",
        """
        import jax.lax as L
        import jax.numpy as jnp
        from flax import nnx

        def run(xs):
            model = nnx.Linear(4, 4, rngs=nnx.Rngs(0))
            steps = nnx.Variable(jnp.zeros((), jnp.int32))
            def step(c, x):
                model.calls = 1
                steps.value = steps.value + 1
                return model(c) + x, None
            return L.scan(step, xs[0], xs)
        """,
        ["10:9 SCN105", "11:9 SCN105"],
    ),
    Case(
        "a parameter annotated with a same-file NNX module",
        """
        import jax
        from flax import nnx

        class Counter(nnx.Module):
            def __init__(self):
                self.n = 0

        def run(counter: Counter, xs):
            def body(c, x):
                counter.n = counter.n + 1
                return c + x, None
            return jax.lax.scan(body, xs[0], xs)
        """,
        ["11:9 SCN105"],
    ),
    Case(
        "modules drawing from an outside nnx.Rngs: self.rngs, a parameter rngs, a closed Rngs",
        """
        import jax
        from flax import nnx
        from jax.lax import scan as s

        class Grower(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.rngs = rngs

            def __call__(self, xs):
                def step(c, x):
                    h = nnx.Linear(4, 4, rngs=self.rngs)(c)
                    noise = jax.random.normal(self.rngs.noise(), h.shape)
                    return h + noise + x, None
                return s(step, xs[0], xs)

        def build(xs, rngs):
            def step(c, x):
                return nnx.Linear(4, 4, rngs=rngs)(c) + x, None
            return s(step, xs[0], xs)

        def draw(xs):
            rngs = nnx.Rngs(0)
            def step(c, x):
                return c + jax.random.normal(rngs(), c.shape) + x, None
            return s(step, xs[0], xs)
        """,
        ["12:17 SCN105", "13:39 SCN105", "19:16 SCN105", "25:38 SCN105"],
    ),
    Case(
        "calling outside modules that hold Dropout, BatchNorm or RNG streams; method body",
        """
        import jax
        from flax import nnx

        class Block(nnx.Module):
            def __init__(self, rngs):
                self.linear = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.1, rngs=rngs)

            def __call__(self, x):
                return self.drop(self.linear(x))

        class Model(nnx.Module):
            def __init__(self, rngs):
                self.block = Block(rngs)
                self.drop = nnx.Dropout(0.5, rngs=rngs)
                self.bn = nnx.BatchNorm(4, rngs=rngs)

            def step(self, c, x):
                c = self.block(c)
                c = self.bn(self.drop(c))
                return c + x, None

            def __call__(self, xs):
                return jax.lax.scan(self.step, xs[0], xs)
        """,
        ["20:13 SCN105", "21:13 SCN105", "21:21 SCN105"],
    ),
    Case(
        "not flagged: a fresh nnx.Rngs per step passed to a Dropout that holds none of its own",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Noisy(nnx.Module):
            def __init__(self):
                self.drop = nnx.Dropout(0.5)

            def __call__(self, xs, keys):
                def step(c, key_x):
                    key, x = key_x
                    return c + self.drop(x, rngs=nnx.Rngs(dropout=key)), None
                return jax.lax.scan(step, jnp.zeros(3), (keys, xs))
        """,
        [],
    ),
    Case(
        "a Dropout holding outside RNG streams, called in the body without rngs",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Noisy(nnx.Module):
            def __init__(self, rngs):
                self.drop = nnx.Dropout(0.5, rngs=rngs)

            def __call__(self, xs):
                def step(c, x):
                    return c + self.drop(x), None
                return jax.lax.scan(step, jnp.zeros(3), xs)
        """,
        ["12:24 SCN105"],
    ),
    Case(
        "import flax.nnx as nnx, drawing from a module-level Rngs in a helper the body calls",
        """
        import flax.nnx as nnx
        import jax

        RNGS = nnx.Rngs(params=0, noise=1)

        def noise(shape):
            return jax.random.normal(RNGS.noise(), shape)

        def walk(xs):
            def step(c, x):
                return c + noise(c.shape) + x, None
            return jax.lax.scan(step, xs[0], xs)
        """,
        ["8:30 SCN105"],
    ),
    Case(
        "not flagged: reading an outside stateless module, fresh Param and fresh Rngs, nnx.scan",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Reader(nnx.Module):
            def __init__(self, rngs):
                self.linear = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.1, deterministic=True)

            def __call__(self, xs):
                def step(c, x):
                    w = nnx.Param(jnp.ones((4, 4)))
                    fresh = nnx.Linear(4, 4, rngs=nnx.Rngs(0))
                    fresh.tag = "inner"
                    return self.drop(self.linear(c)) @ w.value + fresh(x), None
                final, _ = jax.lax.scan(step, xs[0], xs)
                self.last = final
                return final

        @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=(nnx.Carry, 0))
        def lifted(model, x):
            model.count = model.count + 1
            return model, x
        """,
        [],
    ),
    Case(
        "an NNX transform given an outside model, and an outside optimizer updated, in the body",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx

        def train(xs, ys):
            model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
            optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)

            def step(carry, batch):
                x, y = batch
                loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
                optimizer.update(model, grads)
                return carry + loss, loss

            return jax.lax.scan(step, 0.0, (xs, ys))
        """,
        ["13:23 SCN105", "14:9 SCN105"],
    ),
    Case(
        "not flagged: the model rebuilt from its state inside the body with nnx.merge",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def train(xs, ys):
            graphdef, state = nnx.split(nnx.Linear(3, 1, rngs=nnx.Rngs(0)))

            def step(state, batch):
                x, y = batch
                m = nnx.merge(graphdef, state)
                loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(m)
                return nnx.split(m)[1], loss

            return jax.lax.scan(step, state, (xs, ys))
        """,
        [],
    ),
    Case(
        "not flagged: a BatchNorm in a model the file puts in evaluation mode",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Stack(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 4, rngs=rngs)
                self.norm = nnx.BatchNorm(4, rngs=rngs)

            def __call__(self, x):
                return jax.lax.scan(lambda h, _: (h + self.norm(self.lin(h)), None), x, None, length=3)[0]

        def predict(x):
            model = Stack(nnx.Rngs(0))
            model.eval()
            return model(x)
        """,
        [],
    ),
    Case(
        "a module-level nnx.Sequential holding a Dropout with its own rngs, lambda body, from jax import lax",
        """
        from flax import nnx
        from jax import lax

        model = nnx.Sequential(
            nnx.Linear(4, 4, rngs=nnx.Rngs(0)),
            nnx.relu,
            nnx.Dropout(0.1, rngs=nnx.Rngs(1)),
        )

        def rollout(h, xs):
            return lax.scan(lambda c, x: (model(c) + x, c), h, xs)
        """,
        ["12:35 SCN105"],
    ),
    Case(
        "layers in an nnx.List, a plain list and an nnx.Dict built in a function; import flax.nnx as nnx",
        """
        import flax.nnx as nnx
        import jax

        def run(xs):
            rngs = nnx.Rngs(0, dropout=1)
            layers = nnx.List([nnx.Linear(4, 4, rngs=rngs), nnx.BatchNorm(4, rngs=rngs)])
            plain = [nnx.Linear(4, 4, rngs=rngs), nnx.Dropout(0.1, rngs=rngs)]
            heads = nnx.Dict(mean=nnx.Linear(4, 4, rngs=rngs))
            head = nnx.Sequential(*plain)
            def step(h, x):
                for layer in layers:
                    h = layer(h)
                return head(h) + heads["mean"](x), None
            return jax.lax.scan(step, xs[0], xs)
        """,
        ["13:17 SCN105", "14:16 SCN105"],
    ),
    Case(
        "self.net = nnx.Sequential(...) and an nnx.List comprehension in __init__, called in a method's body",
        """
        import jax
        from flax import nnx

        class Encoder(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.net = nnx.Sequential(nnx.Linear(4, 4, rngs=rngs), nnx.Dropout(0.1, rngs=rngs))
                self.blocks = nnx.List([nnx.Dropout(0.2, rngs=rngs) for _ in range(2)])

            def __call__(self, xs):
                def step(h, x):
                    h = self.net(h)
                    for block in self.blocks:
                        h = block(h)
                    for i, block_i in enumerate(self.blocks):
                        h = block_i(h) * i
                    return h + x, h
                return jax.lax.scan(step, xs[0], xs)
        """,
        ["12:17 SCN105", "14:21 SCN105", "16:21 SCN105"],
    ),
    Case(
        "stateful layers passed to a same-file class's constructor and stored on self",
        """
        import jax
        from flax import nnx

        class Block(nnx.Module):
            def __init__(self, features, drop, rngs):
                self.linear = nnx.Linear(features, features, rngs=rngs)
                self.drop = drop

            def __call__(self, x):
                return self.drop(self.linear(x))

        class Model(nnx.Module):
            def __init__(self, net):
                self.net = net

            def __call__(self, xs):
                return jax.lax.scan(lambda h, x: (self.net(h) + x, None), xs[0], xs)

        def run(xs):
            rngs = nnx.Rngs(0)
            block = Block(4, drop=nnx.Dropout(0.1, rngs=rngs), rngs=rngs)
            def step(h, x):
                return block(h) + x, None
            return jax.lax.scan(step, xs[0], xs)

        def make(rngs):
            return Model(nnx.Sequential(nnx.Linear(4, 4, rngs=rngs), nnx.BatchNorm(4, rngs=rngs)))
        """,
        ["18:43 SCN105", "24:16 SCN105"],
    ),
    Case(
        "not flagged: containers whose layers change no state of their own when called in the body",
        """
        import jax
        from flax import nnx

        class Block(nnx.Module):
            def __init__(self, drop):
                self.linear = nnx.Linear(4, 4, rngs=nnx.Rngs(0))
                self.drop = drop

            def __call__(self, x, rngs=None):
                return self.drop(self.linear(x), rngs=rngs)

        def run(xs, keys):
            rngs = nnx.Rngs(0)
            shared = nnx.Sequential(nnx.Linear(4, 4, rngs=rngs), nnx.Dropout(0.1))
            owned = nnx.Sequential(nnx.Linear(4, 4, rngs=rngs), nnx.Dropout(0.1, rngs=rngs))
            frozen = nnx.Sequential(
                nnx.Dropout(0.1, deterministic=True, rngs=rngs),
                nnx.BatchNorm(4, use_running_average=True, rngs=rngs),
            )
            plain = nnx.Sequential(nnx.Linear(4, 4, rngs=rngs), nnx.relu)
            block = Block(drop=nnx.Dropout(0.1))
            def step(h, key_x):
                key, x = key_x
                fresh = nnx.List([nnx.Dropout(0.1, rngs=nnx.Rngs(key))])
                for layer in fresh:
                    h = layer(h)
                h = shared(h, rngs=nnx.Rngs(dropout=key)) + owned(h, rngs=nnx.Rngs(dropout=key))
                return frozen(plain(h)) + block(x, rngs=nnx.Rngs(dropout=key)), None
            return jax.lax.scan(step, xs[0], (keys, xs))
        """,
        [],
    ),
    Case(
        "not flagged: an nnx.Sequential with a Dropout in a file that switches modes with .eval()",
        """
        import jax
        from flax import nnx

        class Net(nnx.Module):
            def __init__(self, rngs):
                self.net = nnx.Sequential(nnx.Linear(4, 4, rngs=rngs), nnx.Dropout(0.1, rngs=rngs))

            def __call__(self, xs):
                return jax.lax.scan(lambda h, x: (self.net(h) + x, None), xs[0], xs)

        def predict(xs):
            model = Net(nnx.Rngs(0))
            model.eval()
            return model(xs)
        """,
        [],
    ),
    Case(
        "meta-learning inner loop: an NNX transform and an optimizer update on self's module and optimizer",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx

        def loss_fn(model, x, y):
            return jnp.mean((model(x) - y) ** 2)

        class MetaLearner(nnx.Module):
            def __init__(self, rngs):
                self.inner = nnx.Linear(3, 1, rngs=rngs)
                self.optimizer = nnx.Optimizer(self.inner, optax.sgd(0.01), wrt=nnx.Param)

            def adapt(self, xs, ys):
                def inner_step(loss_sum, batch):
                    x, y = batch
                    loss, grads = nnx.value_and_grad(loss_fn)(self.inner, x, y)
                    self.optimizer.update(self.inner, grads)
                    return loss_sum + loss, loss
                return jax.lax.scan(inner_step, 0.0, (xs, ys))
        """,
        ["18:27 SCN105", "19:13 SCN105"],
    ),
    Case(
        "nnx.grad on an attribute chain of self and a model and optimizer passed to the constructor",
        """
        import functools

        import flax.nnx as nnx
        import jax
        import optax
        from jax import lax

        class Student(nnx.Module):
            def __init__(self, rngs):
                self.encoder = nnx.Linear(3, 3, rngs=rngs)

        class Teacher(nnx.Module):
            def __init__(self, rngs):
                self.student = Student(rngs)
                self.size = 3

            def distill(self, xs):
                def step(carry, x):
                    grads = nnx.grad(lambda enc: enc(x).sum())(self.student.encoder)
                    return carry, grads
                return lax.scan(step, 0.0, xs)

        def inner_step(trainer, carry, grads):
            trainer.optimizer.update(trainer.model, grads)
            return carry, None

        class Trainer(nnx.Module):
            def __init__(self, model, optimizer):
                self.model = model
                self.optimizer = optimizer

            def fit(self, grads):
                return lax.scan(functools.partial(inner_step, self), 0.0, grads)

        def make():
            model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
            return Trainer(model, nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param))
        """,
        ["20:21 SCN105", "25:5 SCN105"],
    ),
    Case(
        "not flagged: self's model rebuilt with nnx.merge in the body, jax.grad, and plain attributes",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx

        class MetaLearner(nnx.Module):
            def __init__(self, rngs):
                self.inner = nnx.Linear(3, 1, rngs=rngs)
                self.scale = 0.5
                self.tx = optax.sgd(0.01)

            def adapt(self, xs, ys):
                graphdef, state = nnx.split(self.inner)

                def inner_step(state, batch):
                    x, y = batch
                    model = nnx.merge(graphdef, state)
                    grads = nnx.grad(lambda m, s: jnp.mean((m(x) * s - y) ** 2))(model, self.scale)
                    params = jax.grad(lambda p: jnp.sum(p["w"]))({"w": x})
                    self.tx.update(params, self.tx.init(params))
                    _, new_state = nnx.split(model)
                    return new_state, self.inner(x)
                return jax.lax.scan(inner_step, state, (xs, ys))
        """,
        [],
    ),
    Case(
        "a transform bound to a name outside the body, given an outside model inside it",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def fit(model: nnx.Module, xs, ys):
            grad_fn = nnx.value_and_grad(lambda m, x, y: jnp.mean((m(x) - y) ** 2))

            def step(carry, batch):
                loss, grads = grad_fn(model, *batch)
                return carry + loss, grads

            def fresh_step(state, batch):
                m = nnx.merge(graphdef, state)
                loss, grads = grad_fn(m, *batch)
                return state, loss

            graphdef, state = nnx.split(model)
            jax.lax.scan(fresh_step, state, (xs, ys))
            return jax.lax.scan(step, 0.0, (xs, ys))
        """,
        ["10:23 SCN105"],
    ),
    Case(
        "not flagged: a module stored from a constructor argument that only some constructions make stateful",
        """
        import jax
        from flax import nnx

        class Model(nnx.Module):
            def __init__(self, net):
                self.net = net

            def __call__(self, xs):
                return jax.lax.scan(lambda h, x: (self.net(h) + x, None), xs[0], xs)

        def make(rngs, train):
            if train:
                return Model(nnx.Sequential(nnx.Linear(4, 4, rngs=rngs), nnx.Dropout(0.1, rngs=rngs)))
            return Model(nnx.Sequential(nnx.Linear(4, 4, rngs=rngs)))
        """,
        [],
    ),
    Case(
        "an outside container handed to a module-level step with functools.partial",
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx

        def step_fn(model, h, x):
            h = model(h + x)
            return h, h

        def run(xs):
            model = nnx.Sequential(nnx.Linear(4, 4, rngs=nnx.Rngs(0)), nnx.Dropout(0.5, rngs=nnx.Rngs(1)))
            return jax.lax.scan(functools.partial(step_fn, model), jnp.zeros(4), xs)
        """,
        ["9:9 SCN105"],
    ),
    Case(
        "an outside container given to the function that runs the scan, and to a helper by keyword",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def apply_model(h, x, model=None):
            return model(h + x)

        def rollout(model, xs):
            def step_fn(h, x):
                h = model(h + x)
                return h, h

            return jax.lax.scan(step_fn, jnp.zeros(4), xs)

        def rollout_with_helper(xs):
            model = nnx.Sequential(nnx.Linear(4, 4, rngs=nnx.Rngs(0)), nnx.Dropout(0.5, rngs=nnx.Rngs(1)))
            return jax.lax.scan(lambda h, x: (apply_model(h, x, model=model), h), jnp.zeros(4), xs)

        def main():
            model = nnx.Sequential(nnx.Linear(4, 4, rngs=nnx.Rngs(0)), nnx.Dropout(0.5, rngs=nnx.Rngs(1)))
            return rollout(model, jnp.ones((3, 4)))
        """,
        ["7:12 SCN105", "11:13 SCN105"],
    ),
    Case(
        "a factory's container: flagged when the call visibly leaves its dropout on, else silent",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def make_model(deterministic=False, train=True):
            return nnx.Sequential(
                nnx.Linear(4, 4, rngs=nnx.Rngs(0)),
                nnx.Dropout(0.5, deterministic=deterministic, rngs=nnx.Rngs(1)),
            )

        def make_switched(train):
            return nnx.Dropout(0.5, deterministic=not train, rngs=nnx.Rngs(1))

        def train_rollout(xs):
            model = make_model()
            return jax.lax.scan(lambda h, x: (model(h + x), h), jnp.zeros(4), xs)

        def eval_rollout(xs):
            model = make_model(deterministic=True)
            return jax.lax.scan(lambda h, x: (model(h + x), h), jnp.zeros(4), xs)

        def switched_rollout(xs, train):
            model = make_switched(train)
            return jax.lax.scan(lambda h, x: (model(h + x), h), jnp.zeros(4), xs)
        """,
        ["17:39 SCN105"],
    ),
    Case(
        "not flagged: what the parameters are given is stateless, switched off, or not all known",
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx

        def step_fn(model, h, x):
            return model(h + x), h

        def rollout(model, xs):
            return jax.lax.scan(functools.partial(step_fn, model), jnp.zeros(4), xs)

        def evaluate(xs):
            model = nnx.Sequential(nnx.Linear(4, 4, rngs=nnx.Rngs(0)), nnx.Dropout(0.5, deterministic=True, rngs=nnx.Rngs(1)))
            return rollout(model, xs)

        def project(xs):
            return rollout(nnx.Linear(4, 4, rngs=nnx.Rngs(0)), xs)

        def run(model, xs):
            def step(h, x):
                return model(h + x), h
            return jax.lax.scan(step, jnp.zeros(4), xs)
        """,
        [],
    ),
    Case(
        "a Variable subclass of this file, outside the body, updated in it",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Count(nnx.Variable):
            pass

        class Counted(Count):
            pass

        steps = Counted(jnp.array(0))

        def run(xs):
            def step(h, x):
                steps.value = steps.value + 1
                return h + x, h
            return jax.lax.scan(step, jnp.zeros(2), xs)

        def fresh(xs):
            def step(h, x):
                local = Count(jnp.array(0))
                local.value = local.value + 1
                return h + x, h
            return jax.lax.scan(step, jnp.zeros(2), xs)
        """,
        ["16:9 SCN105"],
    ),
    Case(
        "an outside module whose __call__ updates its own variable, called in the body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class StepCount(nnx.Variable):
            pass

        class Model(nnx.Module):
            def __init__(self, rngs):
                self.linear = nnx.Linear(2, 2, rngs=rngs)
                self.calls = StepCount(jnp.array(0))

            def __call__(self, x):
                self.calls[...] += 1
                return self.linear(x)

        class Plain(nnx.Module):
            def __init__(self, rngs):
                self.linear = nnx.Linear(2, 2, rngs=rngs)

            def __call__(self, x):
                def scaled(y):
                    self.note = y  # a nested function `__call__` never runs
                    return y
                return self.linear(x)

        def run(xs):
            model, plain = Model(nnx.Rngs(0)), Plain(nnx.Rngs(0))
            return jax.lax.scan(lambda h, x: (model(plain(h) + x), h), jnp.zeros(2), xs)
        """,
        ["30:39 SCN105"],
    ),
    Case(
        "an outside model given to the function running the scan, handed to nnx.grad in the body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def loss_fn(model, x, y):
            return jnp.mean((model(x) - y) ** 2)

        def inner_adapt(model, xs, ys):
            def step(carry, batch):
                x, y = batch
                grads = nnx.grad(loss_fn)(model, x, y)
                return carry, grads
            return jax.lax.scan(step, 0.0, (xs, ys))

        def main():
            model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
            return inner_adapt(model, jnp.ones((4, 2, 3)), jnp.ones((4, 2, 1)))

        def unknown(model, xs, ys):
            def step(carry, batch):
                return carry, nnx.grad(loss_fn)(model, *batch)
            return jax.lax.scan(step, 0.0, (xs, ys))
        """,
        ["12:17 SCN105"],
    ),
    Case(
        "blocks that sow activations, called in the body through an nnx.List",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Block(nnx.Module):
            def __init__(self, rngs):
                self.linear = nnx.Linear(4, 4, rngs=rngs)

            def __call__(self, x):
                h = self.linear(x)
                self.sow(nnx.Intermediate, "activations", h)
                return h

        class Stack(nnx.Module):
            def __init__(self, rngs):
                self.blocks = nnx.List([Block(rngs) for _ in range(2)])

            def __call__(self, xs):
                def step(h, x):
                    for block in self.blocks:
                        h = block(h + x)
                    return h, h
                return jax.lax.scan(step, jnp.zeros(4), xs)
        """,
        ["22:21 SCN105"],
    ),
    Case(
        "a method of an outside NNX object that draws from its stored Rngs, through self and a parameter",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Agent(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.policy = nnx.Linear(4, 2, rngs=rngs)
                self.rngs = rngs

            def act(self, obs):
                return jax.random.categorical(self.rngs.action(), self.policy(obs))

            def value(self, obs):
                return self.policy(obs).sum()


        class Trainer(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.agent = Agent(rngs)

            def rollout(self, obs0, n):
                def step(obs, _):
                    return obs + self.agent.act(obs), self.agent.value(obs)
                return jax.lax.scan(step, obs0, None, length=n)


        def run(agent, obs0, n):
            def step(obs, _):
                return obs + agent.act(obs), agent.value(obs)
            return jax.lax.scan(step, obs0, None, length=n)


        def main():
            return run(Agent(nnx.Rngs(params=0, action=1)), jnp.ones(4), 3)
        """,
        ["25:26 SCN105", "31:22 SCN105"],
    ),
    Case(
        "an NNX module used as the scan body (`lax.scan(self.cell, ...)`, a bound method of it, a local one) whose `__call__` counts its calls",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Calls(nnx.Variable):
            pass

        class Cell(nnx.Module):
            def __init__(self, rngs):
                self.inp = nnx.Linear(4, 16, rngs=rngs)
                self.calls = Calls(jnp.array(0))

            def __call__(self, h, x):
                self.calls.value += 1
                h = 0.9 * h + self.inp(x)
                return h, h

            def step(self, h, x):
                return self(h, x)

        class Model(nnx.Module):
            def __init__(self, rngs):
                self.cell = Cell(rngs)

            def run(self, xs):
                return jax.lax.scan(self.cell, jnp.zeros((2, 16)), xs)

            def run_bound(self, xs):
                return jax.lax.scan(self.cell.step, jnp.zeros((2, 16)), xs)

        def run_local(xs):
            cell = Cell(nnx.Rngs(0))
            return jax.lax.scan(cell, jnp.zeros((2, 16)), xs)
        """,
        ["15:9 SCN105"],
    ),
    Case(
        "not flagged: the same NNX cell as the scan body, counting nothing",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Calls(nnx.Variable):
            pass

        class Cell(nnx.Module):
            def __init__(self, rngs):
                self.inp = nnx.Linear(4, 16, rngs=rngs)
                self.decay = 0.9

            def __call__(self, h, x):
                pass
                h = 0.9 * h + self.inp(x)
                return h, h

            def step(self, h, x):
                return self(h, x)

        class Model(nnx.Module):
            def __init__(self, rngs):
                self.cell = Cell(rngs)

            def run(self, xs):
                return jax.lax.scan(self.cell, jnp.zeros((2, 16)), xs)

            def run_bound(self, xs):
                return jax.lax.scan(self.cell.step, jnp.zeros((2, 16)), xs)

        def run_local(xs):
            cell = Cell(nnx.Rngs(0))
            return jax.lax.scan(cell, jnp.zeros((2, 16)), xs)
        """,
        [],
    ),
    Case(
        "a module-level `model = None` set by `global model` in main, called in a module-level scan function; its Dropout holds its own rngs",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class MLP(nnx.Module):
            def __init__(self, rngs):
                self.linear = nnx.Linear(10, 32, rngs=rngs)
                self.dropout = nnx.Dropout(0.5, rngs=rngs)

            def __call__(self, x):
                return self.dropout(self.linear(x))

        model = None

        def scan_fn(carry, x):
            y = model(x)
            return carry + y.sum(), y

        def main():
            global model
            model = MLP(rngs=nnx.Rngs(0))
            return jax.lax.scan(scan_fn, 0.0, jnp.ones((6, 1, 10)))
        """,
        ["17:9 SCN105"],
    ),
    Case(
        "`net.eval()` inside the body on an outside model that holds a BatchNorm",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Net(nnx.Module):
            def __init__(self, rngs):
                self.linear = nnx.Linear(3, 3, rngs=rngs)
                self.norm = nnx.BatchNorm(3, rngs=rngs)

            def __call__(self, x):
                return self.linear(x)

        def evaluate(net: Net, xs):
            def body(h, x):
                net.eval()
                return net(h + x), h
            return jax.lax.scan(body, xs[0], xs)

        def run(xs):
            return evaluate(Net(nnx.Rngs(0)), xs)
        """,
        ["16:9 SCN105"],
    ),
    Case(
        "a module-level train step helper the body calls with the outside model and optimizer",
        """
        import jax
        import optax
        from flax import nnx

        def train_step(model, optimizer, x, y):
            loss, grads = nnx.value_and_grad(lambda m: ((m(x) - y) ** 2).mean())(model)
            optimizer.update(model, grads)
            return loss

        def fit(model, xs, ys):
            optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
            def epoch(carry, batch):
                return carry, train_step(model, optimizer, batch[0], batch[1])
            return jax.lax.scan(epoch, 0.0, (xs, ys))

        fit(nnx.Linear(3, 1, rngs=nnx.Rngs(0)), None, None)
        """,
        ["7:19 SCN105", "8:5 SCN105"],
    ),
    Case(
        "not flagged: the same helper given the model and optimizer merged inside the body",
        """
        import jax
        import optax
        from flax import nnx

        def train_step(model, optimizer, x, y):
            loss, grads = nnx.value_and_grad(lambda m: ((m(x) - y) ** 2).mean())(model)
            optimizer.update(model, grads)
            return loss

        def fit(model, xs, ys):
            optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
            graphdef, state = nnx.split((model, optimizer))
            def epoch(state, batch):
                model_in, optimizer_in = nnx.merge(graphdef, state)
                loss = train_step(model_in, optimizer_in, *batch)
                return nnx.split((model_in, optimizer_in))[1], loss
            return jax.lax.scan(epoch, 0.0, (xs, ys))

        fit(nnx.Linear(3, 1, rngs=nnx.Rngs(0)), None, None)
        """,
        [],
    ),
    Case(
        "an outside `nnx.Rngs` stream drawn by subscript (`rngs[\"noise\"]()`) inside the body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def sample(n):
            rngs = nnx.Rngs(0, noise=1)
            def body(x, _):
                return x + jax.random.normal(rngs["noise"](), x.shape), x
            return jax.lax.scan(body, jnp.zeros(3), None, length=n)
        """,
        ["9:38 SCN105"],
    ),
    Case(
        "not flagged: `net.eval()` inside the body on a model with no layer that has a mode",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Net(nnx.Module):
            def __init__(self, rngs):
                self.linear = nnx.Linear(3, 3, rngs=rngs)
                self.scale = 2.0

            def __call__(self, x):
                return self.linear(x)

        def evaluate(net: Net, xs):
            def body(h, x):
                net.eval()
                return net(h + x), h
            return jax.lax.scan(body, xs[0], xs)

        def run(xs):
            return evaluate(Net(nnx.Rngs(0)), xs)
        """,
        [],
    ),
    Case(
        "not flagged: the same global model whose Dropout holds no rngs of its own (deterministic)",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class MLP(nnx.Module):
            def __init__(self, rngs):
                self.linear = nnx.Linear(10, 32, rngs=rngs)
                self.dropout = nnx.Dropout(0.5, deterministic=True)

            def __call__(self, x):
                return self.dropout(self.linear(x))

        model = None

        def scan_fn(carry, x):
            y = model(x)
            return carry + y.sum(), y

        def main():
            global model
            model = MLP(rngs=nnx.Rngs(0))
            return jax.lax.scan(scan_fn, 0.0, jnp.ones((6, 1, 10)))
        """,
        [],
    ),
    Case(
        "a train step helper called with the outside model and optimizer and the batch unpacked (`*batch`)",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx

        def loss_fn(model, x, y):
            return jnp.mean((model(x) - y) ** 2)

        def train_step(model, optimizer, x, y):
            loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
            optimizer.update(model, grads)
            return loss

        def main():
            model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
            optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
            def epoch_body(carry, batch):
                loss = train_step(model, optimizer, *batch)
                return carry + loss, loss
            return jax.lax.scan(epoch_body, jnp.zeros(()), (jnp.ones((5, 8, 3)), jnp.ones((5, 8, 1))))
        """,
        ["11:19 SCN105", "12:5 SCN105"],
    ),
    Case(
        "a soft target update: `nnx.update` of an outside module, bound by a positional partial, as a fori_loop body",
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx

        def polyak(online, target, i, tau):
            mixed = jax.tree.map(
                lambda o, t: tau * o + (1.0 - tau) * t,
                nnx.state(online, nnx.Param),
                nnx.state(target, nnx.Param),
            )
            nnx.update(target, mixed)
            return tau

        def main():
            online = nnx.Linear(4, 2, rngs=nnx.Rngs(0))
            target = nnx.Linear(4, 2, rngs=nnx.Rngs(1))
            body = functools.partial(polyak, online, target)
            return jax.lax.fori_loop(0, 3, body, jnp.float32(0.05))
        """,
        ["14:5 SCN105"],
    ),
    Case(
        "not flagged: `nnx.update` of a module merged inside the body from the carried state",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def main():
            online = nnx.Linear(4, 2, rngs=nnx.Rngs(0))
            target = nnx.Linear(4, 2, rngs=nnx.Rngs(1))
            graphdef, target_state = nnx.split(target)

            def body(i, state):
                net = nnx.merge(graphdef, state)
                nnx.update(net, nnx.state(online, nnx.Param))
                return nnx.state(net)

            return jax.lax.fori_loop(0, 3, body, target_state)
        """,
        [],
    ),
    Case(
        "a method of an outside model that calls its training-mode BatchNorm (`model.forward(x)`)",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class MLP(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.fc = nnx.Linear(6, 16, rngs=rngs)
                self.bn = nnx.BatchNorm(16, rngs=rngs)

            def forward(self, x):
                return self.bn(self.fc(x))

            def __call__(self, x):
                return self.forward(x)

        def microbatch_loss(model, xs):
            def body(total, x):
                return total + jnp.mean(model.forward(x)), None
            return jax.lax.scan(body, 0.0, xs)[0]

        def main():
            model = MLP(nnx.Rngs(0))
            model.train()
            return microbatch_loss(model, jnp.ones((3, 4, 6)))
        """,
        ["19:33 SCN105"],
    ),
    Case(
        "not flagged: the same method with the BatchNorm on its running averages",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class MLP(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.fc = nnx.Linear(6, 16, rngs=rngs)
                self.bn = nnx.BatchNorm(16, rngs=rngs)

            def forward(self, x):
                return self.bn(self.fc(x), use_running_average=True)

        def microbatch_loss(model, xs):
            def body(total, x):
                return total + jnp.mean(model.forward(x)), None
            return jax.lax.scan(body, 0.0, xs)[0]

        def main():
            return microbatch_loss(MLP(nnx.Rngs(0)), jnp.ones((3, 4, 6)))
        """,
        [],
    ),
    Case(
        "`nnx.merge` inside the body of state split outside and closed over: the merged policy draws from its Rngs",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class NoisyPolicy(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.mean = nnx.Linear(3, 2, rngs=rngs)
                self.rngs = rngs

            def explore(self, obs):
                mu = self.mean(obs)
                return mu + jax.random.normal(self.rngs.action(), mu.shape)

        def main():
            policy = NoisyPolicy(nnx.Rngs(params=0, action=1))
            graphdef, state = nnx.split(policy)

            def step(obs, _):
                pol = nnx.merge(graphdef, state)
                action = pol.explore(obs)
                return obs + action.sum(), action

            return jax.lax.scan(step, jnp.zeros(3), None, length=6)
        """,
        ["21:18 SCN105"],
    ),
    Case(
        "not flagged: the policy merged inside the body from the carried state, which the body returns",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class NoisyPolicy(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.mean = nnx.Linear(3, 2, rngs=rngs)
                self.rngs = rngs

            def explore(self, obs):
                mu = self.mean(obs)
                return mu + jax.random.normal(self.rngs.action(), mu.shape)

        def main():
            policy = NoisyPolicy(nnx.Rngs(params=0, action=1))
            graphdef, state = nnx.split(policy)

            def step(carry, _):
                obs, state = carry
                pol = nnx.merge(graphdef, state)
                action = pol.explore(obs)
                return (obs + action.sum(), nnx.state(pol)), action

            return jax.lax.scan(step, (jnp.zeros(3), state), None, length=6)
        """,
        [],
    ),
    Case(
        "not flagged: a read-only call of a policy merged from closed-over state",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def main():
            policy = nnx.Linear(3, 3, rngs=nnx.Rngs(0))
            graphdef, state = nnx.split(policy)

            def step(obs, _):
                pol = nnx.merge(graphdef, state)
                nxt = pol(obs)
                return nxt, nxt

            return jax.lax.scan(step, jnp.zeros(3), None, length=6)
        """,
        [],
    ),
    Case(
        "an `@nnx.jit` helper given an outside module inside a while_loop body, even one it only reads",
        """
        import jax.numpy as jnp
        from flax import nnx
        from jax import lax

        @nnx.jit
        def update(layer, z, x):
            return layer(z) + x

        def solve(layer, x):
            def body(state):
                i, z = state
                return i + 1, update(layer, z, x)
            return lax.while_loop(lambda s: s[0] < 10, body, (0, jnp.zeros_like(x)))

        def main():
            return solve(nnx.Linear(6, 6, rngs=nnx.Rngs(0)), jnp.ones((2, 6)))
        """,
        ["13:23 SCN105"],
    ),
    Case(
        "not flagged: the `@nnx.jit` helper called with the outside module before the loop, and a plain-jit helper in the body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx
        from jax import lax

        @nnx.jit
        def update(layer, z):
            return layer(z)

        @jax.jit
        def pure(z, x):
            return jnp.tanh(z + x)

        def solve(layer, x):
            z0 = update(layer, x)
            def body(state):
                i, z = state
                return i + 1, pure(z, x)
            return lax.while_loop(lambda s: s[0] < 10, body, (0, z0))

        def main():
            return solve(nnx.Linear(6, 6, rngs=nnx.Rngs(0)), jnp.ones((2, 6)))
        """,
        [],
    ),
    Case(
        "a plain agent class holding NNX networks: `nnx.update(self.target, ...)` in a fori_loop body of its method",
        """
        import jax
        from flax import nnx

        class DQNAgent:
            def __init__(self, tau=0.05):
                rngs = nnx.Rngs(0)
                self.q = nnx.Linear(4, 2, rngs=rngs)
                self.target = nnx.Linear(4, 2, rngs=rngs)
                self.tau = tau

            def sync(self, n):
                def polyak(i, carry):
                    online = nnx.state(self.q, nnx.Param)
                    target = nnx.state(self.target, nnx.Param)
                    mixed = jax.tree.map(lambda o, t: self.tau * o + (1 - self.tau) * t, online, target)
                    nnx.update(self.target, mixed)
                    return carry + 1
                return jax.lax.fori_loop(0, n, polyak, 0)
        """,
        ["17:13 SCN105"],
    ),
    Case(
        "not flagged: the plain agent class's loop body only reads its NNX networks",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Evaluator:
            def __init__(self):
                self.q = nnx.Linear(4, 4, rngs=nnx.Rngs(0))
                self.calls = 0

            def rollout(self, obs, n):
                def step(obs, _):
                    nxt = jnp.tanh(self.q(obs))
                    return nxt, nxt
                self.calls = self.calls + 1
                return jax.lax.scan(step, obs, None, length=n)
        """,
        [],
    ),
    Case(
        "a method of a module held by an outside object (`agent.policy.act(obs)`) that draws from its stored Rngs",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Policy(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.logits = nnx.Linear(4, 3, rngs=rngs)
                self.rngs = rngs

            def act(self, obs):
                return jax.random.categorical(self.rngs.action(), self.logits(obs))

        class Agent(nnx.Module):
            def __init__(self, rngs):
                self.policy = Policy(rngs)
                self.value = nnx.Linear(4, 1, rngs=rngs)

        def collect(agent, obs0, horizon):
            def step(obs, _):
                a = agent.policy.act(obs)
                v = agent.value(obs)
                return jnp.roll(obs, a) * 0.9 + v, a
            return jax.lax.scan(step, obs0, None, length=horizon)

        def main():
            return collect(Agent(nnx.Rngs(params=0, action=1)), jnp.ones(4), 16)
        """,
        ["21:13 SCN105"],
    ),
    Case(
        "a plain Trainer given the model at construction; its bound method, the fori_loop body, calls a model that counts its calls",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Policy(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.linear = nnx.Linear(4, 4, rngs=rngs)
                self.steps = nnx.Variable(jnp.array(0))

            def __call__(self, x):
                self.steps[...] = self.steps[...] + 1
                return jnp.tanh(self.linear(x))

        class Trainer:
            def __init__(self, model):
                self.model = model

            def _rollout_step(self, i, obs):
                return obs + 0.1 * self.model(obs)

            def rollout(self, obs, n):
                return jax.lax.fori_loop(0, n, self._rollout_step, obs)

        trainer = Trainer(Policy(nnx.Rngs(0)))
        """,
        ["20:28 SCN105"],
    ),
    Case(
        "not flagged: the Trainer's model only reads its parameters",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Trainer:
            def __init__(self, model):
                self.model = model

            def _rollout_step(self, i, obs):
                return obs + 0.1 * self.model(obs)

            def rollout(self, obs, n):
                return jax.lax.fori_loop(0, n, self._rollout_step, obs)

        trainer = Trainer(nnx.Linear(4, 4, rngs=nnx.Rngs(0)))
        """,
        [],
    ),
    Case(
        "student and teacher held in a dict; a helper the body calls runs `nnx.update(models[\"teacher\"], ...)`",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def ema_update(models, decay):
            student = nnx.state(models["student"], nnx.Param)
            teacher = nnx.state(models["teacher"], nnx.Param)
            nnx.update(models["teacher"], jax.tree.map(lambda t, s: decay * t + (1 - decay) * s, teacher, student))

        def main():
            models = {"student": nnx.Linear(4, 4, rngs=nnx.Rngs(0)), "teacher": nnx.Linear(4, 4, rngs=nnx.Rngs(1))}
            def body(carry, x):
                ema_update(models, 0.9)
                return carry + jnp.sum(models["student"](x) - models["teacher"](x)), None
            return jax.lax.scan(body, 0.0, jnp.ones((5, 4)))
        """,
        ["9:5 SCN105"],
    ),
    Case(
        "not flagged: the dict's models are only read in the body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def main():
            models = {"student": nnx.Linear(4, 4, rngs=nnx.Rngs(0)), "teacher": nnx.Linear(4, 4, rngs=nnx.Rngs(1))}
            def body(carry, x):
                return carry + jnp.sum(models["student"](x) - models["teacher"](x)), None
            return jax.lax.scan(body, 0.0, jnp.ones((5, 4)))
        """,
        [],
    ),
    Case(
        "a bound method of an outside decoder taken before the loop (`step = decoder.decode_step`) that writes its cache",
        """
        import jax.numpy as jnp
        from flax import nnx
        from jax.lax import while_loop

        class CachedDecoder(nnx.Module):
            def __init__(self, rngs):
                self.proj = nnx.Linear(8, 8, rngs=rngs)
                self.pos = nnx.Cache(jnp.array(0))

            def decode_step(self, h):
                self.pos[...] = self.pos[...] + 1
                return jnp.tanh(self.proj(h))

        def generate(decoder, h0, n):
            step = decoder.decode_step
            def body(c):
                i, h = c
                return i + 1, step(h)
            return while_loop(lambda c: c[0] < n, body, (0, h0))[1]

        def main():
            return generate(CachedDecoder(nnx.Rngs(0)), jnp.ones(8), 4)
        """,
        ["19:23 SCN105"],
    ),
    Case(
        "not flagged: a bound method taken before the loop that only reads the decoder",
        """
        import jax.numpy as jnp
        from flax import nnx
        from jax.lax import while_loop

        class Decoder(nnx.Module):
            def __init__(self, rngs):
                self.proj = nnx.Linear(8, 8, rngs=rngs)

            def decode_step(self, h):
                return jnp.tanh(self.proj(h))

        def generate(decoder, h0, n):
            step = decoder.decode_step
            def body(c):
                i, h = c
                return i + 1, step(h)
            return while_loop(lambda c: c[0] < n, body, (0, h0))[1]

        def main():
            return generate(Decoder(nnx.Rngs(0)), jnp.ones(8), 4)
        """,
        [],
    ),
    Case(
        "student and teacher handed to the function running the scan as a tuple and unpacked there; a helper EMA-updates the teacher",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx
        from jax import lax

        def ema_update(teacher, student, momentum):
            new = jax.tree.map(lambda t, s: momentum * t + (1 - momentum) * s, nnx.state(teacher, nnx.Param), nnx.state(student, nnx.Param))
            nnx.update(teacher, new)

        def run_epoch(models, crops):
            student, teacher = models
            def step(carry, x):
                ema_update(teacher, student, 0.99)
                return carry + jnp.sum(student(x) - teacher(x)), None
            return lax.scan(step, 0.0, crops)

        def main():
            pair = (nnx.Linear(8, 5, rngs=nnx.Rngs(0)), nnx.Linear(8, 5, rngs=nnx.Rngs(1)))
            return run_epoch(pair, jnp.ones((4, 8)))
        """,
        ["9:5 SCN105"],
    ),
    Case(
        "not flagged: the unpacked pair is only read in the body",
        """
        import jax.numpy as jnp
        from flax import nnx
        from jax import lax

        def run_epoch(models, crops):
            student, teacher = models
            def step(carry, x):
                return carry + jnp.sum(student(x) - teacher(x)), None
            return lax.scan(step, 0.0, crops)

        def main():
            return run_epoch((nnx.Linear(8, 5, rngs=nnx.Rngs(0)), nnx.Linear(8, 5, rngs=nnx.Rngs(1))), jnp.ones((4, 8)))
        """,
        [],
    ),
    Case(
        "a method of an outside decoder that calls a method of its attention layer writing the layer's cache (`self.attn.decode_one(h)`)",
        """
        import jax.numpy as jnp
        from flax import nnx
        from jax.lax import while_loop

        class SelfAttention(nnx.Module):
            def __init__(self, rngs):
                self.qkv = nnx.Linear(8, 8, rngs=rngs)
                self.pos = nnx.Cache(jnp.array(0))

            def decode_one(self, x):
                self.pos[...] = self.pos[...] + 1
                return self.qkv(x)

        class Decoder(nnx.Module):
            def __init__(self, rngs):
                self.attn = SelfAttention(rngs)
                self.out = nnx.Linear(8, 8, rngs=rngs)

            def next_logits(self, h):
                return self.out(h + self.attn.decode_one(h))

        def greedy(decoder, h0):
            def body(s):
                i, h = s
                return i + 1, decoder.next_logits(h)
            return while_loop(lambda s: s[0] < 4, body, (0, h0))[1]

        def main():
            return greedy(Decoder(nnx.Rngs(0)), jnp.ones(8))
        """,
        ["26:23 SCN105"],
    ),
    Case(
        "not flagged: the decoder's attention method only reads the layer",
        """
        import jax.numpy as jnp
        from flax import nnx
        from jax.lax import while_loop

        class SelfAttention(nnx.Module):
            def __init__(self, rngs):
                self.qkv = nnx.Linear(8, 8, rngs=rngs)

            def decode_one(self, x):
                return self.qkv(x)

        class Decoder(nnx.Module):
            def __init__(self, rngs):
                self.attn = SelfAttention(rngs)
                self.out = nnx.Linear(8, 8, rngs=rngs)

            def next_logits(self, h):
                return self.out(h + self.attn.decode_one(h))

        def greedy(decoder, h0):
            def body(s):
                i, h = s
                return i + 1, decoder.next_logits(h)
            return while_loop(lambda s: s[0] < 4, body, (0, h0))[1]

        def main():
            return greedy(Decoder(nnx.Rngs(0)), jnp.ones(8))
        """,
        [],
    ),
    Case(
        "`inc = partial(sde.increment)`, a method drawing from the module's stored Rngs, called in the body",
        """
        from functools import partial

        import jax
        import jax.numpy as jnp
        from flax import nnx
        from jax.lax import scan

        class NeuralSDE(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.drift = nnx.Linear(3, 3, rngs=rngs)
                self.rngs = rngs

            def increment(self, y, dt):
                return self.drift(y) * dt + jnp.sqrt(dt) * jax.random.normal(self.rngs.brownian(), y.shape)

        def integrate(sde, y0, dts):
            inc = partial(sde.increment)
            def em(y, dt):
                y = y + inc(y, dt)
                return y, y
            return scan(em, y0, dts)[1]

        def main():
            return integrate(NeuralSDE(nnx.Rngs(params=0, brownian=1)), jnp.zeros(3), jnp.full(8, 0.1))
        """,
        ["20:17 SCN105"],
    ),
    Case(
        "an outside module's submodule taken to a local before the loop (`field = self.field`) that holds a training-mode BatchNorm",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Field(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(6, 6, rngs=rngs)
                self.norm = nnx.BatchNorm(6, rngs=rngs)

            def __call__(self, z):
                return jnp.tanh(self.norm(self.lin(z)))

        class CDE(nnx.Module):
            def __init__(self, rngs):
                self.field = Field(rngs)

            def __call__(self, z0, dxs):
                field = self.field
                def step(z, dx):
                    return z + field(z) * dx, None
                return jax.lax.scan(step, z0, dxs)[0]
        """,
        ["21:24 SCN105"],
    ),
    Case(
        "a plain Agent keeps an `nnx.Rngs` on self; the rollout body draws `self.rngs.action()`",
        """
        import jax
        from flax import nnx

        class Agent:
            def __init__(self, seed):
                self.policy = nnx.Linear(4, 2, rngs=nnx.Rngs(seed))
                self.rngs = nnx.Rngs(action=seed + 1)

            def rollout(self, obs0, horizon):
                def step(obs, _):
                    action = jax.random.categorical(self.rngs.action(), self.policy(obs))
                    return obs * 0.9, action
                return jax.lax.scan(step, obs0, None, length=horizon)
        """,
        ["12:45 SCN105"],
    ),
    Case(
        "not flagged: the plain Agent splits its keys before the loop",
        """
        import jax
        from flax import nnx

        class Agent:
            def __init__(self, seed):
                self.policy = nnx.Linear(4, 2, rngs=nnx.Rngs(seed))
                self.rngs = nnx.Rngs(action=seed + 1)

            def rollout(self, obs0, horizon):
                keys = jax.random.split(self.rngs.action(), horizon)
                def step(obs, key):
                    return obs * 0.9, jax.random.categorical(key, self.policy(obs))
                return jax.lax.scan(step, obs0, keys)
        """,
        [],
    ),
    Case(
        "an outside critic unpacked from a tuple argument is given to `nnx.vmap` in the body",
        """
        import jax
        from flax import nnx

        def td_errors(nets, states):
            critic, target = nets
            def body(_, s):
                q = nnx.vmap(lambda m, x: m(x), in_axes=(None, 0))(critic, s)
                return None, q.max(-1) - target(s).max(-1)
            return jax.lax.scan(body, None, states)[1]

        def main(states):
            return td_errors((nnx.Linear(5, 3, rngs=nnx.Rngs(0)), nnx.Linear(5, 3, rngs=nnx.Rngs(1))), states)
        """,
        ["8:13 SCN105"],
    ),
    Case(
        "an outside decoder holding `nnx.MultiHeadAttention(..., decode=True)`, called in a fori_loop body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class TinyDecoder(nnx.Module):
            def __init__(self, rngs):
                self.embed = nnx.Embed(13, 16, rngs=rngs)
                self.attn = nnx.MultiHeadAttention(2, 16, decode=True, rngs=rngs)

            def __call__(self, tok):
                return self.attn(self.embed(tok)[:, None, :])[:, 0]

        def generate(decoder, tok0):
            def body(i, tok):
                return jnp.argmax(decoder(tok), -1)
            return jax.lax.fori_loop(0, 6, body, tok0)

        def main():
            decoder = TinyDecoder(nnx.Rngs(0))
            decoder.attn.init_cache((2, 6, 16))
            return generate(decoder, jnp.zeros((2,), jnp.int32))
        """,
        ["16:27 SCN105"],
    ),
    Case(
        "not flagged: the same decoder's attention without decoding mode",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class TinyDecoder(nnx.Module):
            def __init__(self, rngs):
                self.embed = nnx.Embed(13, 16, rngs=rngs)
                self.attn = nnx.MultiHeadAttention(2, 16, decode=False, rngs=rngs)

            def __call__(self, tok):
                return self.attn(self.embed(tok)[:, None, :])[:, 0]

        def generate(decoder, tok0):
            def body(i, tok):
                return jnp.argmax(decoder(tok), -1)
            return jax.lax.fori_loop(0, 6, body, tok0)
        """,
        [],
    ),
    Case(
        "not flagged: an outside model that keeps its `nnx.Rngs` on self but draws from it only before the loop",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class ScoreMLP(nnx.Module):
            def __init__(self, dim, *, rngs: nnx.Rngs):
                self.inp = nnx.Linear(dim, 32, rngs=rngs)
                self.out = nnx.Linear(32, dim, rngs=rngs)
                self.rngs = rngs

            def __call__(self, x):
                return self.out(nnx.silu(self.inp(x)))

        def annealed_langevin(score, x, sigmas):
            key = score.rngs.sample()
            def body(i, x):
                z = jax.random.normal(jax.random.fold_in(key, i), x.shape)
                return x + 0.01 * score(x) + 0.1 * z
            return jax.lax.fori_loop(0, sigmas.shape[0], body, x)

        def main():
            return annealed_langevin(ScoreMLP(2, rngs=nnx.Rngs(params=0, sample=1)), jnp.zeros((4, 2)), jnp.ones(6))
        """,
        [],
    ),
    Case(
        "a module-level function scans `model.step` of the model it is given; the method loops over blocks with Dropout streams",
        """
        import jax
        from flax import nnx

        class ResBlock(nnx.Module):
            def __init__(self, rngs):
                self.ff = nnx.Linear(6, 6, rngs=rngs)
                self.drop = nnx.Dropout(0.1, rngs=rngs)

            def __call__(self, x):
                return x + self.drop(self.ff(x))

        class DeepTransition(nnx.Module):
            def __init__(self, rngs):
                self.blocks = nnx.List([ResBlock(rngs) for _ in range(3)])

            def step(self, h, u):
                for block in self.blocks:
                    h = block(h + u)
                return h, h

        def simulate(model, h0, inputs):
            return jax.lax.scan(model.step, h0, inputs)

        def main(h0, inputs):
            return simulate(DeepTransition(nnx.Rngs(params=0, dropout=1)), h0, inputs)
        """,
        ["19:17 SCN105"],
    ),
    Case(
        "not flagged: the same scanned method over blocks without randomness",
        """
        import jax
        from flax import nnx

        class DeepTransition(nnx.Module):
            def __init__(self, rngs):
                self.blocks = nnx.List([nnx.Linear(6, 6, rngs=rngs) for _ in range(3)])

            def step(self, h, u):
                for block in self.blocks:
                    h = block(h + u)
                return h, h

        def simulate(model, h0, inputs):
            return jax.lax.scan(model.step, h0, inputs)

        def main(h0, inputs):
            return simulate(DeepTransition(nnx.Rngs(0)), h0, inputs)
        """,
        [],
    ),
    Case(
        "an `@nnx.vmap` ensemble forward given an ensemble a same-file factory made, inside the body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        @nnx.vmap(in_axes=0, out_axes=0)
        def make_ensemble(key):
            return nnx.Linear(3, 1, rngs=nnx.Rngs(key))

        @nnx.vmap(in_axes=(0, None), out_axes=0)
        def ensemble_values(critics, obs):
            return critics(obs)

        def pessimistic_returns(critics, trajectory):
            def body(ret, obs):
                q = ensemble_values(critics, obs).min(axis=0)
                return q + 0.99 * ret, q
            return jax.lax.scan(body, jnp.zeros((5, 1)), trajectory)

        def main(trajectory):
            return pessimistic_returns(make_ensemble(jax.random.split(jax.random.key(0), 4)), trajectory)
        """,
        ["16:13 SCN105"],
    ),
    Case(
        "not flagged: the vmapped forward runs before the loop and the body reads its values",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        @nnx.vmap(in_axes=0, out_axes=0)
        def make_ensemble(key):
            return nnx.Linear(3, 1, rngs=nnx.Rngs(key))

        @nnx.vmap(in_axes=(0, None), out_axes=0)
        def ensemble_values(critics, obs):
            return critics(obs)

        def pessimistic_returns(critics, trajectory):
            qs = jnp.stack([ensemble_values(critics, obs).min(axis=0) for obs in trajectory])
            def body(ret, q):
                return q + 0.99 * ret, q
            return jax.lax.scan(body, jnp.zeros((5, 1)), qs)
        """,
        [],
    ),
    Case(
        "ensemble members with Dropout streams called in a comprehension inside a factory-made body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Member(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.inp = nnx.Linear(3, 8, rngs=rngs)
                self.drop = nnx.Dropout(0.1, rngs=rngs)

            def __call__(self, obs):
                return self.drop(self.inp(obs))

        def build_members(n):
            return [Member(nnx.Rngs(params=i, dropout=100 + i)) for i in range(n)]

        def make_step(members):
            def step(obs, act):
                preds = jnp.stack([m(obs) for m in members])
                return obs + act, preds.var(0).sum()
            return step

        def plan_cost(members, obs0, actions):
            return jax.lax.scan(make_step(members), obs0, actions)

        def main():
            return plan_cost(build_members(3), jnp.ones(3), jnp.zeros((6, 3)))
        """,
        ["19:28 SCN105"],
    ),
    Case(
        "not flagged: read-only ensemble members called in a comprehension inside the body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def plan_cost(members, obs0, actions):
            def step(obs, act):
                preds = jnp.stack([m(obs) for m in members])
                return obs + act, preds.var(0).sum()
            return jax.lax.scan(step, obs0, actions)

        def main():
            members = [nnx.Linear(3, 3, rngs=nnx.Rngs(i)) for i in range(3)]
            return plan_cost(members, jnp.ones(3), jnp.zeros((6, 3)))
        """,
        [],
    ),
    Case(
        "a lax.cond in the body runs a method of an outside agent that draws from its Rngs as a branch",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class EpsGreedyAgent(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.q = nnx.Linear(3, 4, rngs=rngs)
                self.rngs = rngs

            def explore(self, obs):
                return jax.random.randint(self.rngs.explore(), (), 0, 4)

            def exploit(self, obs):
                return jnp.argmax(self.q(obs))

        def collect(agent, obs_seq):
            def body(carry, obs):
                a = jax.lax.cond(jnp.sum(obs) > 1.0, agent.explore, agent.exploit, obs)
                return carry + 1, a
            return jax.lax.scan(body, 0, obs_seq)

        def main():
            return collect(EpsGreedyAgent(nnx.Rngs(params=0, explore=1)), jnp.ones((12, 3)))
        """,
        ["19:13 SCN105"],
    ),
    Case(
        "not flagged: both branches of the cond only read the agent",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Agent(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.q = nnx.Linear(3, 4, rngs=rngs)

            def greedy(self, obs):
                return jnp.argmax(self.q(obs))

            def second(self, obs):
                return jnp.argsort(self.q(obs))[-2]

        def collect(agent, obs_seq):
            def body(carry, obs):
                a = jax.lax.cond(jnp.sum(obs) > 1.0, agent.greedy, agent.second, obs)
                return carry + 1, a
            return jax.lax.scan(body, 0, obs_seq)

        def main():
            return collect(Agent(nnx.Rngs(0)), jnp.ones((12, 3)))
        """,
        [],
    ),
    Case(
        "a meta-learner's fori_loop body runs a plain Trainer's step, which updates the model and optimizer it holds",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx

        def mse(model, x, y):
            return jnp.mean((model(x) - y) ** 2)

        class Trainer:
            def __init__(self, model, lr):
                self.model = model
                self.opt = nnx.Optimizer(model, optax.sgd(lr), wrt=nnx.Param)

            def train_step(self, x, y):
                loss, grads = nnx.value_and_grad(mse)(self.model, x, y)
                self.opt.update(self.model, grads)
                return loss

        class MetaLearner:
            def __init__(self):
                self.trainer = Trainer(nnx.Linear(1, 1, rngs=nnx.Rngs(0)), 0.05)

            def adapt(self, x, y):
                def inner(i, losses):
                    return losses.at[i].set(self.trainer.train_step(x, y))
                return jax.lax.fori_loop(0, 3, inner, jnp.zeros(3))
        """,
        ["26:37 SCN105"],
    ),
    Case(
        "not flagged: the plain Trainer's method only evaluates the model it holds",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Trainer:
            def __init__(self, model):
                self.model = model
                self.steps = 0

            def evaluate(self, x):
                return jnp.mean(self.model(x))

        class MetaLearner:
            def __init__(self):
                self.trainer = Trainer(nnx.Linear(1, 1, rngs=nnx.Rngs(0)))

            def scores(self, xs):
                def inner(i, acc):
                    return acc + self.trainer.evaluate(xs[i])
                return jax.lax.fori_loop(0, 3, inner, 0.0)
        """,
        [],
    ),
    Case(
        "NNX: functools.partial binds an outside model into an nnx.grad transform, and the fori_loop body calls it",
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx

        def energy(model, x):
            return jnp.sum(model(x))

        def descend(model, x0, steps):
            input_grad = functools.partial(nnx.grad(energy, argnums=1), model)

            def body(i, x):
                return x - 0.1 * input_grad(x)

            return jax.lax.fori_loop(0, steps, body, x0)

        descend(nnx.Linear(4, 4, rngs=nnx.Rngs(0)), jnp.ones((2, 4)), 3)
        """,
        ["15:26 SCN105"],
    ),
    Case(
        "NNX: the same transform partial built in the body",
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx

        def energy(model, x):
            return jnp.sum(model(x))

        def descend(model, x0, steps):
            def body(i, x):
                return x - 0.1 * functools.partial(nnx.grad(energy, argnums=1), model)(x)

            return jax.lax.fori_loop(0, steps, body, x0)

        descend(nnx.Linear(4, 4, rngs=nnx.Rngs(0)), jnp.ones((2, 4)), 3)
        """,
        ["13:26 SCN105"],
    ),
    Case(
        "NNX: the transform partial binds a model the body merges from state split outside and closed over",
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx

        def energy(model, x):
            return jnp.sum(model(x))

        def descend(model, x0, steps):
            graphdef, state = nnx.split(model)

            def body(i, x):
                inner = nnx.merge(graphdef, state)
                input_grad = functools.partial(nnx.grad(energy, argnums=1), inner)
                return x - 0.1 * input_grad(x)

            return jax.lax.fori_loop(0, steps, body, x0)
        """,
        ["17:26 SCN105"],
    ),
    Case(
        "not flagged: the partial binds a model the body merges from state it carries",
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx

        def energy(model, x):
            return jnp.sum(model(x))

        def descend(model, x0, steps):
            graphdef, state = nnx.split(model)

            def body(i, carry):
                x, state = carry
                inner = nnx.merge(graphdef, state)
                input_grad = functools.partial(nnx.grad(energy, argnums=1), inner)
                return x - 0.1 * input_grad(x), state

            return jax.lax.fori_loop(0, steps, body, (x0, state))[0]

        descend(nnx.Linear(4, 4, rngs=nnx.Rngs(0)), jnp.ones((2, 4)), 3)
        """,
        [],
    ),
    Case(
        "not flagged: functools.partial of a plain function over the outside model, which only reads it",
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx

        def energy_grad(model, x):
            return jax.grad(lambda v: jnp.sum(model(v)))(x)

        def descend(model, x0, steps):
            input_grad = functools.partial(energy_grad, model)

            def body(i, x):
                return x - 0.1 * input_grad(x)

            return jax.lax.fori_loop(0, steps, body, x0)

        descend(nnx.Linear(4, 4, rngs=nnx.Rngs(0)), jnp.ones((2, 4)), 3)
        """,
        [],
    ),
    Case(
        "NNX: a plain object's attributes set by tuple assignment (`self.kernel, self.cfg = kernel, cfg`), the kernel memoizing on itself in the body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class DeepKernel(nnx.Module):
            def __init__(self, rngs):
                self.net = nnx.Linear(1, 4, rngs=rngs)
                self.last_features = None

            def __call__(self, xa, xb):
                self.last_features = self.net(xa)
                return self.last_features @ self.net(xb).T

        class Regressor:
            def __init__(self, kernel, noise):
                self.kernel, self.noise = kernel, noise

            def fit(self, x, y):
                def body(i, v):
                    return self.kernel(x, x) @ v + self.noise * v
                return jax.lax.fori_loop(0, 3, body, y)

        def main():
            return Regressor(DeepKernel(nnx.Rngs(0)), 0.1).fit(jnp.ones((5, 1)), jnp.ones(5))
        """,
        ["21:20 SCN105"],
    ),
    Case(
        "not flagged: the same tuple-assigned kernel when it only reads its state",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class DeepKernel(nnx.Module):
            def __init__(self, rngs):
                self.net = nnx.Linear(1, 4, rngs=rngs)

            def __call__(self, xa, xb):
                return self.net(xa) @ self.net(xb).T

        class Regressor:
            def __init__(self, kernel, noise):
                self.kernel, self.noise = kernel, noise

            def fit(self, x, y):
                def body(i, v):
                    return self.kernel(x, x) @ v + self.noise * v
                return jax.lax.fori_loop(0, 3, body, y)

        def main():
            return Regressor(DeepKernel(nnx.Rngs(0)), 0.1).fit(jnp.ones((5, 1)), jnp.ones(5))
        """,
        [],
    ),
    Case(
        "NNX: a submodule handed to another's constructor as `self.tower` from the parent's `__init__`, whose method the scan body calls to count into a Variable",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Popularity(nnx.Variable):
            pass

        class ItemTower(nnx.Module):
            def __init__(self, rngs):
                self.embed = nnx.Embed(10, 4, rngs=rngs)
                self.counts = Popularity(jnp.zeros((10,)))

            def observe(self, items):
                self.counts[...] = self.counts[...] + jax.nn.one_hot(items, 10).sum(0)
                return self.embed(items)

        class Encoder(nnx.Module):
            def __init__(self, tower, rngs):
                self.tower = tower
                self.cell = nnx.GRUCell(4, 4, rngs=rngs)

            def __call__(self, sessions):
                def step(h, items):
                    h, _ = self.cell(h, self.tower.observe(items))
                    return h, None
                return jax.lax.scan(step, jnp.zeros((sessions.shape[0], 4)), sessions.T)[0]

        class Recommender(nnx.Module):
            def __init__(self, rngs):
                self.tower = ItemTower(rngs)
                self.encoder = Encoder(self.tower, rngs)

        def main():
            return Recommender(nnx.Rngs(0)).encoder(jnp.zeros((2, 3), jnp.int32))
        """,
        ["25:33 SCN105"],
    ),
    Case(
        "not flagged: the same tower handed over as `self.tower` when its method only reads",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class ItemTower(nnx.Module):
            def __init__(self, rngs):
                self.embed = nnx.Embed(10, 4, rngs=rngs)

            def observe(self, items):
                return self.embed(items)

        class Encoder(nnx.Module):
            def __init__(self, tower, rngs):
                self.tower = tower
                self.cell = nnx.GRUCell(4, 4, rngs=rngs)

            def __call__(self, sessions):
                def step(h, items):
                    h, _ = self.cell(h, self.tower.observe(items))
                    return h, None
                return jax.lax.scan(step, jnp.zeros((sessions.shape[0], 4)), sessions.T)[0]

        class Recommender(nnx.Module):
            def __init__(self, rngs):
                self.tower = ItemTower(rngs)
                self.encoder = Encoder(self.tower, rngs)

        def main():
            return Recommender(nnx.Rngs(0)).encoder(jnp.zeros((2, 3), jnp.int32))
        """,
        [],
    ),
    Case(
        "NNX: a train-mode BatchNorm handed to a block's constructor as `self.norm` from the parent's `__init__`, called in the scan body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Block(nnx.Module):
            def __init__(self, norm):
                self.norm = norm

            def __call__(self, xs):
                def step(h, x):
                    return self.norm(h + x), h
                return jax.lax.scan(step, jnp.zeros((2, 4)), xs)[0]

        class Model(nnx.Module):
            def __init__(self, rngs):
                self.norm = nnx.BatchNorm(4, rngs=rngs)
                self.block = Block(self.norm)

        def main():
            return Model(nnx.Rngs(0)).block(jnp.ones((3, 2, 4)))
        """,
        ["12:20 SCN105"],
    ),
    Case(
        "NNX: a held decoder's method loops over its layers, whose `__call__` runs a decode-mode attention (a KV cache), from a while_loop body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Layer(nnx.Module):
            def __init__(self, rngs):
                self.attn = nnx.MultiHeadAttention(num_heads=2, in_features=8, decode=True, rngs=rngs)

            def __call__(self, x):
                return x + self.attn(x)

        class Decoder(nnx.Module):
            def __init__(self, rngs):
                self.layers = nnx.List([Layer(rngs) for _ in range(2)])

            def step(self, x):
                for layer in self.layers:
                    x = layer(x)
                return x

        class Generator:
            def __init__(self, decoder):
                self.decoder = decoder

            def run(self, x0):
                def body(state):
                    t, x = state
                    return t + 1, self.decoder.step(x)
                return jax.lax.while_loop(lambda s: s[0] < 3, body, (0, x0))[1]

        def main():
            return Generator(Decoder(nnx.Rngs(0))).run(jnp.ones((1, 1, 8)))
        """,
        ["29:27 SCN105"],
    ),
    Case(
        "not flagged: the same decoder when its attention does not decode (no cache)",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Layer(nnx.Module):
            def __init__(self, rngs):
                self.attn = nnx.MultiHeadAttention(num_heads=2, in_features=8, decode=False, rngs=rngs)

            def __call__(self, x):
                return x + self.attn(x)

        class Decoder(nnx.Module):
            def __init__(self, rngs):
                self.layers = nnx.List([Layer(rngs) for _ in range(2)])

            def step(self, x):
                for layer in self.layers:
                    x = layer(x)
                return x

        class Generator:
            def __init__(self, decoder):
                self.decoder = decoder

            def run(self, x0):
                def body(state):
                    t, x = state
                    return t + 1, self.decoder.step(x)
                return jax.lax.while_loop(lambda s: s[0] < 3, body, (0, x0))[1]

        def main():
            return Generator(Decoder(nnx.Rngs(0))).run(jnp.ones((1, 1, 8)))
        """,
        [],
    ),
    Case(
        "NNX: a module-level loss scans over a model that `nnx.value_and_grad(loss)(model, clip)` in a jitted train step passes, the model a trainer holds with a training BatchNorm",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx

        class Predictor(nnx.Module):
            def __init__(self, rngs):
                self.norm = nnx.BatchNorm(4, rngs=rngs)
                self.out = nnx.Linear(4, 4, rngs=rngs)

            def step(self, frame):
                return self.out(self.norm(frame))

        def rollout_loss(model, clip):
            def body(frame, target):
                pred = model.step(frame)
                return pred, jnp.mean((pred - target) ** 2)
            return jax.lax.scan(body, clip[0], clip[1:])[1].mean()

        @nnx.jit
        def train_step(model, optimizer, clip):
            loss, grads = nnx.value_and_grad(rollout_loss)(model, clip)
            optimizer.update(model, grads)
            return loss

        class Trainer:
            def __init__(self):
                self.model = Predictor(nnx.Rngs(0))
                self.optimizer = nnx.Optimizer(self.model, optax.adam(1e-3), wrt=nnx.Param)

            def fit(self, clips):
                return [train_step(self.model, self.optimizer, clip) for clip in clips]

        def main():
            return Trainer().fit(jnp.ones((2, 3, 2, 4)))
        """,
        ["17:16 SCN105"],
    ),
    Case(
        "not flagged: the same jitted train step when the model's BatchNorm uses running averages",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx

        class Predictor(nnx.Module):
            def __init__(self, rngs):
                self.norm = nnx.BatchNorm(4, use_running_average=True, rngs=rngs)
                self.out = nnx.Linear(4, 4, rngs=rngs)

            def step(self, frame):
                return self.out(self.norm(frame))

        def rollout_loss(model, clip):
            def body(frame, target):
                pred = model.step(frame)
                return pred, jnp.mean((pred - target) ** 2)
            return jax.lax.scan(body, clip[0], clip[1:])[1].mean()

        @nnx.jit
        def train_step(model, optimizer, clip):
            loss, grads = nnx.value_and_grad(rollout_loss)(model, clip)
            optimizer.update(model, grads)
            return loss

        class Trainer:
            def __init__(self):
                self.model = Predictor(nnx.Rngs(0))
                self.optimizer = nnx.Optimizer(self.model, optax.adam(1e-3), wrt=nnx.Param)

            def fit(self, clips):
                return [train_step(self.model, self.optimizer, clip) for clip in clips]

        def main():
            return Trainer().fit(jnp.ones((2, 3, 2, 4)))
        """,
        [],
    ),
    Case(
        "NNX: a helper method the loop body runs is handed a search tree built before the loop, whose `record` appends loop values to a list it keeps (a plain object's: SCN106)",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class SearchTree:
            def __init__(self):
                self.expanded = []

            def record(self, latent):
                self.expanded.append(latent)

            def frontier(self):
                return jnp.stack(self.expanded)

        class Planner:
            def __init__(self, model):
                self.model = model

            def _simulate(self, i, value, tree):
                latent = jnp.tanh(self.model(value))
                tree.record(latent)
                return latent

            def plan(self, obs):
                tree = SearchTree()
                body = lambda i, value: self._simulate(i, value, tree)
                return jax.lax.fori_loop(0, 3, body, obs), tree

        def main():
            value, tree = Planner(nnx.Linear(4, 4, rngs=nnx.Rngs(0))).plan(jnp.ones(4))
            return value, tree.frontier()
        """,
        ["22:9 SCN106"],
    ),
    Case(
        "not flagged: the same tree when `record` stores nothing",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class SearchTree:
            def __init__(self):
                self.expanded = []

            def record(self, latent):
                return latent

        class Planner:
            def __init__(self, model):
                self.model = model

            def _simulate(self, i, value, tree):
                latent = jnp.tanh(self.model(value))
                tree.record(latent)
                return latent

            def plan(self, obs):
                tree = SearchTree()
                body = lambda i, value: self._simulate(i, value, tree)
                return jax.lax.fori_loop(0, 3, body, obs), tree

        def main():
            return Planner(nnx.Linear(4, 4, rngs=nnx.Rngs(0))).plan(jnp.ones(4))
        """,
        [],
    ),
    Case(
        "NNX: a sampler object's helper method, run by the scan body, stores the loop's prediction on the sampler (`self.last_x0 = x0`)",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Sampler:
            def __init__(self, denoiser):
                self.denoiser = denoiser
                self.last_x0 = None

            def _predict_x0(self, x, t):
                x0 = x - self.denoiser(x) * t
                self.last_x0 = x0
                return x0

            def sample(self, x_T):
                def body(x, t):
                    return self._predict_x0(x, t), None
                return jax.lax.scan(body, x_T, jnp.linspace(1.0, 0.0, 4))[0]

        def main():
            sampler = Sampler(nnx.Linear(2, 2, rngs=nnx.Rngs(0)))
            sampler.sample(jnp.ones((3, 2)))
            return jnp.std(sampler.last_x0)
        """,
        ["13:9 SCN105"],
    ),
    Case(
        "a plain trainer's scan body stores the running loss on the trainer (`self.last_loss = loss`)",
        """
        import jax
        import jax.numpy as jnp

        class Trainer:
            def __init__(self, scale):
                self.scale = scale
                self.last_loss = 0.0

            def run(self, xs):
                def body(total, x):
                    loss = jnp.mean(x) * self.scale
                    self.last_loss = loss
                    return total + loss, loss
                return jax.lax.scan(body, 0.0, xs)
        """,
        ["13:13 SCN105"],
    ),
    Case(
        "not flagged: the sampler stores a value no step changes, or an object the body made itself",
        """
        import jax
        import jax.numpy as jnp

        class Record:
            pass

        class Sampler:
            def __init__(self):
                self.mode = "eval"
                self.calls = 0

            def sample(self, x_T):
                def body(x, t):
                    self.mode = "sampling"
                    record = Record()
                    record.x = x
                    return x * t, record.x
                return jax.lax.scan(body, x_T, jnp.linspace(1.0, 0.0, 4))
        """,
        [],
    ),
    Case(
        "not flagged: the loop's result stored on the sampler after the scan",
        """
        import jax
        import jax.numpy as jnp

        class Sampler:
            def __init__(self):
                self.last = None

            def sample(self, x_T):
                def body(x, t):
                    return x * t, x
                x, xs = jax.lax.scan(body, x_T, jnp.linspace(1.0, 0.0, 4))
                self.last = xs[-1]
                return x
        """,
        [],
    ),
    Case(
        "NNX: the model is switched to eval only under a config flag the file leaves False (`if not cfg.train: model.eval()`), so its BatchNorm trains in the scan body",
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp
        from flax import nnx

        @dataclass
        class Config:
            train: bool = True

        class Field(nnx.Module):
            def __init__(self, rngs):
                self.norm = nnx.BatchNorm(4, rngs=rngs)

            def __call__(self, z):
                return jnp.tanh(self.norm(z))

        def integrate(field, z0, xs):
            def step(z, x):
                return z + field(z) * x, None
            return jax.lax.scan(step, z0, xs)[0]

        def main():
            cfg = Config()
            field = Field(nnx.Rngs(0))
            if not cfg.train:
                field.eval()
            return integrate(field, jnp.ones((2, 4)), jnp.ones((3, 2, 4)))
        """,
        ["21:20 SCN105"],
    ),
    Case(
        "not flagged: the same model when the config leaves training off, so it is switched to eval",
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp
        from flax import nnx

        @dataclass
        class Config:
            train: bool = False

        class Field(nnx.Module):
            def __init__(self, rngs):
                self.norm = nnx.BatchNorm(4, rngs=rngs)

            def __call__(self, z):
                return jnp.tanh(self.norm(z))

        def integrate(field, z0, xs):
            def step(z, x):
                return z + field(z) * x, None
            return jax.lax.scan(step, z0, xs)[0]

        def main():
            cfg = Config()
            field = Field(nnx.Rngs(0))
            if not cfg.train:
                field.eval()
            return integrate(field, jnp.ones((2, 4)), jnp.ones((3, 2, 4)))
        """,
        [],
    ),
    Case(
        "not flagged: a custom layer draws from its streams only unless `self.deterministic`, and the model is switched to eval before the loop",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class TokenDropper(nnx.Module):
            def __init__(self, rngs, deterministic=False):
                self.rngs, self.deterministic = rngs, deterministic

            def __call__(self, tokens):
                if self.deterministic:
                    return tokens
                order = jax.random.permutation(self.rngs.tokens(), tokens.shape[1])
                return tokens[:, order[:2]]

        class ViT(nnx.Module):
            def __init__(self, rngs):
                self.dropper = TokenDropper(nnx.Rngs(tokens=0))
                self.head = nnx.Linear(4, 2, rngs=rngs)

            def __call__(self, x):
                return self.head(self.dropper(x).mean(1))

        def evaluate(model, batches):
            def body(total, x):
                return total + model(x).sum(), None
            return jax.lax.scan(body, 0.0, batches)[0]

        def main():
            model = ViT(nnx.Rngs(0))
            model.eval()
            return evaluate(model, jnp.ones((3, 2, 5, 4)))
        """,
        [],
    ),
    Case(
        "NNX: the same custom layer when the model is switched to training just before the loop",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class TokenDropper(nnx.Module):
            def __init__(self, rngs, deterministic=False):
                self.rngs, self.deterministic = rngs, deterministic

            def __call__(self, tokens):
                if self.deterministic:
                    return tokens
                order = jax.random.permutation(self.rngs.tokens(), tokens.shape[1])
                return tokens[:, order[:2]]

        class ViT(nnx.Module):
            def __init__(self, rngs):
                self.dropper = TokenDropper(nnx.Rngs(tokens=0))
                self.head = nnx.Linear(4, 2, rngs=rngs)

            def __call__(self, x):
                return self.head(self.dropper(x).mean(1))

        def train_epoch(model, batches):
            model.train()
            def body(total, x):
                return total + model(x).sum(), None
            return jax.lax.scan(body, 0.0, batches)[0]

        def main():
            model = ViT(nnx.Rngs(0))
            model.eval()
            return train_epoch(model, jnp.ones((3, 2, 5, 4)))
        """,
        ["27:24 SCN105"],
    ),
    Case(
        "NNX: a server object's scan body adds to a Variable of the model it holds (`self.model.impressions[...] += ...`)",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Impressions(nnx.Variable):
            pass

        class TwoTower(nnx.Module):
            def __init__(self, rngs):
                self.user = nnx.Linear(4, 8, rngs=rngs)
                self.impressions = Impressions(jnp.zeros(8))

        class Server:
            def __init__(self, model):
                self.model = model

            def serve(self, sessions):
                def body(total, users):
                    scores = self.model.user(users)
                    self.model.impressions[...] = self.model.impressions[...] + scores.sum(0)
                    return total + scores.sum(), None
                return jax.lax.scan(body, 0.0, sessions)

        def main():
            return Server(TwoTower(nnx.Rngs(0))).serve(jnp.ones((3, 2, 4)))
        """,
        ["21:13 SCN105"],
    ),
    Case(
        "not flagged: the same server reads the model's Variable in the body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Impressions(nnx.Variable):
            pass

        class TwoTower(nnx.Module):
            def __init__(self, rngs):
                self.user = nnx.Linear(4, 8, rngs=rngs)
                self.impressions = Impressions(jnp.zeros(8))

        class Server:
            def __init__(self, model):
                self.model = model

            def serve(self, sessions):
                def body(total, users):
                    scores = self.model.user(users) - self.model.impressions[...]
                    return total + scores.sum(), None
                return jax.lax.scan(body, 0.0, sessions)

        def main():
            return Server(TwoTower(nnx.Rngs(0))).serve(jnp.ones((3, 2, 4)))
        """,
        [],
    ),
    Case(
        "NNX: a module's own helper method, run by the scan in another of its methods, appends loop values to a list its `__init__` made",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Transcriber(nnx.Module):
            def __init__(self, rngs):
                self.head = nnx.Linear(4, 3, rngs=rngs)
                self.frames = []

            def _emit(self, out):
                self.frames.append(jax.nn.log_softmax(self.head(out)))

            def _consume(self, h, chunk):
                h = jnp.tanh(h + chunk)
                self._emit(h)
                return h

            def stream(self, chunks):
                return jax.lax.scan(lambda h, c: (self._consume(h, c), None), jnp.zeros(4), chunks)[0]

        def main():
            asr = Transcriber(nnx.Rngs(0))
            asr.stream(jnp.ones((5, 4)))
            return jnp.stack(asr.frames)
        """,
        ["12:9 SCN105"],
    ),
    Case(
        "not flagged: the module collects the loop's outputs after the scan",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Transcriber(nnx.Module):
            def __init__(self, rngs):
                self.head = nnx.Linear(4, 3, rngs=rngs)
                self.frames = []

            def _consume(self, h, chunk):
                h = jnp.tanh(h + chunk)
                return h, jax.nn.log_softmax(self.head(h))

            def stream(self, chunks):
                h, outs = jax.lax.scan(lambda h, c: self._consume(h, c), jnp.zeros(4), chunks)
                self.frames.append(outs)
                return h
        """,
        [],
    ),
    Case(
        "NNX: a plain collector object's method, called in a fori_loop body, writes running moments into the modules it holds with `nnx.update`",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class MomentCollector:
            def __init__(self, model):
                self.mean_model = nnx.clone(model)

            def _running_mean(self, params, n):
                mean = nnx.state(self.mean_model, nnx.Param)
                nnx.update(self.mean_model, jax.tree.map(lambda m, p: (n * m + p) / (n + 1), mean, params))

            def collect(self, params, n):
                self._running_mean(params, n)

        def run(model, steps):
            graphdef, params = nnx.split(model, nnx.Param)
            collector = MomentCollector(model)
            def body(step, params):
                params = jax.tree.map(lambda p: 0.9 * p, params)
                collector.collect(params, step)
                return params
            return jax.lax.fori_loop(0, steps, body, params)

        def main():
            return run(nnx.Linear(2, 2, rngs=nnx.Rngs(0)), 3)
        """,
        ["12:9 SCN105"],
    ),
    Case(
        "not flagged: the collector only reads the modules it holds in the loop",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class MomentCollector:
            def __init__(self, model):
                self.mean_model = nnx.clone(model)

            def distance(self, params):
                mean = nnx.state(self.mean_model, nnx.Param)
                return sum(jnp.sum((m - p) ** 2) for m, p in zip(jax.tree.leaves(mean), jax.tree.leaves(params)))

        def run(model, steps):
            graphdef, params = nnx.split(model, nnx.Param)
            collector = MomentCollector(model)
            def body(step, carry):
                params, total = carry
                return params, total + collector.distance(params)
            return jax.lax.fori_loop(0, steps, body, (params, 0.0))

        def main():
            return run(nnx.Linear(2, 2, rngs=nnx.Rngs(0)), 3)
        """,
        [],
    ),
    Case(
        "NNX: the body merges state a planner split in its `__init__` (`nnx.merge(self.graphdef, self.state)`) and writes into the merged module",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Belief(nnx.Variable):
            pass

        class Dynamics(nnx.Module):
            def __init__(self, rngs):
                self.cell = nnx.Linear(2, 2, rngs=rngs)
                self.belief = Belief(jnp.zeros(2))

        class Planner:
            def __init__(self, model):
                self.graphdef, self.state = nnx.split(model)

            def plan(self, obs):
                def body(i, mu):
                    model = nnx.merge(self.graphdef, self.state)
                    model.belief[...] = model.cell(mu)
                    return mu + model.belief[...]
                return jax.lax.fori_loop(0, 3, body, obs)

        def main():
            return Planner(Dynamics(nnx.Rngs(0))).plan(jnp.ones(2))
        """,
        ["21:13 SCN105"],
    ),
    Case(
        "not flagged: the planner carries the merged module's state through the loop",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Belief(nnx.Variable):
            pass

        class Dynamics(nnx.Module):
            def __init__(self, rngs):
                self.cell = nnx.Linear(2, 2, rngs=rngs)
                self.belief = Belief(jnp.zeros(2))

        class Planner:
            def __init__(self, model):
                self.graphdef, self.state = nnx.split(model)

            def plan(self, obs):
                def body(i, carry):
                    mu, state = carry
                    model = nnx.merge(self.graphdef, state)
                    model.belief[...] = model.cell(mu)
                    return mu + model.belief[...], nnx.state(model)
                return jax.lax.fori_loop(0, 3, body, (obs, self.state))[0]

        def main():
            return Planner(Dynamics(nnx.Rngs(0))).plan(jnp.ones(2))
        """,
        [],
    ),
    Case(
        "NNX: a module switched to training by the caller of the function that runs the fori_loop (`model.train()`, then `calibrate(model, stream)`), its BatchNorm run in the body through a helper; the file also switches it to eval afterwards",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Encoder(nnx.Module):
            def __init__(self, rngs):
                self.proj = nnx.Linear(5, 8, rngs=rngs)
                self.norm = nnx.BatchNorm(8, rngs=rngs)

            def __call__(self, x):
                return self.norm(self.proj(x))

        def encode_chunk(model, chunk):
            return model(chunk).mean(axis=0)

        def calibrate(model, stream):
            def body(i, acc):
                return acc + encode_chunk(model, stream[i])
            return jax.lax.fori_loop(0, stream.shape[0], body, jnp.zeros(8))

        def main(stream):
            model = Encoder(nnx.Rngs(0))
            model.train()
            summary = calibrate(model, stream)
            model.eval()
            return summary, model(stream[0])
        """,
        ["15:12 SCN105"],
    ),
    Case(
        "not flagged: the same calibration when the caller switches the module to eval before it",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Encoder(nnx.Module):
            def __init__(self, rngs):
                self.proj = nnx.Linear(5, 8, rngs=rngs)
                self.norm = nnx.BatchNorm(8, rngs=rngs)

            def __call__(self, x):
                return self.norm(self.proj(x))

        def encode_chunk(model, chunk):
            return model(chunk).mean(axis=0)

        def calibrate(model, stream):
            def body(i, acc):
                return acc + encode_chunk(model, stream[i])
            return jax.lax.fori_loop(0, stream.shape[0], body, jnp.zeros(8))

        def main(stream):
            model = Encoder(nnx.Rngs(0))
            model.train()
            model(stream[0])
            model.eval()
            return calibrate(model, stream)
        """,
        [],
    ),
    Case(
        "NNX: a NamedTuple session holding the model and optimizer, closed over by a fori_loop body whose helper runs `nnx.value_and_grad` on `session.model` and `session.optimizer.update`",
        """
        from typing import NamedTuple

        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx

        class TrainSession(NamedTuple):
            model: nnx.Module
            optimizer: nnx.Optimizer

        def loss_fn(model, x):
            return (model(x) ** 2).mean()

        def apply_microbatch(session, x):
            loss, grads = nnx.value_and_grad(loss_fn)(session.model, x)
            session.optimizer.update(session.model, grads)
            return loss

        def training_step(batches, session):
            def body(i, total):
                return total + apply_microbatch(session, batches[i])
            return jax.lax.fori_loop(0, batches.shape[0], body, jnp.zeros(()))

        def main(batches):
            model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
            session = TrainSession(model, nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param))
            return training_step(batches, session)
        """,
        ["17:19 SCN105", "18:5 SCN105"],
    ),
    Case(
        "not flagged: the same session when the body only reads the model through it",
        """
        from typing import NamedTuple

        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx

        class TrainSession(NamedTuple):
            model: nnx.Module
            optimizer: nnx.Optimizer

        def evaluate(session, x):
            return (session.model(x) ** 2).mean()

        def validation_loss(batches, session):
            def body(i, total):
                return total + evaluate(session, batches[i])
            return jax.lax.fori_loop(0, batches.shape[0], body, jnp.zeros(()))

        def main(batches):
            model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
            session = TrainSession(model, nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param))
            return validation_loss(batches, session)
        """,
        [],
    ),
    Case(
        "a method of an outside NNX module handed to the loop as its body (`nca.step`), whose helper builds `nnx.Rngs` from the module's seed field and draws from it",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Texture(nnx.Module):
            def __init__(self, seed: int, rngs: nnx.Rngs):
                self.rule = nnx.Linear(4, 4, rngs=rngs)
                self.seed = seed

            def _fire_mask(self):
                rngs = nnx.Rngs(fire=self.seed)
                return jax.random.bernoulli(rngs.fire(), 0.5, (4,))

            def step(self, state, _):
                mask = self._fire_mask()
                return state + self.rule(state) * mask, mask

        def grow(nca, state):
            return jax.lax.scan(nca.step, state, None, length=5)

        def main():
            return grow(Texture(3, nnx.Rngs(0)), jnp.ones(4))
        """,
        ["12:16 SCN103"],
    ),
    Case(
        "not flagged: the method handed to the loop seeds its `nnx.Rngs` from the step it is given",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Texture(nnx.Module):
            def __init__(self, seed: int, rngs: nnx.Rngs):
                self.rule = nnx.Linear(4, 4, rngs=rngs)
                self.seed = seed

            def _fire_mask(self, t):
                rngs = nnx.Rngs(fire=jax.random.fold_in(jax.random.key(self.seed), t))
                return jax.random.bernoulli(rngs.fire(), 0.5, (4,))

            def step(self, state, t):
                mask = self._fire_mask(t)
                return state + self.rule(state) * mask, mask

        def grow(nca, state):
            return jax.lax.scan(nca.step, state, jnp.arange(5))

        def main():
            return grow(Texture(3, nnx.Rngs(0)), jnp.ones(4))
        """,
        [],
    ),
    Case(
        "a method of an outside NNX module run in the body draws from a key the module stores: a key attribute given as `rngs=`, a key held in an `nnx.Variable`, an `nnx.Rngs` stream's `.key.value`",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class NoiseKey(nnx.Variable):
            pass

        class Head(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.linear = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.5)
                self.mc_key = jax.random.key(17)
                self.noise_key = NoiseKey(rngs.noise())
                self.rngs = rngs

            def masked(self, x):
                return self.drop(self.linear(x), deterministic=False, rngs=self.mc_key)

            def noisy(self, x):
                return x + jax.random.normal(self.noise_key[...], x.shape)

            def posterior(self, x):
                key = self.rngs.noise.key.value
                return x + jax.random.normal(key, x.shape)

        class Sampler:
            def __init__(self, head: Head):
                self.head = head

            def step(self, x, _):
                a = self.head.masked(x)
                b = self.head.noisy(x)
                c = self.head.posterior(x)
                return a + b + c, a

            def run(self, x):
                return jax.lax.scan(self.step, x, None, length=4)

        def main():
            return Sampler(Head(nnx.Rngs(0, noise=1))).run(jnp.ones(4))
        """,
        ["32:13 SCN103", "33:13 SCN103", "34:13 SCN103"],
    ),
    Case(
        "not flagged: the stored keys folded with the step, or per-step keys given as `xs`",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class NoiseKey(nnx.Variable):
            pass

        class Head(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.linear = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.5)
                self.mc_key = jax.random.key(17)
                self.noise_key = NoiseKey(rngs.noise())
                self.rngs = rngs

            def masked(self, x, t):
                return self.drop(self.linear(x), deterministic=False, rngs=jax.random.fold_in(self.mc_key, t))

            def noisy(self, x, key):
                return x + jax.random.normal(key, x.shape)

            def posterior(self, x, t):
                key = jax.random.fold_in(self.rngs.noise.key.value, t)
                return x + jax.random.normal(key, x.shape)

        class Sampler:
            def __init__(self, head: Head):
                self.head = head

            def step(self, x, inputs):
                t, key = inputs
                a = self.head.masked(x, t)
                b = self.head.noisy(x, key)
                c = self.head.posterior(x, t)
                return a + b + c, a

            def run(self, x):
                keys = jax.random.split(jax.random.key(0), 4)
                return jax.lax.scan(self.step, x, (jnp.arange(4), keys))

        def main():
            return Sampler(Head(nnx.Rngs(0, noise=1))).run(jnp.ones(4))
        """,
        [],
    ),
    Case(
        "a stored key split in the method the body runs (`key, k_eps = jax.random.split(self.key[...])`, `jax.random.split(self.key[...], 3)[1]`) gives the same keys at every step",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class RandomWalk(nnx.Module):
            def __init__(self, seed: int):
                self.key = nnx.Variable(jax.random.key(seed))

            def propose(self, x):
                key, k_eps = jax.random.split(self.key[...])
                return x + jax.random.normal(k_eps, x.shape)

            def jitter(self, x):
                return x + jax.random.uniform(jax.random.split(self.key[...], 3)[1], x.shape)

        def run_chain(walk, x0):
            def body(x, _):
                x = walk.propose(x)
                return walk.jitter(x), x
            return jax.lax.scan(body, x0, None, length=8)

        def main():
            return run_chain(RandomWalk(11), jnp.zeros(2))
        """,
        ["19:13 SCN103", "20:16 SCN103"],
    ),
    Case(
        "not flagged: a helper's `rngs` parameter filled by the body with an `nnx.Rngs` it builds from a per-step key (also in a comprehension)",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def explore(rngs, lr):
            return lr + jax.random.uniform(rngs.explore(), ())

        def run(key, lrs, seeds):
            def body(gen, lrs):
                gen_key = jax.random.fold_in(key, gen)
                first = explore(nnx.Rngs(explore=gen_key), lrs[0])
                rest = [explore(nnx.Rngs(explore=jax.random.fold_in(gen_key, s)), lr) for s, lr in zip(seeds, lrs[1:])]
                return [first, *rest]

            return jax.lax.fori_loop(0, 4, body, lrs)
        """,
        [],
    ),
    Case(
        "a helper's `rngs` parameter filled by the body with an `nnx.Rngs` made outside it",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def explore(rngs, lr):
            return lr + jax.random.uniform(rngs.explore(), ())

        def run(lrs):
            rngs = nnx.Rngs(explore=0)

            def body(gen, lrs):
                return [explore(rngs, lr) for lr in lrs]

            return jax.lax.fori_loop(0, 4, body, lrs)
        """,
        ["7:36 SCN105"],
    ),
    Case(
        "a key drawn once from an `nnx.Rngs` stream before the loop, handed by the body to a helper that gives it to a layer as `rngs=`",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx
        from jax.lax import scan

        class Encoder(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.fc = nnx.Linear(4, 6, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def __call__(self, x, *, rngs=None):
                return self.drop(self.fc(x), rngs=rngs, deterministic=rngs is None)

        def noisy_forward(model, x, key):
            return model(x, rngs=key)

        def main(xs):
            model = Encoder(nnx.Rngs(params=0))
            rngs = nnx.Rngs(dropout=1)
            key = rngs.dropout()

            def body(c, x):
                return c, noisy_forward(model, x, key)

            return scan(body, None, xs)
        """,
        ["24:43 SCN103"],
    ),
    Case(
        "not flagged: the body folds the step into the key before handing it to the helper",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx
        from jax.lax import scan

        class Encoder(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.fc = nnx.Linear(4, 6, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def __call__(self, x, *, rngs=None):
                return self.drop(self.fc(x), rngs=rngs, deterministic=rngs is None)

        def noisy_forward(model, x, key):
            return model(x, rngs=key)

        def main(xs):
            model = Encoder(nnx.Rngs(params=0))
            rngs = nnx.Rngs(dropout=1)
            key = rngs.dropout()

            def body(c, inputs):
                t, x = inputs
                return c, noisy_forward(model, x, jax.random.fold_in(key, t))

            return scan(body, None, (jnp.arange(xs.shape[0]), xs))
        """,
        [],
    ),
    Case(
        "a simulator's rollout passes `deterministic=not train` down to a Dropout with streams of its own, and a caller runs it with `train=True`",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Block(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.linear = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.2, rngs=rngs)

            def __call__(self, x, deterministic):
                return self.drop(self.linear(x), deterministic=deterministic)

        class Model(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.blocks = nnx.List([Block(rngs)])

            def __call__(self, x, deterministic=True):
                for block in self.blocks:
                    x = block(x, deterministic)
                return x

        class Simulator:
            def __init__(self, model):
                self.model = model

            def rollout(self, x, train=False):
                def body(i, x):
                    return self.model(x, deterministic=not train)
                return jax.lax.fori_loop(0, 3, body, x)

        def main():
            sim = Simulator(Model(nnx.Rngs(0, dropout=1)))
            return sim.rollout(jnp.ones(4), train=True)
        """,
        ["29:20 SCN105"],
    ),
    Case(
        "not flagged: every call of the rollout passes `train=False` (or leaves the default), so the Dropout is deterministic",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Block(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.linear = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.2, rngs=rngs)

            def __call__(self, x, deterministic):
                return self.drop(self.linear(x), deterministic=deterministic)

        class Model(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.blocks = nnx.List([Block(rngs)])

            def __call__(self, x, deterministic=True):
                for block in self.blocks:
                    x = block(x, deterministic)
                return x

        class Simulator:
            def __init__(self, model):
                self.model = model

            def rollout(self, x, train=False):
                def body(i, x):
                    return self.model(x, deterministic=not train)
                return jax.lax.fori_loop(0, 3, body, x)

        def main():
            sim = Simulator(Model(nnx.Rngs(0, dropout=1)))
            sim.rollout(jnp.ones(4))
            return sim.rollout(jnp.ones(4), train=False)
        """,
        [],
    ),
    Case(
        "an `@nnx.jit` step a trainer stores in `__init__` (`self._step = step`), and a module-level `@nnx.jit` function given an attribute of an outside model, called in the body",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx

        class Policy(nnx.Module):
            def __init__(self, rngs):
                self.net = nnx.Linear(2, 2, rngs=rngs)
                self.head = nnx.Linear(2, 2, rngs=rngs)

            def __call__(self, s):
                return jnp.tanh(self.net(s))

        @nnx.jit
        def encode(layer, x):
            return layer(x)

        class Trainer:
            def __init__(self, model):
                self.model = model
                self.optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)

                @nnx.jit
                def step(model, optimizer, s):
                    loss, grads = nnx.value_and_grad(lambda m: jnp.mean(m(s) ** 2))(model)
                    optimizer.update(model, grads)
                    return loss

                self._step = step

            def fit(self, states):
                def body(i, total):
                    return total + self._step(self.model, self.optimizer, states[i])
                return jax.lax.fori_loop(0, states.shape[0], body, 0.0)

        def embed_all(model, xs):
            def body(c, x):
                return c, encode(model.head, x)
            return jax.lax.scan(body, None, xs)

        def main(xs):
            model = Policy(nnx.Rngs(0))
            Trainer(model).fit(xs)
            return embed_all(model, xs)
        """,
        ["34:28 SCN105", "39:19 SCN105"],
    ),
    Case(
        "nnx: the body's model(x) runs a block whose Dropout gets deterministic from a default that leaves it on",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Block(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.5, rngs=rngs)

            def __call__(self, x, deterministic):
                return self.drop(self.lin(x), deterministic=deterministic)

        class Model(nnx.Module):
            def __init__(self, rngs):
                self.block = Block(rngs)

            def __call__(self, x, deterministic=False):
                return self.block(x, deterministic)

        def main(xs):
            model = Model(nnx.Rngs(0))

            def body(c, x):
                return c, model(x)

            return jax.lax.scan(body, 0, xs)
        """,
        ["25:19 SCN105"],
    ),
    Case(
        "nnx: the body's model.predict(x) runs a Dropout switched by not train, train=True passed down",
        """
        import jax
        from flax import nnx

        class Head(nnx.Module):
            def __init__(self, rngs):
                self.drop = nnx.Dropout(0.2, rngs=rngs)
                self.out = nnx.Linear(4, 2, rngs=rngs)

            def __call__(self, h, *, train):
                return self.out(self.drop(h, deterministic=not train))

        class Model(nnx.Module):
            def __init__(self, rngs):
                self.head = Head(rngs)

            def predict(self, x):
                return self.head(x, train=True)

        def main(xs):
            model = Model(nnx.Rngs(0))

            def body(c, x):
                return c, model.predict(x)

            return jax.lax.scan(body, 0, xs)
        """,
        ["18:16 SCN105"],
    ),
    Case(
        "nnx negative: the body's model(x) runs a block whose Dropout the default deterministic=True switches off",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Block(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.5, rngs=rngs)

            def __call__(self, x, deterministic):
                return self.drop(self.lin(x), deterministic=deterministic)

        class Model(nnx.Module):
            def __init__(self, rngs):
                self.block = Block(rngs)

            def __call__(self, x, deterministic=True):
                return self.block(x, deterministic)

        def main(xs):
            model = Model(nnx.Rngs(0))

            def body(c, x):
                return c, model(x)

            return jax.lax.scan(body, 0, xs)
        """,
        [],
    ),
    Case(
        "nnx negative: trained outside the loop with train=True, the body's model(x) runs with the train=False default",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Model(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.5, rngs=rngs)
                self.norm = nnx.BatchNorm(4, rngs=rngs)

            def __call__(self, x, train=False):
                h = self.norm(self.lin(x), use_running_average=not train)
                return self.drop(h, deterministic=not train)

        def main(xs):
            model = Model(nnx.Rngs(0))
            model(jnp.ones((2, 4)), train=True)

            def body(c, x):
                return c, model(x)

            return jax.lax.scan(body, 0, xs)
        """,
        [],
    ),
    Case(
        "nnx: a learner stores the agent's bound update method it is built with; the update runs an nnx.jit step on the agent's model and optimizer",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx

        class QNet(nnx.Module):
            def __init__(self, rngs):
                self.l1 = nnx.Linear(4, 2, rngs=rngs)

            def __call__(self, obs):
                return self.l1(obs)

        @nnx.jit
        def dqn_update(q_net, optimizer, batch):
            def loss_fn(q_net):
                return jnp.mean(q_net(batch) ** 2)
            loss, grads = nnx.value_and_grad(loss_fn)(q_net)
            optimizer.update(q_net, grads)
            return loss

        class Agent:
            def __init__(self):
                self.q_net = QNet(nnx.Rngs(0))
                self.optimizer = nnx.Optimizer(self.q_net, optax.adam(1e-3), wrt=nnx.Param)

            def update(self, batch):
                return dqn_update(self.q_net, self.optimizer, batch)

            def score(self, batch):
                return jnp.mean(self.q_net(batch))

        class Learner:
            def __init__(self, update_fn, steps):
                self.update_fn = update_fn
                self.steps = steps

            def run(self, replay):
                def body(i, total):
                    return total + self.update_fn(replay[i])
                return jax.lax.fori_loop(0, self.steps, body, 0.0)

        def main(replay):
            agent = Agent()
            return Learner(agent.update, 4).run(replay)
        """,
        ['28:16 SCN105'],
    ),
    Case(
        "nnx negative: the learner is built with the agent's method that only reads the model",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx

        class QNet(nnx.Module):
            def __init__(self, rngs):
                self.l1 = nnx.Linear(4, 2, rngs=rngs)

            def __call__(self, obs):
                return self.l1(obs)

        @nnx.jit
        def dqn_update(q_net, optimizer, batch):
            def loss_fn(q_net):
                return jnp.mean(q_net(batch) ** 2)
            loss, grads = nnx.value_and_grad(loss_fn)(q_net)
            optimizer.update(q_net, grads)
            return loss

        class Agent:
            def __init__(self):
                self.q_net = QNet(nnx.Rngs(0))
                self.optimizer = nnx.Optimizer(self.q_net, optax.adam(1e-3), wrt=nnx.Param)

            def update(self, batch):
                return dqn_update(self.q_net, self.optimizer, batch)

            def score(self, batch):
                return jnp.mean(self.q_net(batch))

        class Learner:
            def __init__(self, update_fn, steps):
                self.update_fn = update_fn
                self.steps = steps

            def run(self, replay):
                def body(i, total):
                    return total + self.update_fn(replay[i])
                return jax.lax.fori_loop(0, self.steps, body, 0.0)

        def main(replay):
            agent = Agent()
            return Learner(agent.score, 4).run(replay)
        """,
        [],
    ),
    Case(
        "nnx: an nnx.jit train step called in the body is reported at its call, not at the grad and update inside it",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx


        class Net(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 1, rngs=rngs)

            def __call__(self, x):
                return self.lin(x)


        @nnx.jit
        def train_step(model, optimizer, x):
            grads = nnx.grad(lambda m: jnp.mean(m(x) ** 2))(model)
            optimizer.update(model, grads)


        def fit(model, optimizer, xs):
            def body(i, c):
                train_step(model, optimizer, xs[i])
                return c
            return jax.lax.fori_loop(0, xs.shape[0], body, 0)


        def main():
            model = Net(nnx.Rngs(0))
            fit(model, nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param), jnp.ones((3, 2, 3)))
        """,
        ["24:9 SCN105"],
    ),
    Case(
        'nnx: an object stores the nnx.jit predict function its __init__ takes by default; the scan body calls it with the stored model',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Net(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)

            def __call__(self, x):
                return self.lin(x)

        @nnx.jit
        def predict_jit(model, x):
            return model(x)

        def predict_plain(model, x):
            return model(x)

        class Forecaster:
            def __init__(self, model, predict_fn=predict_jit):
                self.model = model
                self.predict_fn = predict_fn

            def forecast(self, x0, steps):
                def body(x, _):
                    y = self.predict_fn(self.model, x)
                    return y, y
                return jax.lax.scan(body, x0, None, length=steps)

        def main():
            return Forecaster(Net(nnx.Rngs(0))).forecast(jnp.ones(3), 4)
        """,
        ['27:17 SCN105'],
    ),
    Case(
        'nnx negative: the stored default is a plain function that only reads the stored model',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Net(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)

            def __call__(self, x):
                return self.lin(x)

        @nnx.jit
        def predict_jit(model, x):
            return model(x)

        def predict_plain(model, x):
            return model(x)

        class Forecaster:
            def __init__(self, model, predict_fn=predict_plain):
                self.model = model
                self.predict_fn = predict_fn

            def forecast(self, x0, steps):
                def body(x, _):
                    y = self.predict_fn(self.model, x)
                    return y, y
                return jax.lax.scan(body, x0, None, length=steps)

        def main():
            return Forecaster(Net(nnx.Rngs(0))).forecast(jnp.ones(3), 4)
        """,
        [],
    ),
    Case(
        "nnx: a plain object stores a bandit's bound observe method, which the loop body calls through it",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Counts(nnx.Variable):
            pass

        class Bandit(nnx.Module):
            def __init__(self, rngs):
                self.scorer = nnx.Linear(4, 3, rngs=rngs)
                self.pulls = Counts(jnp.zeros(3))

            def ucb(self, ctx):
                return self.scorer(ctx) + 1.0 / (self.pulls[...] + 1.0)

            def observe(self, arm):
                self.pulls[...] = self.pulls[...].at[arm].add(1.0)

        class ServingPolicy:
            def __init__(self, bandit):
                self.score = bandit.ucb
                self.feedback = bandit.observe

        def simulate(policy, contexts):
            def body(t, clicks):
                arm = jnp.argmax(policy.score(contexts[t]))
                policy.feedback(arm)
                return clicks + arm
            return jax.lax.fori_loop(0, contexts.shape[0], body, 0)

        def main(contexts):
            return simulate(ServingPolicy(Bandit(nnx.Rngs(0))), contexts)
        """,
        ['28:9 SCN105'],
    ),
    Case(
        'nnx negative: the loop body calls only the stored bound method that reads the bandit',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Counts(nnx.Variable):
            pass

        class Bandit(nnx.Module):
            def __init__(self, rngs):
                self.scorer = nnx.Linear(4, 3, rngs=rngs)
                self.pulls = Counts(jnp.zeros(3))

            def ucb(self, ctx):
                return self.scorer(ctx) + 1.0 / (self.pulls[...] + 1.0)

            def observe(self, arm):
                self.pulls[...] = self.pulls[...].at[arm].add(1.0)

        class ServingPolicy:
            def __init__(self, bandit):
                self.score = bandit.ucb
                self.feedback = bandit.observe

        def simulate(policy, contexts):
            def body(t, clicks):
                arm = jnp.argmax(policy.score(contexts[t]))
                arm = arm + 0
                return clicks + arm
            return jax.lax.fori_loop(0, contexts.shape[0], body, 0)

        def main(contexts):
            return simulate(ServingPolicy(Bandit(nnx.Rngs(0))), contexts)
        """,
        [],
    ),
    Case(
        'nnx: a trainer stores the nnx.jit step a factory returns; the scan body calls it on the stored model and optimizer',
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx

        class Net(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 1, rngs=rngs)

            def __call__(self, x):
                return self.lin(x)

        def make_step(scale):
            @nnx.jit
            def step(model, optimizer, x):
                loss, grads = nnx.value_and_grad(lambda m: scale * jnp.mean(m(x) ** 2))(model)
                optimizer.update(model, grads)
                return loss
            return step

        class Trainer:
            def __init__(self, model):
                self.model = model
                self.optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
                self.step_fn = make_step(0.5)

            def run(self, xs):
                def body(c, x):
                    return c, self.step_fn(self.model, self.optimizer, x)
                return jax.lax.scan(body, None, xs)
        """,
        ['30:23 SCN105'],
    ),
    Case(
        "NNX, not flagged: a cell whose Dropout is handed the per-step key its caller passes (`self.drop(h, rngs=key)`), the key scanned over with the inputs",
        """
        import jax
        import jax.numpy as jnp
        from jax.lax import scan
        from flax import nnx

        class DropoutCell(nnx.Module):
            def __init__(self, d, *, rngs: nnx.Rngs):
                self.hh = nnx.Linear(d, d, rngs=rngs)
                self.dropout = nnx.Dropout(0.5, rngs=rngs)

            def __call__(self, h, x, key=None):
                mask = self.dropout(jnp.ones_like(h), rngs=key)
                return jnp.tanh(self.hh(h * mask) + x), mask

        def unroll(xs, seed):
            cell = DropoutCell(4, rngs=nnx.Rngs(params=0, dropout=1))
            keys = jax.random.split(jax.random.key(seed), xs.shape[0])

            def step(h, inputs):
                x, key = inputs
                return cell(h, x, key)

            return scan(step, jnp.zeros(4), (xs, keys))[1]
        """,
        [],
    ),
    Case(
        "NNX: the same cell called without the key: its Dropout draws from the streams it holds",
        """
        import jax
        import jax.numpy as jnp
        from jax.lax import scan
        from flax import nnx

        class DropoutCell(nnx.Module):
            def __init__(self, d, *, rngs: nnx.Rngs):
                self.hh = nnx.Linear(d, d, rngs=rngs)
                self.dropout = nnx.Dropout(0.5, rngs=rngs)

            def __call__(self, h, x, key=None):
                mask = self.dropout(jnp.ones_like(h), rngs=key)
                return jnp.tanh(self.hh(h * mask) + x), mask

        def unroll(xs):
            cell = DropoutCell(4, rngs=nnx.Rngs(params=0, dropout=1))

            def step(h, x):
                return cell(h, x)

            return scan(step, jnp.zeros(4), xs)[1]
        """,
        ["20:16 SCN105"],
    ),
    Case(
        "NNX: an outside `nnx.MultiMetric` updated in a fori_loop body, directly and through an evaluator's helper method (made by a factory)",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from jax import lax
        import flax.nnx as nnx

        def make_metrics():
            return nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))

        def evaluate(model, images, labels):
            metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))

            def body(i, carry):
                logits = model(images[i])
                loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels[i]).mean()
                metrics.update(loss=loss, logits=logits, labels=labels[i])
                return carry

            lax.fori_loop(0, images.shape[0], body, 0)
            return metrics.compute()

        class Evaluator:
            def __init__(self, model):
                self.model = model
                self.metrics = make_metrics()

            def _record(self, loss, logits, labels):
                self.metrics.update(loss=loss, logits=logits, labels=labels)

            def run(self, xs, ys):
                def body(_, batch):
                    logits = self.model(batch[0])
                    self._record(jnp.mean(logits), logits, batch[1])
                    return None, None

                lax.scan(body, None, (xs, ys))
                return self.metrics.compute()

        def main(xs, ys):
            return Evaluator(nnx.Linear(3, 2, rngs=nnx.Rngs(0))).run(xs, ys)
        """,
        ["17:9 SCN105", "29:9 SCN105"],
    ),
    Case(
        "NNX, not flagged: the metric updated after the loop from the stacked outputs, or one made inside the body",
        """
        import jax
        import jax.numpy as jnp
        from jax import lax
        import flax.nnx as nnx

        def evaluate(model, images, labels):
            metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))

            def body(carry, batch):
                x, y = batch
                logits = model(x)
                batch_metric = nnx.metrics.Average("loss")
                batch_metric.update(loss=jnp.mean(logits))
                return carry, (logits, y)

            _, (logits, ys) = lax.scan(body, None, (images, labels))
            metrics.update(loss=jnp.mean(logits), logits=logits.reshape(-1, logits.shape[-1]), labels=ys.reshape(-1))
            return metrics.compute()
        """,
        [],
    ),
    Case(
        "NNX, not flagged: a hook registered for an event switches the model to eval mode; the function that fires it then scans over a body that calls the model",
        """
        import collections
        import dataclasses
        import jax
        import jax.numpy as jnp
        from flax import nnx

        _HOOKS = collections.defaultdict(list)

        def hook(event):
            def register(fn):
                _HOOKS[event].append(fn)
                return fn
            return register

        @hook("eval_start")
        def deterministic_mode(ctx):
            ctx.model.eval()

        class Encoder(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.proj = nnx.Linear(5, 8, rngs=rngs)
                self.drop = nnx.Dropout(0.1, rngs=rngs)

            def __call__(self, x):
                return self.drop(self.proj(x))

        def run_evaluation(ctx, batches):
            for fn in _HOOKS["eval_start"]:
                fn(ctx)

            def eval_step(total, x):
                return total + jnp.mean(ctx.model(x)), None

            return jax.lax.scan(eval_step, 0.0, batches)[0]

        @dataclasses.dataclass
        class RunContext:
            model: nnx.Module

        def main(batches):
            return run_evaluation(RunContext(model=Encoder(nnx.Rngs(0))), batches)
        """,
        [],
    ),
    Case(
        "NNX: a hand-written `nnx.Metric` subclass (`MetricState` fields) made outside a scan and updated in its body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class MeanAbsError(nnx.Metric):
            def __init__(self):
                self.total = nnx.metrics.MetricState(jnp.array(0.0))
                self.count = nnx.metrics.MetricState(jnp.array(0))

            def update(self, *, pred, target, **_):
                self.total.value = self.total.value + jnp.sum(jnp.abs(pred - target))
                self.count.value = self.count.value + pred.size

            def compute(self):
                return self.total.value / self.count.value

        def evaluate(model, xs, ys):
            metric = MeanAbsError()

            def step(carry, batch):
                x, y = batch
                metric.update(pred=model(x), target=y)
                return carry, None

            jax.lax.scan(step, 0, (xs, ys))
            return metric.compute()

        def main():
            return evaluate(nnx.Linear(3, 1, rngs=nnx.Rngs(0)), jnp.ones((4, 2, 3)), jnp.zeros((4, 2, 1)))
        """,
        ["12:9 SCN105", "13:9 SCN105"],
    ),
    Case(
        "NNX: a Variable of each member of an `nnx.List` the module keeps, rescaled in a `for` over the members inside a fori_loop body",
        """
        import jax.numpy as jnp
        from flax import nnx
        from jax import lax

        class Member(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.net = nnx.Linear(4, 1, rngs=rngs)
                self.lr = nnx.Variable(jnp.asarray(1e-2))

        class Population(nnx.Module):
            def __init__(self, size, rngs: nnx.Rngs):
                self.members = nnx.List([Member(rngs) for _ in range(size)])

            def explore(self, factors):
                def body(i, n):
                    for member in self.members:
                        member.lr.value = member.lr.value * factors[i]
                    return n + 1

                return lax.fori_loop(0, factors.shape[0], body, 0)

            def best(self, x):
                scores = []

                def score(i, total):
                    for member in self.members:
                        total = total + member.net(x).sum() * member.lr.value
                    return total

                return lax.fori_loop(0, 3, score, 0.0)

        def main():
            population = Population(3, nnx.Rngs(0))
            return population.explore(jnp.array([0.8, 1.2, 1.0]))
        """,
        ["18:17 SCN105"],
    ),
    Case(
        "not flagged: the hand-written `nnx.Metric` updated after the scan from the predictions it returns, and one made inside the body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class MeanAbsError(nnx.Metric):
            def __init__(self):
                self.total = nnx.metrics.MetricState(jnp.array(0.0))
                self.count = nnx.metrics.MetricState(jnp.array(0))

            def update(self, *, pred, target, **_):
                self.total.value = self.total.value + jnp.sum(jnp.abs(pred - target))
                self.count.value = self.count.value + pred.size

            def compute(self):
                return self.total.value / self.count.value

        def evaluate(model, xs, ys):
            metric = MeanAbsError()

            def step(carry, x):
                return carry, model(x)

            _, preds = jax.lax.scan(step, 0, xs)
            metric.update(pred=preds, target=ys)
            return metric.compute()

        def per_batch(model, xs, ys):
            def step(carry, batch):
                x, y = batch
                local = MeanAbsError()
                local.update(pred=model(x), target=y)
                return carry, local.compute()

            return jax.lax.scan(step, 0, (xs, ys))[1]

        def main():
            model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
            return evaluate(model, jnp.ones((4, 2, 3)), jnp.zeros((4, 2, 1))), per_batch(model, jnp.ones((4, 2, 3)), jnp.zeros((4, 2, 1)))
        """,
        [],
    ),
    Case(
        "NNX: a stateful RNN's step method, run by the scan body, sets its hidden-state Variable in a tuple assignment (`self.h.value, y = ...`), and a module sows an intermediate from a scan body in its `__call__`",
        """
        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx
        from jax import lax

        class StatefulRNN(nnx.Module):
            def __init__(self, rngs):
                self.cell = nnx.SimpleCell(3, 8, rngs=rngs)
                self.h = nnx.Variable(jnp.zeros((2, 8)))

            def step(self, x):
                self.h.value, y = self.cell(self.h.value, x)
                return y

            def __call__(self, xs):
                def body(_, x):
                    return None, self.step(x)

                return lax.scan(body, None, xs)[1]

        class TiedNet(nnx.Module):
            def __init__(self, rngs):
                self.block = nnx.Linear(8, 8, rngs=rngs)

            def __call__(self, x):
                def body(h, _):
                    h = nnx.gelu(self.block(h)) + h
                    self.sow(nnx.Intermediate, "acts", h)
                    return h, None

                return jax.lax.scan(body, x, None, length=3)[0]

        def main():
            StatefulRNN(nnx.Rngs(0))(jnp.ones((5, 2, 3)))
            return TiedNet(nnx.Rngs(1))(jnp.ones((2, 8)))
        """,
        ["13:9 SCN105", "29:13 SCN105"],
    ),
    Case(
        "not flagged: the same RNN carrying its hidden state and setting the Variable after the loop, and the net sowing the stacked activations after it",
        """
        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx
        from jax import lax

        class StatefulRNN(nnx.Module):
            def __init__(self, rngs):
                self.cell = nnx.SimpleCell(3, 8, rngs=rngs)
                self.h = nnx.Variable(jnp.zeros((2, 8)))

            def __call__(self, xs):
                def body(h, x):
                    h, y = self.cell(h, x)
                    return h, y

                self.h.value, ys = lax.scan(body, self.h.value, xs)
                return ys

        class TiedNet(nnx.Module):
            def __init__(self, rngs):
                self.block = nnx.Linear(8, 8, rngs=rngs)

            def __call__(self, x):
                def body(h, _):
                    h = nnx.gelu(self.block(h)) + h
                    return h, h

                h, acts = jax.lax.scan(body, x, None, length=3)
                self.sow(nnx.Intermediate, "acts", acts)
                return h

        def main():
            StatefulRNN(nnx.Rngs(0))(jnp.ones((5, 2, 3)))
            return TiedNet(nnx.Rngs(1))(jnp.ones((2, 8)))
        """,
        [],
    ),
    Case(
        "not flagged: the same augmentation handed a per-step key for its optional `key`, so its own stream is never drawn in the body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        AUGMENTATIONS = {}

        def register(name):
            def deco(cls):
                AUGMENTATIONS[name] = cls
                return cls

            return deco

        @register("jitter")
        class Jitter(nnx.Module):
            def __init__(self, scale, rngs: nnx.Rngs):
                self.scale = scale
                self.rngs = rngs

            def __call__(self, x, key=None):
                key = self.rngs.augment() if key is None else key
                return x + self.scale * jax.random.normal(key, x.shape)

        class Loader:
            def __init__(self, name):
                self.augment = AUGMENTATIONS[name](0.1, nnx.Rngs(augment=3))

            def epoch(self, batches):
                keys = jax.random.split(self.augment.rngs.augment(), batches.shape[0])

                def body(carry, inputs):
                    x, key = inputs
                    return carry, self.augment(x, key)

                return jax.lax.scan(body, None, (batches, keys))[1]

        def main():
            return Loader("jitter").epoch(jnp.zeros((4, 2, 3)))
        """,
        [],
    ),
    Case(
        "an NNX model's `__call__` hands its `key` parameter to the Dropout it stores (`self.drop(h, rngs=key)`); the body passes one key made before the loop",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Forecaster(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.proj = nnx.Linear(6, 6, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def __call__(self, x, key):
                mask = self.drop(jnp.ones_like(x), rngs=key)
                return self.proj(x * mask), mask

        def main():
            model = Forecaster(nnx.Rngs(0))
            key = jax.random.key(1)

            def step(x, _):
                y, mask = model(x, key)
                return y, mask

            return jax.lax.scan(step, jnp.ones((6,)), None, length=5)[1]
        """,
        ["20:28 SCN103"],
    ),
    Case(
        "not flagged: the same model given a key folded with the step, and one switched to `eval()` (its Dropout draws nothing)",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Forecaster(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.proj = nnx.Linear(6, 6, rngs=rngs)
                self.drop = nnx.Dropout(0.5)

            def __call__(self, x, key):
                mask = self.drop(jnp.ones_like(x), rngs=key)
                return self.proj(x * mask), mask

        def main():
            model = Forecaster(nnx.Rngs(0))
            key = jax.random.key(1)

            def step(x, t):
                y, mask = model(x, jax.random.fold_in(key, t))
                return y, mask

            return jax.lax.scan(step, jnp.ones((6,)), jnp.arange(5))[1]

        def evaluate():
            model = Forecaster(nnx.Rngs(0))
            model.eval()
            key = jax.random.key(1)

            def step(x, _):
                y, mask = model(x, key)
                return y, mask

            return jax.lax.scan(step, jnp.ones((6,)), None, length=5)[1]
        """,
        [],
    ),
    Case(
        "a key drawn once from the model's own streams before the loop (`key = model.rngs.dropout()`) is handed to its Dropout at every step",
        """
        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx

        class MLP(nnx.Module):
            def __init__(self, din, dh, *, rngs: nnx.Rngs):
                self.l1 = nnx.Linear(din, dh, rngs=rngs)
                self.drop = nnx.Dropout(0.5, rngs=rngs)
                self.rngs = rngs

        def mc_masks(model, x, n_samples=6):
            h = nnx.relu(model.l1(x))
            key = model.rngs.dropout()

            def one_pass(_, __):
                return None, model.drop(jnp.ones_like(h), rngs=key)

            return jax.lax.scan(one_pass, None, None, length=n_samples)[1]

        def main():
            model = MLP(4, 16, rngs=nnx.Rngs(params=0, dropout=1))
            return mc_masks(model, jnp.ones((3, 4)))
        """,
        ["17:56 SCN103"],
    ),
    Case(
        "not flagged: the same helper scanning over keys split from the one drawn",
        """
        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx

        class MLP(nnx.Module):
            def __init__(self, din, dh, *, rngs: nnx.Rngs):
                self.l1 = nnx.Linear(din, dh, rngs=rngs)
                self.drop = nnx.Dropout(0.5, rngs=rngs)
                self.rngs = rngs

        def mc_masks(model, x, n_samples=6):
            h = nnx.relu(model.l1(x))
            keys = jax.random.split(model.rngs.dropout(), n_samples)

            def one_pass(_, key):
                return None, model.drop(jnp.ones_like(h), rngs=key)

            return jax.lax.scan(one_pass, None, keys)[1]

        def main():
            model = MLP(4, 16, rngs=nnx.Rngs(params=0, dropout=1))
            return mc_masks(model, jnp.ones((3, 4)))
        """,
        [],
    ),
    Case(
        "an EMA copy made with `nnx.clone(model)` outside the loop is written with `nnx.update` inside the body, while the model itself is carried correctly",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx

        def main():
            model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
            ema = nnx.clone(model)
            optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
            graphdef, state = nnx.split((model, optimizer))
            xs = jnp.ones((4, 8, 3))

            def step(state, x):
                model, optimizer = nnx.merge(graphdef, state)
                grads = nnx.grad(lambda m: jnp.mean(m(x) ** 2))(model)
                optimizer.update(model, grads)
                averaged = jax.tree.map(lambda e, p: 0.9 * e + 0.1 * p, nnx.state(ema, nnx.Param), nnx.state(model, nnx.Param))
                nnx.update(ema, averaged)
                return nnx.split((model, optimizer))[1], None

            state, _ = jax.lax.scan(step, state, xs)
            return ema.kernel.value
        """,
        ["19:9 SCN105"],
    ),
    Case(
        "not flagged: the EMA copy's state carried through the loop and written into it after",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx

        def main():
            model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
            ema = nnx.clone(model)
            optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
            graphdef, state = nnx.split((model, optimizer))
            xs = jnp.ones((4, 8, 3))

            def step(carry, x):
                state, averaged = carry
                model, optimizer = nnx.merge(graphdef, state)
                grads = nnx.grad(lambda m: jnp.mean(m(x) ** 2))(model)
                optimizer.update(model, grads)
                averaged = jax.tree.map(lambda e, p: 0.9 * e + 0.1 * p, averaged, nnx.state(model, nnx.Param))
                return (nnx.split((model, optimizer))[1], averaged), None

            (state, averaged), _ = jax.lax.scan(step, (state, nnx.state(ema, nnx.Param)), xs)
            nnx.update(ema, averaged)
            return ema.kernel.value
        """,
        [],
    ),
    Case(
        "a callback in a list of callbacks of different classes, run by a for in the fori_loop body, counts into an NNX Variable it holds",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Seen(nnx.Variable):
            pass

        class Tally(nnx.Module):
            def __init__(self):
                self.batches = Seen(jnp.zeros((), jnp.int32))

        class Callback:
            def on_batch(self, loss):
                return None

            def on_end(self, steps):
                return None

        class TallyCallback(Callback):
            def __init__(self, tally):
                self.tally = tally

            def on_batch(self, loss):
                self.tally.batches.value = self.tally.batches.value + 1

        class Evaluator:
            def __init__(self, model, callbacks):
                self.model = model
                self.callbacks = list(callbacks)

            def run(self, xs):
                def body(i, total):
                    loss = jnp.mean(self.model(xs[i]) ** 2)
                    for cb in self.callbacks:
                        cb.on_batch(loss)
                    return total + loss

                return jax.lax.fori_loop(0, xs.shape[0], body, jnp.zeros(()))

        def main():
            tally = Tally()
            model = nnx.Linear(3, 2, rngs=nnx.Rngs(0))
            return Evaluator(model, [Callback(), TallyCallback(tally)]).run(jnp.ones((4, 2, 3)))
        """,
        ["25:9 SCN105"],
    ),
    Case(
        "not flagged: the callback counts into the NNX Variable at the end, after the fori_loop",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class Seen(nnx.Variable):
            pass

        class Tally(nnx.Module):
            def __init__(self):
                self.batches = Seen(jnp.zeros((), jnp.int32))

        class Callback:
            def on_batch(self, loss):
                return None

            def on_end(self, steps):
                return None

        class TallyCallback(Callback):
            def __init__(self, tally):
                self.tally = tally

            def on_end(self, steps):
                self.tally.batches.value = self.tally.batches.value + steps

        class Evaluator:
            def __init__(self, model, callbacks):
                self.model = model
                self.callbacks = list(callbacks)

            def run(self, xs):
                def body(i, total):
                    loss = jnp.mean(self.model(xs[i]) ** 2)
                    for cb in self.callbacks:
                        cb.on_batch(loss)
                    return total + loss

                total = jax.lax.fori_loop(0, xs.shape[0], body, jnp.zeros(()))
                for cb in self.callbacks:
                    cb.on_end(xs.shape[0])
                return total

        def main():
            tally = Tally()
            model = nnx.Linear(3, 2, rngs=nnx.Rngs(0))
            return Evaluator(model, [Callback(), TallyCallback(tally)]).run(jnp.ones((4, 2, 3)))
        """,
        [],
    ),
    Case(
        "a module a builder returns in a tuple (`net, jitter = build(0)`) draws its noise from the key it stores, in the scan body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class JitterKey(nnx.Variable):
            pass

        class Jitter(nnx.Module):
            def __init__(self, scale, seed):
                self.scale = scale
                self.key = JitterKey(jax.random.key(seed))

            def noise(self, shape):
                return self.scale * jax.random.normal(self.key.value, shape)

        def build(seed):
            net = nnx.Linear(4, 4, rngs=nnx.Rngs(seed))
            jitter = Jitter(0.1, seed + 1)
            return net, jitter

        def main():
            net, jitter = build(0)

            def body(x, _):
                n = jitter.noise(x.shape)
                return net(x + n), n

            _, noises = jax.lax.scan(body, jnp.ones((2, 4)), None, length=3)
            return noises
        """,
        ["15:47 SCN103"],
    ),
    Case(
        "not flagged: the module a builder returns folds the step into the key it stores",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class JitterKey(nnx.Variable):
            pass

        class Jitter(nnx.Module):
            def __init__(self, scale, seed):
                self.scale = scale
                self.key = JitterKey(jax.random.key(seed))

            def noise(self, shape, step):
                return self.scale * jax.random.normal(jax.random.fold_in(self.key.value, step), shape)

        def build(seed):
            net = nnx.Linear(4, 4, rngs=nnx.Rngs(seed))
            jitter = Jitter(0.1, seed + 1)
            return net, jitter

        def main():
            net, jitter = build(0)

            def body(x, t):
                n = jitter.noise(x.shape, t)
                return net(x + n), n

            _, noises = jax.lax.scan(body, jnp.ones((2, 4)), jnp.arange(3))
            return noises
        """,
        [],
    ),
    Case(
        "a model and optimizer a builder returns in a tuple (`model, opt = build(0)`) are updated in the fori_loop body",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx

        def loss_fn(model, x):
            return jnp.mean(model(x) ** 2)

        def build(seed):
            model = nnx.Linear(3, 3, rngs=nnx.Rngs(seed))
            opt = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
            return model, opt

        def main():
            model, opt = build(0)
            x = jnp.ones((2, 3))

            def body(i, total):
                loss, grads = nnx.value_and_grad(loss_fn)(model, x)
                opt.update(model, grads)
                return total + loss

            return jax.lax.fori_loop(0, 3, body, jnp.zeros(()))
        """,
        ["20:23 SCN105", "21:9 SCN105"],
    ),
    Case(
        "not flagged: the model a builder returns in a tuple is only evaluated in the fori_loop body",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx

        def loss_fn(model, x):
            return jnp.mean(model(x) ** 2)

        def build(seed):
            model = nnx.Linear(3, 3, rngs=nnx.Rngs(seed))
            opt = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
            return model, opt

        def main():
            model, opt = build(0)
            xs = jnp.ones((3, 2, 3))

            def body(i, total):
                return total + loss_fn(model, xs[i])

            return jax.lax.fori_loop(0, 3, body, jnp.zeros(()))
        """,
        [],
    ),
    Case(
        "a method the body runs calls a logging mixin's method (`self.log_last(out)`), which keeps the loop value on the object",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class LastOutputMixin:
            def log_last(self, out):
                self._last = out

            def report(self):
                return jnp.argmax(self._last, axis=-1)

        class Server(LastOutputMixin):
            def __init__(self, model):
                self.model = model

            def predict(self, x):
                out = self.model(x)
                self.log_last(out)
                return out.sum()

            def stream(self, xs):
                def body(total, x):
                    return total + self.predict(x), None

                total, _ = jax.lax.scan(body, jnp.zeros(()), xs)
                self.report()
                return total

        def main():
            return Server(nnx.Linear(3, 2, rngs=nnx.Rngs(0))).stream(jnp.ones((4, 5, 3)))
        """,
        ["8:9 SCN105"],
    ),
    Case(
        "not flagged: the logging mixin's method keeps only the shape of the loop value",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        class LastOutputMixin:
            def log_last(self, out):
                self._last = out.shape

            def report(self):
                return self._last

        class Server(LastOutputMixin):
            def __init__(self, model):
                self.model = model

            def predict(self, x):
                out = self.model(x)
                self.log_last(out)
                return out.sum()

            def stream(self, xs):
                def body(total, x):
                    return total + self.predict(x), None

                total, _ = jax.lax.scan(body, jnp.zeros(()), xs)
                self.report()
                return total

        def main():
            return Server(nnx.Linear(3, 2, rngs=nnx.Rngs(0))).stream(jnp.ones((4, 5, 3)))
        """,
        [],
    ),
    Case(
        "flagged: a distillation trainer switches only the teacher to eval; the student's BatchNorm trains in the body",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx


        class Net(nnx.Module):
            def __init__(self, width, rngs):
                self.fc = nnx.Linear(6, width, rngs=rngs)
                self.bn = nnx.BatchNorm(width, rngs=rngs)
                self.head = nnx.Linear(width, 4, rngs=rngs)

            def __call__(self, x):
                return self.head(nnx.relu(self.bn(self.fc(x))))


        class DistillTrainer:
            def __init__(self, teacher, student, temperature=2.0):
                self.teacher = teacher
                self.student = student
                self.temperature = temperature
                self.teacher.eval()

            def distill_loss(self, batches):
                def body(total, x):
                    t = jax.nn.softmax(self.teacher(x) / self.temperature)
                    s = self.student(x) / self.temperature
                    return total + optax.softmax_cross_entropy(s, t).mean(), None

                total, _ = jax.lax.scan(body, 0.0, batches)
                return total


        def main():
            teacher = Net(16, nnx.Rngs(0))
            student = Net(8, nnx.Rngs(1))
            DistillTrainer(teacher, student).distill_loss(jnp.ones((3, 5, 6)))
        """,
        ["28:17 SCN105"],
    ),
    Case(
        'not flagged: the trainer switches both teacher and student to eval before the loop',
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx


        class Net(nnx.Module):
            def __init__(self, width, rngs):
                self.fc = nnx.Linear(6, width, rngs=rngs)
                self.bn = nnx.BatchNorm(width, rngs=rngs)
                self.head = nnx.Linear(width, 4, rngs=rngs)

            def __call__(self, x):
                return self.head(nnx.relu(self.bn(self.fc(x))))


        class DistillTrainer:
            def __init__(self, teacher, student, temperature=2.0):
                self.teacher = teacher
                self.student = student
                self.temperature = temperature
                self.teacher.eval()
                self.student.eval()

            def distill_loss(self, batches):
                def body(total, x):
                    t = jax.nn.softmax(self.teacher(x) / self.temperature)
                    s = self.student(x) / self.temperature
                    return total + optax.softmax_cross_entropy(s, t).mean(), None

                total, _ = jax.lax.scan(body, 0.0, batches)
                return total


        def main():
            teacher = Net(16, nnx.Rngs(0))
            student = Net(8, nnx.Rngs(1))
            DistillTrainer(teacher, student).distill_loss(jnp.ones((3, 5, 6)))
        """,
        [],
    ),
    Case(
        'not flagged: the module the body calls is switched to eval through the ensemble built from it',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Net(nnx.Module):
            def __init__(self, width, rngs):
                self.fc = nnx.Linear(6, width, rngs=rngs)
                self.bn = nnx.BatchNorm(width, rngs=rngs)

            def __call__(self, x):
                return nnx.relu(self.bn(self.fc(x)))


        class Ensemble(nnx.Module):
            def __init__(self, members):
                self.members = nnx.List(members)

            def __call__(self, x):
                return sum(m(x) for m in self.members)


        def main():
            student = Net(8, nnx.Rngs(1))
            ensemble = Ensemble([student, Net(8, nnx.Rngs(2))])
            ensemble.eval()

            def body(total, x):
                return total + student(x).mean(), None

            return jax.lax.scan(body, 0.0, jnp.ones((3, 5, 6)))[0]
        """,
        [],
    ),
    Case(
        'not flagged: a solver switched to eval whose scan calls the BatchNorm module its __init__ builds',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Preconditioner(nnx.Module):
            def __init__(self, n, hidden, rngs):
                self.inp = nnx.Linear(n, hidden, rngs=rngs)
                self.bn = nnx.BatchNorm(hidden, rngs=rngs)
                self.out = nnx.Linear(hidden, n, rngs=rngs)

            def __call__(self, r):
                return self.out(nnx.relu(self.bn(self.inp(r))))


        class Solver(nnx.Module):
            def __init__(self, n, rngs):
                self.precond = Preconditioner(n, 16, rngs=rngs)

            def __call__(self, f):
                def iterate(u, _):
                    r = f - u
                    return u + 0.1 * self.precond(r), jnp.linalg.norm(r)

                return jax.lax.scan(iterate, jnp.zeros_like(f), None, length=4)


        def main():
            solver = Solver(3, rngs=nnx.Rngs(0))
            solver.eval()
            return solver(jnp.ones((2, 3)))
        """,
        [],
    ),
    Case(
        'not flagged: ensemble members whose Dropout is always called with the per-step key it is handed',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Scorer(nnx.Module):
            def __init__(self, d_in, *, rngs):
                self.enc = nnx.Linear(d_in, 16, rngs=rngs)
                self.drop = nnx.Dropout(0.3, rngs=rngs)

            def __call__(self, x, key):
                return self.drop(nnx.relu(self.enc(x)), rngs=key)


        class Ensemble(nnx.Module):
            def __init__(self, d_in, n_members, *, rngs):
                self.members = nnx.List([Scorer(d_in, rngs=rngs) for _ in range(n_members)])

            def __call__(self, x, key):
                keys = jax.random.split(key, len(self.members))
                return jnp.stack([m(x, k) for m, k in zip(self.members, keys)])


        def mc_samples(ensemble, x, key, n):
            def body(carry, step_key):
                return carry, ensemble(x, step_key)

            return jax.lax.scan(body, None, jax.random.split(key, n))[1]


        def main():
            ensemble = Ensemble(8, 3, rngs=nnx.Rngs(params=0, dropout=1))
            return mc_samples(ensemble, jnp.ones((2, 8)), jax.random.key(3), 4)
        """,
        [],
    ),
    Case(
        "NNX: a step closure a factory builds over the model an evaluator's `__init__` is given (`self.step = make_eval_step(model)`) switches it to eval inside the body",
        """
        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx


        class Net(nnx.Module):
            def __init__(self, rngs):
                self.proj = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.2, rngs=rngs)

            def __call__(self, x):
                return self.drop(self.proj(x))


        def make_eval_step(model):
            def eval_step(total, x):
                model.eval()
                return total + model(x).sum(), None

            return eval_step


        class Evaluator:
            def __init__(self, model):
                self.model = model
                self.step = make_eval_step(model)

            def run(self, xs):
                return jax.lax.scan(self.step, 0.0, xs)[0]


        def main():
            return Evaluator(Net(nnx.Rngs(0))).run(jnp.ones((3, 4)))
        """,
        ["18:9 SCN105"],
    ),
    Case(
        'NNX: the same evaluator switching the model to eval before the loop',
        """
        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx


        class Net(nnx.Module):
            def __init__(self, rngs):
                self.proj = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.2, rngs=rngs)

            def __call__(self, x):
                return self.drop(self.proj(x))


        def make_eval_step(model):
            def eval_step(total, x):
                return total + model(x).sum(), None

            return eval_step


        class Evaluator:
            def __init__(self, model):
                self.model = model
                self.step = make_eval_step(model)

            def run(self, xs):
                self.model.eval()
                return jax.lax.scan(self.step, 0.0, xs)[0]


        def main():
            return Evaluator(Net(nnx.Rngs(0))).run(jnp.ones((3, 4)))
        """,
        [],
    ),
    Case(
        'NNX: callbacks a builder returns beside the model (`model, callbacks = build(0)`), one of them `nnx.update`-ing the shadow model it keeps, run for each callback in the body',
        """
        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx


        class Policy(nnx.Module):
            def __init__(self, rngs):
                self.net = nnx.Linear(4, 2, rngs=rngs)

            def __call__(self, x):
                return self.net(x)


        class WeightEMA:
            def __init__(self, shadow, decay):
                self.shadow = shadow
                self.decay = decay

            def on_step_end(self, params):
                old = nnx.state(self.shadow, nnx.Param)
                nnx.update(self.shadow, jax.tree.map(lambda s, p: self.decay * s + (1 - self.decay) * p, old, params))


        def build(seed):
            model = Policy(nnx.Rngs(seed))
            callbacks = [WeightEMA(Policy(nnx.Rngs(seed)), 0.9)]
            return model, callbacks


        def train(x, y):
            model, callbacks = build(0)
            graphdef, params = nnx.split(model, nnx.Param)

            def loss_fn(p):
                return jnp.mean((nnx.merge(graphdef, p)(x) - y) ** 2)

            def body(params, _):
                grads = jax.grad(loss_fn)(params)
                params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
                for cb in callbacks:
                    cb.on_step_end(params)
                return params, None

            return jax.lax.scan(body, params, None, length=3)[0]


        def main():
            return train(jnp.ones((8, 4)), jnp.zeros((8, 2)))
        """,
        ["42:13 SCN105"],
    ),
    Case(
        "NNX: the same builder's callbacks counting steps in a Python int",
        """
        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx


        class Policy(nnx.Module):
            def __init__(self, rngs):
                self.net = nnx.Linear(4, 2, rngs=rngs)

            def __call__(self, x):
                return self.net(x)


        class WeightEMA:
            def __init__(self, shadow, decay):
                self.shadow = shadow
                self.decay = decay
                self.steps = 0

            def on_step_end(self, params):
                self.steps += 1


        def build(seed):
            model = Policy(nnx.Rngs(seed))
            callbacks = [WeightEMA(Policy(nnx.Rngs(seed)), 0.9)]
            return model, callbacks


        def train(x, y):
            model, callbacks = build(0)
            graphdef, params = nnx.split(model, nnx.Param)

            def loss_fn(p):
                return jnp.mean((nnx.merge(graphdef, p)(x) - y) ** 2)

            def body(params, _):
                grads = jax.grad(loss_fn)(params)
                params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
                for cb in callbacks:
                    cb.on_step_end(params)
                return params, None

            return jax.lax.scan(body, params, None, length=3)[0]


        def main():
            return train(jnp.ones((8, 4)), jnp.zeros((8, 2)))
        """,
        [],
    ),
    Case(
        "NNX: an EMA model a trainer's `__init__` makes through a helper it runs (`self.init_ema(model)`), `nnx.update`d by a method the body calls",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Reg(nnx.Module):
            def __init__(self, rngs):
                self.l1 = nnx.Linear(3, 1, rngs=rngs)

            def __call__(self, x):
                return self.l1(x)[..., 0]


        class Trainer:
            def __init__(self, model):
                self.model = model
                self.init_ema(model)

            def init_ema(self, model):
                self.ema_model = nnx.clone(model)

            def update_ema(self, model):
                nnx.update(self.ema_model, nnx.state(model, nnx.Param))

            def train_epoch(self, xs):
                graphdef, state = nnx.split(self.model)

                def body(state, x):
                    model = nnx.merge(graphdef, state)
                    self.update_ema(model)
                    return nnx.state(model), model(x).sum()

                return jax.lax.scan(body, state, xs)


        def main():
            return Trainer(Reg(nnx.Rngs(0))).train_epoch(jnp.ones((2, 4, 3)))
        """,
        ["24:9 SCN105"],
    ),
    Case(
        'NNX: the same trainer updating its EMA model after the loop',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Reg(nnx.Module):
            def __init__(self, rngs):
                self.l1 = nnx.Linear(3, 1, rngs=rngs)

            def __call__(self, x):
                return self.l1(x)[..., 0]


        class Trainer:
            def __init__(self, model):
                self.model = model
                self.init_ema(model)

            def init_ema(self, model):
                self.ema_model = nnx.clone(model)

            def update_ema(self, model):
                nnx.update(self.ema_model, nnx.state(model, nnx.Param))

            def train_epoch(self, xs):
                graphdef, state = nnx.split(self.model)

                def body(state, x):
                    model = nnx.merge(graphdef, state)
                    return nnx.state(model), model(x).sum()

                state, losses = jax.lax.scan(body, state, xs)
                nnx.update(self.model, state)
                self.update_ema(self.model)
                return losses


        def main():
            return Trainer(Reg(nnx.Rngs(0))).train_epoch(jnp.ones((2, 4, 3)))
        """,
        [],
    ),
    Case(
        'NNX: the EMA model kept and updated by a mixin the trainer derives from (`class Trainer(EMAMixin)`), updated inside the body',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class EMAMixin:
            decay = 0.9

            def init_ema(self, model):
                self.ema_model = nnx.clone(model)

            def update_ema(self, model):
                old = nnx.state(self.ema_model, nnx.Param)
                new = nnx.state(model, nnx.Param)
                nnx.update(self.ema_model, jax.tree.map(lambda e, p: self.decay * e + (1 - self.decay) * p, old, new))


        class Reg(nnx.Module):
            def __init__(self, rngs):
                self.l1 = nnx.Linear(3, 1, rngs=rngs)

            def __call__(self, x):
                return self.l1(x)[..., 0]


        class Trainer(EMAMixin):
            def __init__(self, model):
                self.model = model
                self.init_ema(model)

            def train_epoch(self, xs):
                graphdef, state = nnx.split(self.model)

                def body(state, x):
                    model = nnx.merge(graphdef, state)
                    self.update_ema(model)
                    return nnx.state(model), model(x).sum()

                state, losses = jax.lax.scan(body, state, xs)
                nnx.update(self.model, state)
                return losses


        def main():
            return Trainer(Reg(nnx.Rngs(0))).train_epoch(jnp.ones((2, 4, 3)))
        """,
        ["16:9 SCN105"],
    ),
    Case(
        "NNX: the same mixin's update run after the loop",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class EMAMixin:
            decay = 0.9

            def init_ema(self, model):
                self.ema_model = nnx.clone(model)

            def update_ema(self, model):
                old = nnx.state(self.ema_model, nnx.Param)
                new = nnx.state(model, nnx.Param)
                nnx.update(self.ema_model, jax.tree.map(lambda e, p: self.decay * e + (1 - self.decay) * p, old, new))


        class Reg(nnx.Module):
            def __init__(self, rngs):
                self.l1 = nnx.Linear(3, 1, rngs=rngs)

            def __call__(self, x):
                return self.l1(x)[..., 0]


        class Trainer(EMAMixin):
            def __init__(self, model):
                self.model = model
                self.init_ema(model)

            def train_epoch(self, xs):
                graphdef, state = nnx.split(self.model)

                def body(state, x):
                    model = nnx.merge(graphdef, state)
                    return nnx.state(model), model(x).sum()

                state, losses = jax.lax.scan(body, state, xs)
                nnx.update(self.model, state)
                self.update_ema(self.model)
                return losses


        def main():
            return Trainer(Reg(nnx.Rngs(0))).train_epoch(jnp.ones((2, 4, 3)))
        """,
        [],
    ),
    Case(
        "NNX: an evaluator keeps the loop's logits and labels on itself in a tuple assignment (`self._last_logits, self._last_labels = logits, y`), read after the loop",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Classifier(nnx.Module):
            def __init__(self, rngs):
                self.l1 = nnx.Linear(6, 3, rngs=rngs)

            def __call__(self, x):
                return self.l1(x)


        class Evaluator:
            def __init__(self, model):
                self.model = model
                self._last_logits = None
                self._last_labels = None

            def evaluate(self, xs, ys):
                def body(carry, batch):
                    x, y = batch
                    logits = self.model(x)
                    self._last_logits, self._last_labels = logits, y
                    return carry, logits

                return jax.lax.scan(body, None, (xs, ys))[1]

            def confusion(self):
                return jnp.argmax(self._last_logits, -1) == self._last_labels


        def main():
            evaluator = Evaluator(Classifier(nnx.Rngs(0)))
            evaluator.evaluate(jnp.ones((2, 4, 6)), jnp.zeros((2, 4), jnp.int32))
            return evaluator.confusion()
        """,
        ["25:13 SCN105", "25:32 SCN105"],
    ),
    Case(
        'NNX: the same evaluator keeping shapes in the body and the values after the loop',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Classifier(nnx.Module):
            def __init__(self, rngs):
                self.l1 = nnx.Linear(6, 3, rngs=rngs)

            def __call__(self, x):
                return self.l1(x)


        class Evaluator:
            def __init__(self, model):
                self.model = model
                self._last_logits = None
                self._last_labels = None

            def evaluate(self, xs, ys):
                def body(carry, batch):
                    x, y = batch
                    logits = self.model(x)
                    self._last_shape, self._last_labels = logits.shape, ys.shape
                    return carry, logits

                logits = jax.lax.scan(body, None, (xs, ys))[1]
                self._last_logits, self._last_labels = logits[-1], ys[-1]
                return logits

            def confusion(self):
                return jnp.argmax(self._last_logits, -1) == self._last_labels


        def main():
            evaluator = Evaluator(Classifier(nnx.Rngs(0)))
            evaluator.evaluate(jnp.ones((2, 4, 6)), jnp.zeros((2, 4), jnp.int32))
            return evaluator.confusion()
        """,
        [],
    ),
    Case(
        'NNX: each stage object a list holds keeps an `nnx.MultiMetric`, updated for every stage a `for` walks in the body',
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx


        class Head(nnx.Module):
            def __init__(self, rngs):
                self.l1 = nnx.Linear(4, 3, rngs=rngs)

            def __call__(self, x):
                return self.l1(x)


        class Stage:
            def __init__(self, name, model):
                self.name = name
                self.model = model
                self.metrics = nnx.MultiMetric(loss=nnx.metrics.Average("loss"))


        class Replay:
            def __init__(self, stages):
                self.stages = stages

            def run(self, xs, ys):
                def body(carry, batch):
                    x, y = batch
                    for stage in self.stages:
                        loss = optax.softmax_cross_entropy_with_integer_labels(stage.model(x), y).mean()
                        stage.metrics.update(loss=loss)
                    return carry, None

                jax.lax.scan(body, None, (xs, ys))
                return [s.metrics.compute() for s in self.stages]


        def main():
            stages = [Stage("a", Head(nnx.Rngs(0))), Stage("b", Head(nnx.Rngs(1)))]
            return Replay(stages).run(jnp.ones((2, 5, 4)), jnp.zeros((2, 5), jnp.int32))
        """,
        ["32:17 SCN105"],
    ),
    Case(
        "NNX: the same stages' metrics updated after the loop from the stacked losses",
        """
        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx


        class Head(nnx.Module):
            def __init__(self, rngs):
                self.l1 = nnx.Linear(4, 3, rngs=rngs)

            def __call__(self, x):
                return self.l1(x)


        class Stage:
            def __init__(self, name, model):
                self.name = name
                self.model = model
                self.metrics = nnx.MultiMetric(loss=nnx.metrics.Average("loss"))


        class Replay:
            def __init__(self, stages):
                self.stages = stages

            def run(self, xs, ys):
                def body(carry, batch):
                    x, y = batch
                    losses = [optax.softmax_cross_entropy_with_integer_labels(stage.model(x), y).mean() for stage in self.stages]
                    return carry, jnp.stack(losses)

                _, losses = jax.lax.scan(body, None, (xs, ys))
                for stage, loss in zip(self.stages, losses.T):
                    stage.metrics.update(loss=loss)
                return [s.metrics.compute() for s in self.stages]


        def main():
            stages = [Stage("a", Head(nnx.Rngs(0))), Stage("b", Head(nnx.Rngs(1)))]
            return Replay(stages).run(jnp.ones((2, 5, 4)), jnp.zeros((2, 5), jnp.int32))
        """,
        [],
    ),
    Case(
        "NNX: a Dropout called with `rngs=key` where `key=None` is the default, every call of the module passing the step's key",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Masker(nnx.Module):
            def __init__(self, n, rngs):
                self.drop = nnx.Dropout(0.5, rngs=rngs)
                self.n = n

            def __call__(self, key=None):
                return self.drop(jnp.ones((self.n,)), rngs=key)


        def masks(masker, keys):
            def body(carry, key):
                return carry, masker(key=key)

            return jax.lax.scan(body, None, keys)[1]


        def main():
            masker = Masker(6, nnx.Rngs(dropout=1))
            return masks(masker, jax.random.split(jax.random.key(0), 4))
        """,
        [],
    ),
    Case(
        'NNX: the same module called in the body without a key: its Dropout draws from its own streams',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Masker(nnx.Module):
            def __init__(self, n, rngs):
                self.drop = nnx.Dropout(0.5, rngs=rngs)
                self.n = n

            def __call__(self, key=None):
                return self.drop(jnp.ones((self.n,)), rngs=key)


        def masks(masker, keys):
            def body(carry, key):
                return carry, masker()

            return jax.lax.scan(body, None, keys)[1]


        def main():
            masker = Masker(6, nnx.Rngs(dropout=1))
            return masks(masker, jax.random.split(jax.random.key(0), 4))
        """,
        ["18:23 SCN105"],
    ),
    Case(
        "NNX: ensemble members in an `nnx.List`, each called with its own key through `zip` in a comprehension, from a call passing the step's key",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Member(nnx.Module):
            def __init__(self, d, rngs):
                self.dense = nnx.Linear(d, d, rngs=rngs)
                self.drop = nnx.Dropout(0.5, rngs=rngs)

            def __call__(self, x, key=None):
                return self.drop(self.dense(x), rngs=key)


        class Ensemble(nnx.Module):
            def __init__(self, d, n, rngs):
                self.members = nnx.List([Member(d, rngs) for _ in range(n)])

            def __call__(self, x, key):
                keys = jax.random.split(key, len(self.members))
                return jnp.stack([m(x, k) for m, k in zip(self.members, keys)]).mean(0)


        def sample(ensemble, x, keys):
            def body(carry, key):
                return carry, ensemble(x, key)

            return jax.lax.scan(body, None, keys)[1]


        def main():
            ensemble = Ensemble(4, 3, nnx.Rngs(0))
            return sample(ensemble, jnp.ones((2, 4)), jax.random.split(jax.random.key(1), 5))
        """,
        [],
    ),
    Case(
        'NNX: the same ensemble calling its members without the key: each Dropout draws from its own streams',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Member(nnx.Module):
            def __init__(self, d, rngs):
                self.dense = nnx.Linear(d, d, rngs=rngs)
                self.drop = nnx.Dropout(0.5, rngs=rngs)

            def __call__(self, x, key=None):
                return self.drop(self.dense(x), rngs=key)


        class Ensemble(nnx.Module):
            def __init__(self, d, n, rngs):
                self.members = nnx.List([Member(d, rngs) for _ in range(n)])

            def __call__(self, x, key):
                keys = jax.random.split(key, len(self.members))
                return jnp.stack([m(x) for m, k in zip(self.members, keys)]).mean(0)


        def sample(ensemble, x, keys):
            def body(carry, key):
                return carry, ensemble(x, key)

            return jax.lax.scan(body, None, keys)[1]


        def main():
            ensemble = Ensemble(4, 3, nnx.Rngs(0))
            return sample(ensemble, jnp.ones((2, 4)), jax.random.split(jax.random.key(1), 5))
        """,
        ["27:23 SCN105"],
    ),
    Case(
        'NNX: heads in an `nnx.List` walked by a `for` over `zip(self.heads, keys)`, each given its key',
        """
        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx


        class Head(nnx.Module):
            def __init__(self, d, rngs):
                self.proj = nnx.Linear(d, 1, rngs=rngs)
                self.drop = nnx.Dropout(0.2, rngs=rngs)

            def __call__(self, h, key=None):
                return self.proj(self.drop(h, rngs=key))


        class MultiHead(nnx.Module):
            def __init__(self, d, rngs):
                self.heads = nnx.List([Head(d, rngs), Head(d, rngs)])

            def __call__(self, h, key):
                outs = []
                for head, k in zip(self.heads, jax.random.split(key, 2)):
                    outs.append(head(h, k))
                return jnp.concatenate(outs, -1)


        def main():
            model = MultiHead(3, nnx.Rngs(0))

            def body(c, key):
                return c, model(jnp.ones((2, 3)), key)

            return jax.lax.scan(body, 0, jax.random.split(jax.random.key(2), 4))[1]
        """,
        [],
    ),
    Case(
        'NNX: the same heads walked without passing the key',
        """
        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx


        class Head(nnx.Module):
            def __init__(self, d, rngs):
                self.proj = nnx.Linear(d, 1, rngs=rngs)
                self.drop = nnx.Dropout(0.2, rngs=rngs)

            def __call__(self, h, key=None):
                return self.proj(self.drop(h, rngs=key))


        class MultiHead(nnx.Module):
            def __init__(self, d, rngs):
                self.heads = nnx.List([Head(d, rngs), Head(d, rngs)])

            def __call__(self, h, key):
                outs = []
                for head, k in zip(self.heads, jax.random.split(key, 2)):
                    outs.append(head(h))
                return jnp.concatenate(outs, -1)


        def main():
            model = MultiHead(3, nnx.Rngs(0))

            def body(c, key):
                return c, model(jnp.ones((2, 3)), key)

            return jax.lax.scan(body, 0, jax.random.split(jax.random.key(2), 4))[1]
        """,
        ["31:19 SCN105"],
    ),
    Case(
        "NNX: a helper taking `rngs: nnx.Rngs`, called through a `functools.partial` with a fresh `nnx.Rngs` built from the step's key",
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx
        from jax import lax


        def jitter(x, rngs: nnx.Rngs, scale=0.1):
            return x + scale * jax.random.normal(rngs.noise(), x.shape)


        def predict_views(model, x, rngs, views=4):
            noisy = functools.partial(jitter, scale=0.05)
            keys = jax.random.split(rngs.noise(), views)

            def body(i, acc):
                view = noisy(x, rngs=nnx.Rngs(noise=keys[i]))
                return acc.at[i].set(model(view))

            return lax.fori_loop(0, views, body, jnp.zeros((views,) + x.shape[:-1] + (2,)))


        def main():
            model = nnx.Linear(3, 2, rngs=nnx.Rngs(0))
            return predict_views(model, jnp.ones((5, 3)), nnx.Rngs(noise=1))
        """,
        [],
    ),
    Case(
        'NNX: the same partial called with the outside `nnx.Rngs`',
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx
        from jax import lax


        def jitter(x, rngs: nnx.Rngs, scale=0.1):
            return x + scale * jax.random.normal(rngs.noise(), x.shape)


        def predict_views(model, x, rngs, views=4):
            noisy = functools.partial(jitter, scale=0.05)
            keys = jax.random.split(rngs.noise(), views)

            def body(i, acc):
                view = noisy(x, rngs=rngs)
                return acc.at[i].set(model(view))

            return lax.fori_loop(0, views, body, jnp.zeros((views,) + x.shape[:-1] + (2,)))


        def main():
            model = nnx.Linear(3, 2, rngs=nnx.Rngs(0))
            return predict_views(model, jnp.ones((5, 3)), nnx.Rngs(noise=1))
        """,
        ["11:42 SCN105", "19:16 SCN105"],
    ),
    Case(
        "NNX: two comprehensions in the body bind the same name over `zip(workers, ...)`; the helper one of them calls draws from each worker's `nnx.Rngs`",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Worker(nnx.Module):
            def __init__(self, seed):
                self.rngs = nnx.Rngs(jitter=seed)
                self.scale = nnx.Param(jnp.ones(()))


        def perturb(worker, value):
            return value + 0.1 * jax.random.normal(worker.rngs.jitter(), ())


        def run(workers, steps):
            def body(i, values):
                scaled = [w.scale.value * v for w, v in zip(workers, values)]
                return [perturb(w, v) for w, v in zip(workers, scaled)]

            return jax.lax.fori_loop(0, steps, body, [jnp.zeros(()) for _ in workers])


        def main():
            return run([Worker(s) for s in range(3)], 4)
        """,
        ["14:44 SCN105"],
    ),
    Case(
        'NNX: the same body handing the helper keys drawn before the loop and folded with the step',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Worker(nnx.Module):
            def __init__(self, seed):
                self.rngs = nnx.Rngs(jitter=seed)
                self.scale = nnx.Param(jnp.ones(()))


        def perturb(key, value):
            return value + 0.1 * jax.random.normal(key, ())


        def run(workers, steps):
            keys = [w.rngs.jitter() for w in workers]

            def body(i, values):
                scaled = [w.scale.value * v for w, v in zip(workers, values)]
                return [perturb(jax.random.fold_in(k, i), v) for k, v in zip(keys, scaled)]

            return jax.lax.fori_loop(0, steps, body, [jnp.zeros(()) for _ in workers])


        def main():
            return run([Worker(s) for s in range(3)], 4)
        """,
        [],
    ),
    Case(
        "a trainer's `@property` builds and caches the step on first read: `lax.scan(self.step, ...)` runs what the getter returns, not the getter",
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Regressor(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                x = nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(x))
                return nn.Dense(1)(x)[..., 0]


        class Trainer:
            def __init__(self, model, variables):
                self.model = model
                self.variables = variables
                self._step = None

            @property
            def step(self):
                if self._step is None:
                    self._step = self._make_step()
                return self._step

            def _make_step(self):
                apply = functools.partial(self.model.apply, mutable=["batch_stats"])

                def step(variables, x):
                    y, updates = apply(variables, x)
                    return {"params": variables["params"], **updates}, y.mean()

                return step

            def epoch(self, xs):
                self.variables, losses = jax.lax.scan(self.step, self.variables, xs)
                return losses


        def main():
            model = Regressor()
            xs = jnp.ones((3, 4, 2))
            trainer = Trainer(model, model.init(jax.random.key(0), xs[0]))
            trainer.epoch(xs)
        """,
        [],
    ),
    Case(
        "NNX: an `nnx.Rngs` built in the body from the step's key, bound to a local and handed to a helper that draws from it",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        def corrupt(tokens, rngs, p=0.2):
            keep = jax.random.bernoulli(rngs.mask(), 1 - p, tokens.shape)
            return jnp.where(keep, tokens, 0), keep


        def masks(batches, seed):
            key = jax.random.key(seed)

            def body(i, out):
                rngs = nnx.Rngs(mask=jax.random.fold_in(key, i))
                _, keep = corrupt(batches[i], rngs)
                return out.at[i].set(keep)

            return jax.lax.fori_loop(0, batches.shape[0], body, jnp.zeros(batches.shape, bool))


        def main():
            return masks(jnp.ones((4, 6), jnp.int32), 0)
        """,
        [],
    ),
    Case(
        'NNX: the same helper handed an `nnx.Rngs` made outside the body',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        def corrupt(tokens, rngs, p=0.2):
            keep = jax.random.bernoulli(rngs.mask(), 1 - p, tokens.shape)
            return jnp.where(keep, tokens, 0), keep


        def masks(batches, seed):
            rngs = nnx.Rngs(mask=seed)

            def body(i, out):
                _, keep = corrupt(batches[i], rngs)
                return out.at[i].set(keep)

            return jax.lax.fori_loop(0, batches.shape[0], body, jnp.zeros(batches.shape, bool))


        def main():
            return masks(jnp.ones((4, 6), jnp.int32), 0)
        """,
        ["8:33 SCN105"],
    ),
    Case(
        "NNX: a plain wrapper kept `model.push` as a bound method and calls it from its `__call__`, which the body runs; `push` writes the model's Variable",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Streamer(nnx.Module):
            def __init__(self, width, rngs):
                self.mix = nnx.Linear(width, width, rngs=rngs)
                self.state = nnx.Variable(jnp.zeros((width,)))

            def push(self, x):
                h = jnp.tanh(self.mix(x + self.state[...]))
                self.state[...] = h
                return h


        class Wrapper:
            def __init__(self, model):
                self._push = model.push

            def __call__(self, x):
                return self._push(x)


        class Runner:
            def __init__(self, wrapper):
                self.wrapper = wrapper

            def run(self, xs):
                def body(c, x):
                    return c, self.wrapper(x)

                return jax.lax.scan(body, 0, xs)[1]


        def main():
            runner = Runner(Wrapper(Streamer(3, nnx.Rngs(0))))
            runner.run(jnp.ones((4, 3)))
        """,
        ["23:16 SCN105"],
    ),
    Case(
        'NNX: the same wrapper keeping a method that only reads the model',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Streamer(nnx.Module):
            def __init__(self, width, rngs):
                self.mix = nnx.Linear(width, width, rngs=rngs)
                self.state = nnx.Variable(jnp.zeros((width,)))

            def peek(self, x):
                return jnp.tanh(self.mix(x + self.state[...]))


        class Wrapper:
            def __init__(self, model):
                self._peek = model.peek

            def __call__(self, x):
                return self._peek(x)


        class Runner:
            def __init__(self, wrapper):
                self.wrapper = wrapper

            def run(self, xs):
                def body(c, x):
                    return c, self.wrapper(x)

                return jax.lax.scan(body, 0, xs)[1]


        def main():
            runner = Runner(Wrapper(Streamer(3, nnx.Rngs(0))))
            runner.run(jnp.ones((4, 3)))
        """,
        [],
    ),
    Case(
        'NNX: a session picked from a dict comprehension of sessions by a run-time name, bound to a local the body reads; its model is in train mode',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Scorer(nnx.Module):
            def __init__(self, rngs):
                self.dense = nnx.Linear(4, 1, rngs=rngs)
                self.drop = nnx.Dropout(0.3, rngs=rngs)

            def __call__(self, x):
                return self.dense(self.drop(x))[..., 0]


        class Session:
            def __init__(self, model):
                self.model = model


        class Gateway:
            def __init__(self, names):
                self.sessions = {name: Session(Scorer(nnx.Rngs(params=0, dropout=1))) for name in names}

            def score(self, name, xs):
                session = self.sessions[name]

                def body(c, x):
                    return c, session.model(x)

                return jax.lax.scan(body, 0, xs)[1]


        def main():
            return Gateway(["a", "b"]).score("a", jnp.ones((3, 2, 4)))
        """,
        ["29:23 SCN105"],
    ),
    Case(
        "NNX: the same session's model switched to eval mode before the loop",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Scorer(nnx.Module):
            def __init__(self, rngs):
                self.dense = nnx.Linear(4, 1, rngs=rngs)
                self.drop = nnx.Dropout(0.3, rngs=rngs)

            def __call__(self, x):
                return self.dense(self.drop(x))[..., 0]


        class Session:
            def __init__(self, model):
                self.model = model


        class Gateway:
            def __init__(self, names):
                self.sessions = {name: Session(Scorer(nnx.Rngs(params=0, dropout=1))) for name in names}

            def score(self, name, xs):
                session = self.sessions[name]
                session.model.eval()

                def body(c, x):
                    return c, session.model(x)

                return jax.lax.scan(body, 0, xs)[1]


        def main():
            return Gateway(["a", "b"]).score("a", jnp.ones((3, 2, 4)))
        """,
        [],
    ),
    Case(
        'NNX: a model built by a run-time name from a dict of classes (`MODELS[name](3, rngs=...)`), each keeping a Dropout with its own streams (a subclass inheriting `__init__`)',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Small(nnx.Module):
            def __init__(self, d, *, rngs):
                self.dense = nnx.Linear(d, d, rngs=rngs)
                self.drop = nnx.Dropout(0.2, rngs=rngs)

            def __call__(self, x):
                return self.drop(self.dense(x))


        class Wide(Small):
            def __call__(self, x):
                return 2.0 * super().__call__(x)


        MODELS = {"small": Small, "wide": Wide}


        class Service:
            def __init__(self, name):
                self.model = MODELS[name](3, rngs=nnx.Rngs(params=0, dropout=1))

            def serve(self, xs):
                def body(c, x):
                    return c, self.model(x)

                return jax.lax.scan(body, 0, xs)[1]


        def main():
            return Service("wide").serve(jnp.ones((4, 3)))
        """,
        ["30:23 SCN105"],
    ),
    Case(
        'NNX: the same registry where one class keeps no Dropout: the model may hold no state',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Small(nnx.Module):
            def __init__(self, d, *, rngs):
                self.dense = nnx.Linear(d, d, rngs=rngs)
                self.drop = nnx.Dropout(0.2, rngs=rngs)

            def __call__(self, x):
                return self.drop(self.dense(x))


        class Wide(nnx.Module):
            def __init__(self, d, *, rngs):
                self.dense = nnx.Linear(d, d, rngs=rngs)

            def __call__(self, x):
                return 2.0 * self.dense(x)


        MODELS = {"small": Small, "wide": Wide}


        class Service:
            def __init__(self, name):
                self.model = MODELS[name](3, rngs=nnx.Rngs(params=0, dropout=1))

            def serve(self, xs):
                def body(c, x):
                    return c, self.model(x)

                return jax.lax.scan(body, 0, xs)[1]


        def main():
            return Service("wide").serve(jnp.ones((4, 3)))
        """,
        [],
    ),
    Case(
        "NNX: the same registry's model switched to eval mode before the loop",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Small(nnx.Module):
            def __init__(self, d, *, rngs):
                self.dense = nnx.Linear(d, d, rngs=rngs)
                self.drop = nnx.Dropout(0.2, rngs=rngs)

            def __call__(self, x):
                return self.drop(self.dense(x))


        class Wide(Small):
            def __call__(self, x):
                return 2.0 * super().__call__(x)


        MODELS = {"small": Small, "wide": Wide}


        class Service:
            def __init__(self, name):
                self.model = MODELS[name](3, rngs=nnx.Rngs(params=0, dropout=1))

            def serve(self, xs):
                self.model.eval()

                def body(c, x):
                    return c, self.model(x)

                return jax.lax.scan(body, 0, xs)[1]


        def main():
            return Service("wide").serve(jnp.ones((4, 3)))
        """,
        [],
    ),
    Case(
        "NNX: the body binds a tenant picked from a dict its service fills in another method, and updates the tenant's `nnx.metrics.Average`",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Tenant:
            def __init__(self, seed):
                self.model = nnx.Linear(3, 1, rngs=nnx.Rngs(seed))
                self.loss = nnx.metrics.Average()


        class Service:
            def __init__(self):
                self.tenants = {}

            def add(self, name, seed):
                self.tenants[name] = Tenant(seed)

            def score(self, name, xs):
                def body(i, worst):
                    tenant = self.tenants[name]
                    loss = jnp.mean(tenant.model(xs[i]) ** 2)
                    tenant.loss.update(values=loss)
                    return jnp.maximum(worst, loss)

                return jax.lax.fori_loop(0, xs.shape[0], body, jnp.zeros(()))


        def main():
            service = Service()
            service.add("a", 0)
            service.score("a", jnp.ones((4, 2, 3)))
        """,
        ["24:13 SCN105"],
    ),
    Case(
        'NNX: the same body returning the losses; the metric is updated after the loop',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Tenant:
            def __init__(self, seed):
                self.model = nnx.Linear(3, 1, rngs=nnx.Rngs(seed))
                self.loss = nnx.metrics.Average()


        class Service:
            def __init__(self):
                self.tenants = {}

            def add(self, name, seed):
                self.tenants[name] = Tenant(seed)

            def score(self, name, xs):
                def body(i, state):
                    worst, losses = state
                    tenant = self.tenants[name]
                    loss = jnp.mean(tenant.model(xs[i]) ** 2)
                    return jnp.maximum(worst, loss), losses.at[i].set(loss)

                worst, losses = jax.lax.fori_loop(0, xs.shape[0], body, (jnp.zeros(()), jnp.zeros(xs.shape[0])))
                self.tenants[name].loss.update(values=losses.mean())
                return worst


        def main():
            service = Service()
            service.add("a", 0)
            service.score("a", jnp.ones((4, 2, 3)))
        """,
        [],
    ),
    Case(
        'nnx rngs stream of an object another outside object holds (self.sampler.rngs.enroll())',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class ArmSampler:
            def __init__(self, seed: int):
                self.rngs = nnx.Rngs(enroll=seed)


        class TrialSimulator:
            def __init__(self, sampler: ArmSampler):
                self.sampler = sampler

            def simulate(self, x):
                def week(c, _):
                    k = self.sampler.rngs.enroll()
                    return c + jax.random.normal(k), None
                return jax.lax.scan(week, 0.0, None, length=3)


        def main():
            sim = TrialSimulator(ArmSampler(seed=17))
            return sim.simulate(1.0)
        """,
        ["18:17 SCN105"],
    ),
    Case(
        'key stored by an object another outside object holds, folded in per step',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class ArmSampler:
            def __init__(self, seed: int):
                self.key = jax.random.key(seed)


        class TrialSimulator:
            def __init__(self, sampler: ArmSampler):
                self.sampler = sampler

            def simulate(self, x):
                def week(c, i):
                    k = jax.random.fold_in(self.sampler.key, i)
                    return c + jax.random.normal(k), None
                return jax.lax.scan(week, 0.0, jnp.arange(3))


        def main():
            sim = TrialSimulator(ArmSampler(seed=17))
            return sim.simulate(1.0)
        """,
        [],
    ),
    Case(
        'rngs stream of an object the body builds itself (sampler.rngs.enroll())',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class ArmSampler:
            def __init__(self, seed):
                self.rngs = nnx.Rngs(enroll=seed)


        class TrialSimulator:
            def simulate(self, x):
                def week(c, i):
                    sampler = ArmSampler(jax.random.fold_in(jax.random.key(0), i))
                    k = sampler.rngs.enroll()
                    return c + jax.random.normal(k), None
                return jax.lax.scan(week, 0.0, jnp.arange(3))


        def main():
            return TrialSimulator().simulate(1.0)
        """,
        [],
    ),
    Case(
        'nnx.value_and_grad on a module merged in the body from carried params and closed-over counters',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Seen(nnx.Variable):
            pass


        class Curve(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 1, rngs=rngs)
                self.seen = Seen(jnp.zeros((), jnp.int32))

            def __call__(self, x):
                return self.lin(x)[..., 0]


        def main():
            graphdef, params, counters = nnx.split(Curve(nnx.Rngs(0)), nnx.Param, Seen)
            x = jnp.ones((4, 3))

            def step(params, _):
                model = nnx.merge(graphdef, params, counters)
                loss, grads = nnx.value_and_grad(lambda m: jnp.mean(m(x) ** 2))(model)
                params = jax.tree.map(lambda p, g: p - 0.1 * g, nnx.state(model, nnx.Param), grads)
                return params, loss

            return jax.lax.scan(step, params, None, length=2)[1]
        """,
        ["26:23 SCN105"],
    ),
    Case(
        'the same merge with the counters carried too',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Seen(nnx.Variable):
            pass


        class Curve(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 1, rngs=rngs)
                self.seen = Seen(jnp.zeros((), jnp.int32))

            def __call__(self, x):
                return self.lin(x)[..., 0]


        def main():
            graphdef, params, counters = nnx.split(Curve(nnx.Rngs(0)), nnx.Param, Seen)
            x = jnp.ones((4, 3))

            def step(carry, _):
                params, counters = carry
                model = nnx.merge(graphdef, params, counters)
                loss, grads = nnx.value_and_grad(lambda m: jnp.mean(m(x) ** 2))(model)
                params = jax.tree.map(lambda p, g: p - 0.1 * g, nnx.state(model, nnx.Param), grads)
                return (params, counters), loss

            return jax.lax.scan(step, (params, counters), None, length=2)[1]
        """,
        [],
    ),
    Case(
        'module merged from carried params and closed-over counters, called without a transform',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Seen(nnx.Variable):
            pass


        class Curve(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 1, rngs=rngs)
                self.seen = Seen(jnp.zeros((), jnp.int32))

            def __call__(self, x):
                return self.lin(x)[..., 0]


        def main():
            graphdef, params, counters = nnx.split(Curve(nnx.Rngs(0)), nnx.Param, Seen)
            x = jnp.ones((4, 3))

            def step(params, _):
                model = nnx.merge(graphdef, params, counters)
                return params, jnp.mean(model(x))

            return jax.lax.scan(step, params, None, length=2)[1]
        """,
        [],
    ),
    Case(
        "nnx.grad given a module an outside store's getter returns (store.get(name))",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Scorer(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.head = nnx.Linear(4, 1, rngs=rngs)

            def __call__(self, x):
                return self.head(x)[..., 0]


        class ModelStore:
            def __init__(self):
                self._models = {}

            def add(self, name, model):
                self._models[name] = model

            def get(self, name):
                return self._models[name]


        def refit(store, xs, ys):
            def step(i, _):
                grads = nnx.grad(lambda m: jnp.mean((m(xs[i]) - ys[i]) ** 2))(store.get("scorer"))
                return i
            return jax.lax.fori_loop(0, xs.shape[0], step, 0)


        def main():
            store = ModelStore()
            store.add("scorer", Scorer(nnx.Rngs(0)))
            xs = jnp.ones((3, 5, 4))
            ys = jnp.zeros((3, 5))
            return refit(store, xs, ys)
        """,
        ["28:17 SCN105"],
    ),
    Case(
        "module from an outside store's getter split before the loop and carried",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Scorer(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.head = nnx.Linear(4, 1, rngs=rngs)

            def __call__(self, x):
                return self.head(x)[..., 0]


        class ModelStore:
            def __init__(self):
                self._models = {}

            def add(self, name, model):
                self._models[name] = model

            def get(self, name):
                return self._models[name]


        def refit(store, xs, ys):
            graphdef, state = nnx.split(store.get("scorer"))

            def step(i, state):
                model = nnx.merge(graphdef, state)
                grads = nnx.grad(lambda m: jnp.mean((m(xs[i]) - ys[i]) ** 2))(model)
                return nnx.state(model)
            state = jax.lax.fori_loop(0, xs.shape[0], step, state)
            nnx.update(store.get("scorer"), state)
            return state


        def main():
            store = ModelStore()
            store.add("scorer", Scorer(nnx.Rngs(0)))
            xs = jnp.ones((3, 5, 4))
            ys = jnp.zeros((3, 5))
            return refit(store, xs, ys)
        """,
        [],
    ),
    Case(
        'nnx.grad given a module a factory method builds fresh in the body',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Scorer(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.head = nnx.Linear(4, 1, rngs=rngs)

            def __call__(self, x):
                return self.head(x)[..., 0]


        class ScorerFactory:
            def __init__(self, seed):
                self.seed = seed

            def build(self):
                return Scorer(nnx.Rngs(self.seed))


        def probe(factory, xs):
            def step(i, total):
                grads = nnx.grad(lambda m: jnp.mean(m(xs[i]) ** 2))(factory.build())
                return total + grads.head.bias[...].sum()
            return jax.lax.fori_loop(0, xs.shape[0], step, 0.0)


        def main():
            return probe(ScorerFactory(0), jnp.ones((3, 5, 4)))
        """,
        [],
    ),
    Case(
        'module with BatchNorm chosen by a conditional expression (shared if share else Policy(rngs)), kept and called in the body',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Policy(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.encode = nnx.Linear(4, 8, rngs=rngs)
                self.norm = nnx.BatchNorm(8, rngs=rngs)

            def __call__(self, obs):
                return self.norm(self.encode(obs)).sum(-1)


        class Runner:
            def __init__(self, policy):
                self.policy = policy

            def rollout(self, obs):
                def tick(total, o):
                    return total + self.policy(o).sum(), None
                return jax.lax.scan(tick, 0.0, obs)[0]


        def main(share=True):
            rngs = nnx.Rngs(0)
            shared = Policy(rngs)
            runner = Runner(shared if share else Policy(rngs))
            return runner.rollout(jnp.ones((3, 5, 4)))
        """,
        ["22:28 SCN105"],
    ),
    Case(
        'the conditionally chosen module switched to eval before the loop',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Policy(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.encode = nnx.Linear(4, 8, rngs=rngs)
                self.norm = nnx.BatchNorm(8, rngs=rngs)

            def __call__(self, obs):
                return self.norm(self.encode(obs)).sum(-1)


        class Runner:
            def __init__(self, policy):
                self.policy = policy

            def rollout(self, obs):
                def tick(total, o):
                    return total + self.policy(o).sum(), None
                return jax.lax.scan(tick, 0.0, obs)[0]


        def main(share=True):
            rngs = nnx.Rngs(0)
            shared = Policy(rngs)
            policy = shared if share else Policy(rngs)
            policy.eval()
            runner = Runner(policy)
            return runner.rollout(jnp.ones((3, 5, 4)))
        """,
        [],
    ),
    Case(
        'conditional expression where one branch holds no state',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Policy(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.encode = nnx.Linear(4, 8, rngs=rngs)
                self.norm = nnx.BatchNorm(8, rngs=rngs)

            def __call__(self, obs):
                return self.norm(self.encode(obs)).sum(-1)


        class Linear(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.encode = nnx.Linear(4, 8, rngs=rngs)

            def __call__(self, obs):
                return self.encode(obs).sum(-1)


        class Runner:
            def __init__(self, policy):
                self.policy = policy

            def rollout(self, obs):
                def tick(total, o):
                    return total + self.policy(o).sum(), None
                return jax.lax.scan(tick, 0.0, obs)[0]


        def main(normed=False):
            rngs = nnx.Rngs(0)
            runner = Runner(Policy(rngs) if normed else Linear(rngs))
            return runner.rollout(jnp.ones((3, 5, 4)))
        """,
        [],
    ),
    Case(
        'module merged in the body from the graphdef and state an outside object keeps (nnx.merge(deployed.graphdef, deployed.state)), called and counting',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Counter(nnx.Variable):
            pass


        class Scorer(nnx.Module):
            def __init__(self, rngs):
                self.head = nnx.Linear(3, 1, rngs=rngs)
                self.calls = Counter(jnp.zeros((), jnp.int32))

            def __call__(self, x):
                self.calls[...] += 1
                return self.head(x)[..., 0]


        class Deployed:
            def __init__(self, model):
                self.graphdef, self.state = nnx.split(model)


        def score_all(deployed, xs):
            def step(i, total):
                model = nnx.merge(deployed.graphdef, deployed.state)
                return total + model(xs[i]).sum()

            return jax.lax.fori_loop(0, xs.shape[0], step, 0.0)


        def main():
            deployed = Deployed(Scorer(nnx.Rngs(0)))
            return score_all(deployed, jnp.ones((4, 2, 3)))
        """,
        ["29:24 SCN105"],
    ),
    Case(
        'the kept state carried through the loop and merged from the carry',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Counter(nnx.Variable):
            pass


        class Scorer(nnx.Module):
            def __init__(self, rngs):
                self.head = nnx.Linear(3, 1, rngs=rngs)
                self.calls = Counter(jnp.zeros((), jnp.int32))

            def __call__(self, x):
                self.calls[...] += 1
                return self.head(x)[..., 0]


        class Deployed:
            def __init__(self, model):
                self.graphdef, self.state = nnx.split(model)


        def score_all(deployed, xs):
            def step(i, carry):
                total, state = carry
                model = nnx.merge(deployed.graphdef, state)
                total = total + model(xs[i]).sum()
                return total, nnx.state(model)

            total, deployed.state = jax.lax.fori_loop(0, xs.shape[0], step, (0.0, deployed.state))
            return total


        def main():
            deployed = Deployed(Scorer(nnx.Rngs(0)))
            return score_all(deployed, jnp.ones((4, 2, 3)))
        """,
        [],
    ),
    Case(
        "jax.jit of an outside NNX module's __call__ kept by a controller and called in the body, Dropout holding its Rngs",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Forecaster(nnx.Module):
            def __init__(self, rngs):
                self.hidden = nnx.Linear(3, 8, rngs=rngs)
                self.drop = nnx.Dropout(0.2, rngs=rngs)
                self.out = nnx.Linear(8, 3, rngs=rngs)

            def __call__(self, x):
                return self.out(self.drop(jax.nn.relu(self.hidden(x))))


        class Controller:
            def __init__(self, model):
                self.model = model
                self._forward = jax.jit(self.model.__call__)

            def run(self, x0, steps):
                def tick(t, x):
                    return 0.5 * x + 0.5 * self._forward(x)

                return jax.lax.fori_loop(0, steps, tick, x0)


        def main():
            controller = Controller(Forecaster(nnx.Rngs(0)))
            return controller.run(jnp.ones(3), 4)
        """,
        ["24:36 SCN105"],
    ),
    Case(
        'the jitted __call__ of a module switched to eval before the loop',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Forecaster(nnx.Module):
            def __init__(self, rngs):
                self.hidden = nnx.Linear(3, 8, rngs=rngs)
                self.drop = nnx.Dropout(0.2, rngs=rngs)
                self.out = nnx.Linear(8, 3, rngs=rngs)

            def __call__(self, x):
                return self.out(self.drop(jax.nn.relu(self.hidden(x))))


        class Controller:
            def __init__(self, model):
                self.model = model
                self._forward = jax.jit(self.model.__call__)

            def run(self, x0, steps):
                def tick(t, x):
                    return 0.5 * x + 0.5 * self._forward(x)

                return jax.lax.fori_loop(0, steps, tick, x0)


        def main():
            model = Forecaster(nnx.Rngs(0))
            model.eval()
            controller = Controller(model)
            return controller.run(jnp.ones(3), 4)
        """,
        [],
    ),
    Case(
        'module reached through a getter of a pool built by a dict comprehension and a property of the session (self.session(name).model(x)), BatchNorm training',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Scorer(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 4, rngs=rngs)
                self.norm = nnx.BatchNorm(4, rngs=rngs)

            def __call__(self, x):
                return self.norm(self.lin(x)).sum(-1)


        class Session:
            def __init__(self, name, model):
                self.name = name
                self._model = model

            @property
            def model(self):
                return self._model


        class Service:
            def __init__(self, sessions):
                self._sessions = {s.name: s for s in sessions}

            def session(self, name):
                return self._sessions[name]

            def score(self, name, xs):
                def step(total, x):
                    return total + self.session(name).model(x).sum(), None

                return jax.lax.scan(step, 0.0, xs)[0]


        def main():
            service = Service([Session("a", Scorer(nnx.Rngs(0))), Session("b", Scorer(nnx.Rngs(1)))])
            return service.score("a", jnp.ones((3, 5, 3)))
        """,
        ["35:28 SCN105"],
    ),
    Case(
        'the same session model switched to eval before the loop',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Scorer(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 4, rngs=rngs)
                self.norm = nnx.BatchNorm(4, rngs=rngs)

            def __call__(self, x):
                return self.norm(self.lin(x)).sum(-1)


        class Session:
            def __init__(self, name, model):
                self.name = name
                self._model = model

            @property
            def model(self):
                return self._model


        class Service:
            def __init__(self, sessions):
                self._sessions = {s.name: s for s in sessions}

            def session(self, name):
                return self._sessions[name]

            def score(self, name, xs):
                self.session(name).model.eval()

                def step(total, x):
                    return total + self.session(name).model(x).sum(), None

                return jax.lax.scan(step, 0.0, xs)[0]


        def main():
            service = Service([Session("a", Scorer(nnx.Rngs(0))), Session("b", Scorer(nnx.Rngs(1)))])
            return service.score("a", jnp.ones((3, 5, 3)))
        """,
        [],
    ),
    Case(
        "module a dataclass session keeps in a host's dict, reached as self.tenants[name].model(x), Dropout holding Rngs",
        """
        import dataclasses

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Scorer(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.3, rngs=rngs)

            def __call__(self, x):
                return self.drop(self.lin(x)).sum(-1)


        @dataclasses.dataclass
        class Tenant:
            name: str
            model: Scorer


        class Host:
            def __init__(self):
                self.tenants = {}

            def add(self, name, seed):
                self.tenants[name] = Tenant(name, Scorer(nnx.Rngs(seed)))

            def run(self, name, xs):
                def step(total, x):
                    return total + self.tenants[name].model(x).sum(), None

                return jax.lax.scan(step, 0.0, xs)[0]


        def main():
            host = Host()
            host.add("north", 0)
            return host.run("north", jnp.ones((3, 5, 3)))
        """,
        ["33:28 SCN105"],
    ),
    Case(
        'the kept module switched to eval when the host adds it',
        """
        import dataclasses

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Scorer(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.3, rngs=rngs)

            def __call__(self, x):
                return self.drop(self.lin(x)).sum(-1)


        @dataclasses.dataclass
        class Tenant:
            name: str
            model: Scorer


        class Host:
            def __init__(self):
                self.tenants = {}

            def add(self, name, seed):
                model = Scorer(nnx.Rngs(seed))
                model.eval()
                self.tenants[name] = Tenant(name, model)

            def run(self, name, xs):
                def step(total, x):
                    return total + self.tenants[name].model(x).sum(), None

                return jax.lax.scan(step, 0.0, xs)[0]


        def main():
            host = Host()
            host.add("north", 0)
            return host.run("north", jnp.ones((3, 5, 3)))
        """,
        [],
    ),
    Case(
        'jax.checkpoint(functools.partial(advance, policy)) kept by a rollout object, the helper calling the outside module with a Dropout holding Rngs',
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Policy(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)
                self.drop = nnx.Dropout(0.2, rngs=rngs)

            def __call__(self, x):
                return self.drop(self.lin(x))


        def advance(policy, state):
            return state + 0.1 * policy(state)


        class Rollout:
            def __init__(self, policy):
                self.advance = jax.checkpoint(functools.partial(advance, policy))

            def run(self, state, steps):
                return jax.lax.fori_loop(0, steps, lambda i, s: self.advance(s), state)


        def main():
            policy = Policy(nnx.Rngs(0))
            return Rollout(policy).run(jnp.ones(3), 4)
        """,
        ["19:26 SCN105"],
    ),
    Case(
        "the checkpointed partial's module switched to eval before the loop",
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Policy(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)
                self.drop = nnx.Dropout(0.2, rngs=rngs)

            def __call__(self, x):
                return self.drop(self.lin(x))


        def advance(policy, state):
            return state + 0.1 * policy(state)


        class Rollout:
            def __init__(self, policy):
                self.advance = jax.checkpoint(functools.partial(advance, policy))

            def run(self, state, steps):
                return jax.lax.fori_loop(0, steps, lambda i, s: self.advance(s), state)


        def main():
            policy = Policy(nnx.Rngs(0))
            policy.eval()
            return Rollout(policy).run(jnp.ones(3), 4)
        """,
        [],
    ),
    Case(
        'module a warm-up function returns as it was given, held by an adapter the body calls, BatchNorm training',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Scorer(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 4, rngs=rngs)
                self.norm = nnx.BatchNorm(4, rngs=rngs)

            def __call__(self, x):
                return self.norm(self.lin(x)).sum(-1)


        class Adapter:
            def __init__(self, model):
                self.model = model

            def score(self, x):
                return self.model(x[None])[0]


        def warm_up(model, batch):
            model(batch)
            return model


        def first_above(adapter, xs, threshold):
            def body(i, found):
                return jnp.where((found < 0) & (adapter.score(xs[i]) > threshold), i, found)

            return jax.lax.fori_loop(0, xs.shape[0], body, -1)


        def main():
            model = warm_up(Scorer(nnx.Rngs(0)), jnp.ones((8, 3)))
            return first_above(Adapter(model), jnp.ones((4, 3)), 0.0)
        """,
        ["31:41 SCN105"],
    ),
    Case(
        'the warm-up function switches the module to eval before returning it',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Scorer(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 4, rngs=rngs)
                self.norm = nnx.BatchNorm(4, rngs=rngs)

            def __call__(self, x):
                return self.norm(self.lin(x)).sum(-1)


        class Adapter:
            def __init__(self, model):
                self.model = model

            def score(self, x):
                return self.model(x[None])[0]


        def warm_up(model, batch):
            model(batch)
            model.eval()
            return model


        def first_above(adapter, xs, threshold):
            def body(i, found):
                return jnp.where((found < 0) & (adapter.score(xs[i]) > threshold), i, found)

            return jax.lax.fori_loop(0, xs.shape[0], body, -1)


        def main():
            model = warm_up(Scorer(nnx.Rngs(0)), jnp.ones((8, 3)))
            return first_above(Adapter(model), jnp.ones((4, 3)), 0.0)
        """,
        [],
    ),
    Case(
        "module a controller's property looks up in a store (return self._store.get(self._name)), counting its calls in the body",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Calls(nnx.Variable):
            pass


        class Model(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 1, rngs=rngs)
                self.calls = Calls(jnp.zeros((), jnp.int32))

            def __call__(self, x):
                self.calls[...] += 1
                return self.lin(x)[..., 0]


        class Store:
            def __init__(self):
                self._models = {}

            def put(self, name, model):
                self._models[name] = model

            def get(self, name):
                return self._models[name]


        class Controller:
            def __init__(self, store, name):
                self._store = store
                self._name = name

            @property
            def model(self):
                return self._store.get(self._name)

            def run(self, xs):
                def body(total, x):
                    return total + self.model(x).sum(), None

                return jax.lax.scan(body, 0.0, xs)[0]


        def main():
            store = Store()
            store.put("m", Model(nnx.Rngs(0)))
            return Controller(store, "m").run(jnp.ones((3, 2, 3)))
        """,
        ["43:28 SCN105"],
    ),
    Case(
        "the property's module split before the loop and its state carried",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Calls(nnx.Variable):
            pass


        class Model(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 1, rngs=rngs)
                self.calls = Calls(jnp.zeros((), jnp.int32))

            def __call__(self, x):
                self.calls[...] += 1
                return self.lin(x)[..., 0]


        class Store:
            def __init__(self):
                self._models = {}

            def put(self, name, model):
                self._models[name] = model

            def get(self, name):
                return self._models[name]


        class Controller:
            def __init__(self, store, name):
                self._store = store
                self._name = name

            @property
            def model(self):
                return self._store.get(self._name)

            def run(self, xs):
                graphdef, state = nnx.split(self.model)

                def body(carry, x):
                    total, state = carry
                    model = nnx.merge(graphdef, state)
                    total = total + model(x).sum()
                    return (total, nnx.state(model)), None

                (total, state), _ = jax.lax.scan(body, (0.0, state), xs)
                nnx.update(self.model, state)
                return total


        def main():
            store = Store()
            store.put("m", Model(nnx.Rngs(0)))
            return Controller(store, "m").run(jnp.ones((3, 2, 3)))
        """,
        [],
    ),
    Case(
        'function picked from a one-entry decorator registry and kept on the object (self.measure = METRICS[name]), given the outside module to nnx.grad',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        METRICS = {}


        def metric(name):
            def wrap(fn):
                METRICS[name] = fn
                return fn
            return wrap


        class Policy(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 1, rngs=rngs)

            def __call__(self, x):
                return self.lin(x)[0]


        @metric("grad_norm")
        def grad_norm(policy, x):
            grads = nnx.grad(lambda p: p(x))(policy)
            return sum(jnp.sum(g ** 2) for g in jax.tree.leaves(grads))


        class Monitor:
            def __init__(self, policy, name):
                self.policy = policy
                self.measure = METRICS[name]

            def run(self, xs):
                def body(total, x):
                    return total + self.measure(self.policy, x), None

                return jax.lax.scan(body, 0.0, xs)[0]


        def main():
            return Monitor(Policy(nnx.Rngs(0)), "grad_norm").run(jnp.ones((3, 3)))
        """,
        ["26:13 SCN105"],
    ),
    Case(
        'the registered function given a copy merged in the body',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        METRICS = {}


        def metric(name):
            def wrap(fn):
                METRICS[name] = fn
                return fn
            return wrap


        class Policy(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 1, rngs=rngs)

            def __call__(self, x):
                return self.lin(x)[0]


        @metric("grad_norm")
        def grad_norm(policy, x):
            grads = nnx.grad(lambda p: p(x))(policy)
            return sum(jnp.sum(g ** 2) for g in jax.tree.leaves(grads))


        class Monitor:
            def __init__(self, policy, name):
                self.policy = policy
                self.measure = METRICS[name]

            def run(self, xs):
                graphdef, state = nnx.split(self.policy)

                def body(total, x):
                    return total + self.measure(nnx.merge(graphdef, state, copy=True), x), None

                return jax.lax.scan(body, 0.0, xs)[0]


        def main():
            return Monitor(Policy(nnx.Rngs(0)), "grad_norm").run(jnp.ones((3, 3)))
        """,
        [],
    ),
    Case(
        "NNX: a subclass that inherits its base's __init__ (and its Dropout streams), built directly and closed over",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Small(nnx.Module):
            def __init__(self, d, *, rngs):
                self.dense = nnx.Linear(d, d, rngs=rngs)
                self.drop = nnx.Dropout(0.2, rngs=rngs)

            def __call__(self, x):
                return self.drop(self.dense(x))


        class Wide(Small):
            def __call__(self, x):
                return 2.0 * super().__call__(x)




        class Service:
            def __init__(self, name):
                self.model = Wide(3, rngs=nnx.Rngs(params=0, dropout=1))

            def serve(self, xs):
                def body(c, x):
                    return c, self.model(x)

                return jax.lax.scan(body, 0, xs)[1]


        def main():
            return Service("wide").serve(jnp.ones((4, 3)))
        """,
        ["29:23 SCN105"],
    ),
    Case(
        'NNX: the same subclass whose inherited Dropout is deterministic',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Small(nnx.Module):
            def __init__(self, d, *, rngs):
                self.dense = nnx.Linear(d, d, rngs=rngs)
                self.drop = nnx.Dropout(0.2, deterministic=True, rngs=rngs)

            def __call__(self, x):
                return self.drop(self.dense(x))


        class Wide(Small):
            def __call__(self, x):
                return 2.0 * super().__call__(x)




        class Service:
            def __init__(self, name):
                self.model = Wide(3, rngs=nnx.Rngs(params=0, dropout=1))

            def serve(self, xs):
                def body(c, x):
                    return c, self.model(x)

                return jax.lax.scan(body, 0, xs)[1]


        def main():
            return Service("wide").serve(jnp.ones((4, 3)))
        """,
        [],
    ),
    Case(
        "NNX: a body made by a step factory given as a constructor parameter's default and kept on self",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Seen(nnx.Variable):
            pass


        class Valve(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(2, 2, rngs=rngs)
                self.seen = Seen(jnp.zeros((), jnp.int32))

            def __call__(self, x):
                self.seen.value += 1
                return self.lin(x)


        def make_flush_step(model):
            def step(level, inflow):
                out = model(inflow)
                return level + out.sum(), out
            return step


        class Drain:
            def __init__(self, model, step_factory=make_flush_step):
                self.model = model
                self.step = step_factory(model)

            def run(self, inflows):
                return jax.lax.scan(self.step, 0.0, inflows)[0]


        def main():
            return Drain(Valve(nnx.Rngs(0))).run(jnp.ones((3, 2)))
        """,
        ["23:15 SCN105"],
    ),
    Case(
        'NNX: the same defaulted step factory over a module that changes no state',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Seen(nnx.Variable):
            pass


        class Valve(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(2, 2, rngs=rngs)
                self.seen = Seen(jnp.zeros((), jnp.int32))

            def __call__(self, x):
                return self.lin(x)


        def make_flush_step(model):
            def step(level, inflow):
                out = model(inflow)
                return level + out.sum(), out
            return step


        class Drain:
            def __init__(self, model, step_factory=make_flush_step):
                self.model = model
                self.step = step_factory(model)

            def run(self, inflows):
                return jax.lax.scan(self.step, 0.0, inflows)[0]


        def main():
            return Drain(Valve(nnx.Rngs(0))).run(jnp.ones((3, 2)))
        """,
        [],
    ),
    Case(
        'NNX: a step factory passed by keyword to the constructor, kept on self as the scan body',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Valve(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(2, 2, rngs=rngs)
                self.drop = nnx.Dropout(0.3, rngs=rngs)

            def __call__(self, x):
                return self.drop(self.lin(x))


        def make_flush_step(model):
            def step(level, inflow):
                out = model(inflow)
                return level + out.sum(), out
            return step


        def make_eval_step(model):
            def step(level, inflow):
                return level + inflow.sum(), inflow
            return step


        class Drain:
            def __init__(self, model, step_factory):
                self.step = step_factory(model)

            def run(self, inflows):
                return jax.lax.scan(self.step, 0.0, inflows)[0]


        def main():
            return Drain(Valve(nnx.Rngs(0)), step_factory=make_flush_step).run(jnp.ones((3, 2)))
        """,
        ["18:15 SCN105"],
    ),
    Case(
        'NNX: the constructor given a step factory whose step never calls the module',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Valve(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(2, 2, rngs=rngs)
                self.drop = nnx.Dropout(0.3, rngs=rngs)

            def __call__(self, x):
                return self.drop(self.lin(x))


        def make_flush_step(model):
            def step(level, inflow):
                out = model(inflow)
                return level + out.sum(), out
            return step


        def make_eval_step(model):
            def step(level, inflow):
                return level + inflow.sum(), inflow
            return step


        class Drain:
            def __init__(self, model, step_factory):
                self.step = step_factory(model)

            def run(self, inflows):
                return jax.lax.scan(self.step, 0.0, inflows)[0]


        def main():
            return Drain(Valve(nnx.Rngs(0)), step_factory=make_eval_step).run(jnp.ones((3, 2)))
        """,
        [],
    ),
    Case(
        'NNX: model and optimizer reached through a dataclass bundle a trainer keeps (self.bundle.model, self.bundle.optimizer), handed to a helper that trains',
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp
        import optax
        from flax import nnx


        class Net(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 1, rngs=rngs)

            def __call__(self, x):
                return self.lin(x)


        @dataclass
        class Bundle:
            model: Net
            optimizer: nnx.Optimizer


        def fit_step(model, optimizer, x):
            loss, grads = nnx.value_and_grad(lambda m: (m(x) ** 2).mean())(model)
            optimizer.update(model, grads)
            return loss


        class Trainer:
            def __init__(self):
                model = Net(nnx.Rngs(0))
                self.bundle = Bundle(model, nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param))

            def fit(self, xs):
                def body(carry, x):
                    return carry, fit_step(self.bundle.model, self.bundle.optimizer, x)

                return jax.lax.scan(body, None, xs)[1]


        def main():
            return Trainer().fit(jnp.ones((4, 2, 3)))
        """,
        ["25:19 SCN105", "26:5 SCN105"],
    ),
    Case(
        "NNX: the same bundle's model split before the loop and merged from the carry",
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Net(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 1, rngs=rngs)

            def __call__(self, x):
                return self.lin(x)


        @dataclass
        class Bundle:
            model: Net
            scale: float


        class Evaluator:
            def __init__(self):
                self.bundle = Bundle(Net(nnx.Rngs(0)), 0.5)

            def run(self, xs):
                graphdef, state = nnx.split(self.bundle.model)

                def body(state, x):
                    model = nnx.merge(graphdef, state)
                    y = model(x) * self.bundle.scale
                    return nnx.state(model), y.sum()

                return jax.lax.scan(body, state, xs)[1]


        def main():
            return Evaluator().run(jnp.ones((4, 2, 3)))
        """,
        [],
    ),
    Case(
        'NNX: an nnx.Rngs a plain sampler keeps (self.rngs) given as rngs= to the model in the body',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Scorer(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)
                self.drop = nnx.Dropout(0.5, rngs=rngs)

            def __call__(self, x, rngs=None):
                return self.drop(self.lin(x), rngs=rngs)


        class Sampler:
            def __init__(self, model, seed):
                self.model = model
                self.rngs = nnx.Rngs(dropout=seed)

            def draw(self, x, n):
                def body(carry, _):
                    return carry, self.model(x, rngs=self.rngs)

                return jax.lax.scan(body, None, None, length=n)[1]


        def main():
            return Sampler(Scorer(nnx.Rngs(0)), seed=3).draw(jnp.ones((3,)), 4)
        """,
        ["23:27 SCN105"],
    ),
    Case(
        "NNX: the sampler's Rngs bound to a local name before the loop and closed over",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Scorer(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)
                self.drop = nnx.Dropout(0.5, rngs=rngs)

            def __call__(self, x, rngs=None):
                return self.drop(self.lin(x), rngs=rngs)


        class Sampler:
            def __init__(self, model, seed):
                self.model = model
                self.rngs = nnx.Rngs(dropout=seed)

            def draw(self, x, n):
                rngs = self.rngs

                def body(carry, _):
                    return carry, self.model(x, rngs=rngs)

                return jax.lax.scan(body, None, None, length=n)[1]


        def main():
            return Sampler(Scorer(nnx.Rngs(0)), seed=3).draw(jnp.ones((3,)), 4)
        """,
        ["25:27 SCN105"],
    ),
    Case(
        'NNX: a fresh nnx.Rngs built in the body from a key folded with the step',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Scorer(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)
                self.drop = nnx.Dropout(0.5, rngs=rngs)

            def __call__(self, x, rngs=None):
                return self.drop(self.lin(x), rngs=rngs)


        class Sampler:
            def __init__(self, model, seed):
                self.model = model
                self.key = jax.random.key(seed)

            def draw(self, x, n):
                def body(carry, i):
                    return carry, self.model(x, rngs=nnx.Rngs(dropout=jax.random.fold_in(self.key, i)))

                return jax.lax.scan(body, None, jnp.arange(n))[1]


        def main():
            return Sampler(Scorer(nnx.Rngs(0)), seed=3).draw(jnp.ones((3,)), 4)
        """,
        [],
    ),
    Case(
        'NNX: a pool of sessions built by calling a factory parameter given a lambda, acquired by name in the body',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Uses(nnx.Variable):
            pass


        class Pricer(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 1, rngs=rngs)
                self.uses = Uses(jnp.zeros((), jnp.int32))

            def __call__(self, x):
                self.uses.value += 1
                return self.lin(x)


        class Session:
            def __init__(self, model):
                self.model = model


        class Pool:
            def __init__(self, factory, names):
                self._sessions = {name: Session(factory()) for name in names}

            def acquire(self, name):
                return self._sessions[name]


        def price(pool, name, xs):
            def body(total, x):
                return total + pool.acquire(name).model(x).sum(), None

            return jax.lax.scan(body, 0.0, xs)[0]


        def main():
            pool = Pool(lambda: Pricer(nnx.Rngs(0)), ["a", "b"])
            return price(pool, "a", jnp.ones((3, 3)))
        """,
        ["36:24 SCN105"],
    ),
    Case(
        'NNX: the same pool whose model changes no state',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Uses(nnx.Variable):
            pass


        class Pricer(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 1, rngs=rngs)
                self.uses = Uses(jnp.zeros((), jnp.int32))

            def __call__(self, x):
                return self.lin(x)


        class Session:
            def __init__(self, model):
                self.model = model


        class Pool:
            def __init__(self, factory, names):
                self._sessions = {name: Session(factory()) for name in names}

            def acquire(self, name):
                return self._sessions[name]


        def price(pool, name, xs):
            def body(total, x):
                return total + pool.acquire(name).model(x).sum(), None

            return jax.lax.scan(body, 0.0, xs)[0]


        def main():
            pool = Pool(lambda: Pricer(nnx.Rngs(0)), ["a", "b"])
            return price(pool, "a", jnp.ones((3, 3)))
        """,
        [],
    ),
    Case(
        'NNX: a session handed out round-robin by next() over itertools.cycle of a pool, its BatchNorm in training mode',
        """
        import itertools

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Net(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 4, rngs=rngs)
                self.bn = nnx.BatchNorm(4, rngs=rngs)

            def __call__(self, x):
                return self.bn(self.lin(x))


        class Session:
            def __init__(self, model):
                self.model = model


        class Service:
            def __init__(self):
                self.pool = [Session(Net(nnx.Rngs(i))) for i in range(2)]
                self._turns = itertools.cycle(self.pool)

            def acquire(self):
                return next(self._turns)

            def run(self, xs):
                session = self.acquire()

                def body(total, x):
                    return total + session.model(x).sum(), None

                return jax.lax.scan(body, 0.0, xs)[0]


        def main():
            return Service().run(jnp.ones((3, 5, 3)))
        """,
        ["35:28 SCN105"],
    ),
    Case(
        'NNX: the same round-robin session switched to eval() before the loop',
        """
        import itertools

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Net(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 4, rngs=rngs)
                self.bn = nnx.BatchNorm(4, rngs=rngs)

            def __call__(self, x):
                return self.bn(self.lin(x))


        class Session:
            def __init__(self, model):
                self.model = model


        class Service:
            def __init__(self):
                self.pool = [Session(Net(nnx.Rngs(i))) for i in range(2)]
                self._turns = itertools.cycle(self.pool)

            def acquire(self):
                return next(self._turns)

            def run(self, xs):
                session = self.acquire()
                session.model.eval()

                def body(total, x):
                    return total + session.model(x).sum(), None

                return jax.lax.scan(body, 0.0, xs)[0]


        def main():
            return Service().run(jnp.ones((3, 5, 3)))
        """,
        [],
    ),
    Case(
        'NNX: a hook registered with @evaluator.callbacks.register, handed the evaluator itself by the scan body, updates its metric',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Scorer(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 1, rngs=rngs)

            def __call__(self, x):
                return self.lin(x)


        class Callbacks:
            def __init__(self):
                self.fns = []

            def register(self, fn):
                self.fns.append(fn)
                return fn

            def __call__(self, owner, loss):
                for fn in self.fns:
                    fn(owner, loss)


        class Evaluator:
            def __init__(self, scorer):
                self.scorer = scorer
                self.loss_avg = nnx.metrics.Average()
                self.callbacks = Callbacks()

            def evaluate(self, xs):
                def step(n, x):
                    loss = (self.scorer(x) ** 2).mean()
                    self.callbacks(self, loss)
                    return n + 1, loss

                return jax.lax.scan(step, 0, xs)[1]


        def main():
            evaluator = Evaluator(Scorer(nnx.Rngs(0)))

            @evaluator.callbacks.register
            def track(owner, loss):
                owner.loss_avg.update(values=loss)

            return evaluator.evaluate(jnp.ones((3, 2, 3)))
        """,
        ["48:9 SCN105"],
    ),
    Case(
        'NNX: the registered hook only prints; the metric is updated after the loop',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Scorer(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 1, rngs=rngs)

            def __call__(self, x):
                return self.lin(x)


        class Callbacks:
            def __init__(self):
                self.fns = []

            def register(self, fn):
                self.fns.append(fn)
                return fn

            def __call__(self, owner, loss):
                for fn in self.fns:
                    fn(owner, loss)


        class Evaluator:
            def __init__(self, scorer):
                self.scorer = scorer
                self.loss_avg = nnx.metrics.Average()
                self.callbacks = Callbacks()

            def evaluate(self, xs):
                def step(n, x):
                    loss = (self.scorer(x) ** 2).mean()
                    self.callbacks(self, loss)
                    return n + 1, loss

                return jax.lax.scan(step, 0, xs)[1]


        def main():
            evaluator = Evaluator(Scorer(nnx.Rngs(0)))

            @evaluator.callbacks.register
            def track(owner, loss):
                print("loss traced:", loss.shape)

            losses = evaluator.evaluate(jnp.ones((3, 2, 3)))
            evaluator.loss_avg.update(values=losses)
            return evaluator.loss_avg.compute()
        """,
        [],
    ),
    Case(
        'NNX: a subclass whose __init__ runs super().__init__, which keeps a BatchNorm in training mode',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Stage(nnx.Module):
            def __init__(self, d, *, rngs):
                self.proj = nnx.Linear(d, d, rngs=rngs)
                self.norm = nnx.BatchNorm(d, rngs=rngs)

            def __call__(self, x):
                return self.norm(self.proj(x))


        class ScoredStage(Stage):
            def __init__(self, d, *, rngs):
                super().__init__(d, rngs=rngs)
                self.score = nnx.Linear(d, 1, rngs=rngs)

            def __call__(self, x):
                return self.score(nnx.relu(super().__call__(x)))


        def survey(xs):
            model = ScoredStage(3, rngs=nnx.Rngs(0))

            def body(total, x):
                return total + model(x).sum(), None

            return jax.lax.scan(body, 0.0, xs)[0]


        def main():
            return survey(jnp.ones((2, 4, 3)))
        """,
        ["29:24 SCN105"],
    ),
    Case(
        'NNX: the same subclass switched to eval() before the loop',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Stage(nnx.Module):
            def __init__(self, d, *, rngs):
                self.proj = nnx.Linear(d, d, rngs=rngs)
                self.norm = nnx.BatchNorm(d, rngs=rngs)

            def __call__(self, x):
                return self.norm(self.proj(x))


        class ScoredStage(Stage):
            def __init__(self, d, *, rngs):
                super().__init__(d, rngs=rngs)
                self.score = nnx.Linear(d, 1, rngs=rngs)

            def __call__(self, x):
                return self.score(nnx.relu(super().__call__(x)))


        def survey(xs):
            model = ScoredStage(3, rngs=nnx.Rngs(0))
            model.eval()

            def body(total, x):
                return total + model(x).sum(), None

            return jax.lax.scan(body, 0.0, xs)[0]


        def main():
            return survey(jnp.ones((2, 4, 3)))
        """,
        [],
    ),
    Case(
        'NNX: hooks gathered by a *hooks constructor parameter, each updating its metric in the body',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Model(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 1, rngs=rngs)

            def __call__(self, x):
                return self.lin(x)[0]


        class LossHook:
            def __init__(self):
                self.metric = nnx.metrics.Average()

            def on_step(self, loss):
                self.metric.update(values=loss)


        class Hooks:
            def __init__(self, *hooks):
                self.hooks = hooks

            def on_step(self, loss):
                for hook in self.hooks:
                    hook.on_step(loss)


        def evaluate(model, hooks, xs):
            def body(i, total):
                loss = model(xs[i]) ** 2
                hooks.on_step(loss)
                return total + loss

            return jax.lax.fori_loop(0, xs.shape[0], body, 0.0)


        def main():
            return evaluate(Model(nnx.Rngs(0)), Hooks(LossHook()), jnp.ones((3, 3)))
        """,
        ["29:13 SCN105"],
    ),
    Case(
        'NNX: the same *hooks list whose hook only prints',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Model(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 1, rngs=rngs)

            def __call__(self, x):
                return self.lin(x)[0]


        class LossHook:
            def __init__(self):
                self.seen = 0

            def on_step(self, loss):
                print("step traced with", loss.dtype)


        class Hooks:
            def __init__(self, *hooks):
                self.hooks = hooks

            def on_step(self, loss):
                for hook in self.hooks:
                    hook.on_step(loss)


        def evaluate(model, hooks, xs):
            def body(i, total):
                loss = model(xs[i]) ** 2
                hooks.on_step(loss)
                return total + loss

            return jax.lax.fori_loop(0, xs.shape[0], body, 0.0)


        def main():
            return evaluate(Model(nnx.Rngs(0)), Hooks(LossHook()), jnp.ones((3, 3)))
        """,
        [],
    ),
    Case(
        'NNX: a method drawing from its stored Rngs when its key argument is left at None, called with no key in the body',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Decoder(nnx.Module):
            def __init__(self, rngs):
                self.dec = nnx.Linear(2, 4, rngs=rngs)
                self.rngs = rngs

            def sample(self, key=None):
                key = self.rngs.latent() if key is None else key
                return self.dec(jax.random.normal(key, (2,)))


        def draw(decoder, n):
            def body(carry, _):
                return carry, decoder.sample()

            return jax.lax.scan(body, None, None, length=n)[1]


        def main():
            return draw(Decoder(nnx.Rngs(params=0, latent=1)), 3)
        """,
        ["19:23 SCN105"],
    ),
    Case(
        'NNX: the same method given a per-step key by every call',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Decoder(nnx.Module):
            def __init__(self, rngs):
                self.dec = nnx.Linear(2, 4, rngs=rngs)
                self.rngs = rngs

            def sample(self, key=None):
                key = self.rngs.latent() if key is None else key
                return self.dec(jax.random.normal(key, (2,)))


        def draw(decoder, n, key):
            def body(carry, step_key):
                return carry, decoder.sample(step_key)

            return jax.lax.scan(body, None, jax.random.split(key, n))[1]


        def main():
            return draw(Decoder(nnx.Rngs(params=0, latent=1)), 3, jax.random.key(5))
        """,
        [],
    ),
    Case(
        "NNX: sessions built from a factory parameter given lambda i: Net(...), the session's own method scanning over its model in training mode",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Net(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 4, rngs=rngs)
                self.bn = nnx.BatchNorm(4, rngs=rngs)

            def __call__(self, x):
                return self.bn(self.lin(x))


        class Session:
            def __init__(self, model):
                self.model = model

            def run(self, xs):
                def body(i, total):
                    return total + self.model(xs[i]).sum()

                return jax.lax.fori_loop(0, xs.shape[0], body, 0.0)


        class Service:
            def __init__(self, factory, size=2):
                self.pool = [Session(factory(i)) for i in range(size)]


        def main():
            service = Service(lambda i: Net(nnx.Rngs(i)))
            return service.pool[0].run(jnp.ones((3, 5, 3)))
        """,
        ["22:28 SCN105"],
    ),
    Case(
        'NNX: the same sessions switching their model to eval() when made',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Net(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 4, rngs=rngs)
                self.bn = nnx.BatchNorm(4, rngs=rngs)

            def __call__(self, x):
                return self.bn(self.lin(x))


        class Session:
            def __init__(self, model):
                self.model = model
                self.model.eval()

            def run(self, xs):
                def body(i, total):
                    return total + self.model(xs[i]).sum()

                return jax.lax.fori_loop(0, xs.shape[0], body, 0.0)


        class Service:
            def __init__(self, factory, size=2):
                self.pool = [Session(factory(i)) for i in range(size)]


        def main():
            service = Service(lambda i: Net(nnx.Rngs(i)))
            return service.pool[0].run(jnp.ones((3, 5, 3)))
        """,
        [],
    ),
    Case(
        'a helper annotated with the module class, given the outside model and optimizer in the body',
        """
        import jax
        import jax.numpy as jnp
        import optax
        import flax.nnx as nnx


        class Regressor(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(2, 1, rngs=rngs)

            def __call__(self, x):
                return self.lin(x)[..., 0]


        def loss_fn(model, x, y):
            return jnp.mean((model(x) - y) ** 2)


        def update(model: Regressor, optimizer: nnx.Optimizer, x, y):
            loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
            optimizer.update(model, grads)
            return loss


        def fit(model, optimizer, xs, ys):
            def body(count, batch):
                loss = update(model, optimizer, *batch)
                return count + 1, loss

            count, losses = jax.lax.scan(body, 0, (xs, ys))
            return losses


        def main():
            model = Regressor(nnx.Rngs(0))
            optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
            return fit(model, optimizer, jnp.ones((3, 4, 2)), jnp.zeros((3, 4)))
        """,
        ["21:19 SCN105", "22:5 SCN105"],
    ),
    Case(
        'the same annotated helper given a model and optimizer merged in the body from carried state',
        """
        import jax
        import jax.numpy as jnp
        import optax
        import flax.nnx as nnx


        class Regressor(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(2, 1, rngs=rngs)

            def __call__(self, x):
                return self.lin(x)[..., 0]


        def loss_fn(model, x, y):
            return jnp.mean((model(x) - y) ** 2)


        def update(model: Regressor, optimizer: nnx.Optimizer, x, y):
            loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
            optimizer.update(model, grads)
            return loss


        def fit(model, optimizer, xs, ys):
            graphdef, state = nnx.split((model, optimizer))

            def body(state, batch):
                model, optimizer = nnx.merge(graphdef, state)
                loss = update(model, optimizer, *batch)
                return nnx.state((model, optimizer)), loss

            state, losses = jax.lax.scan(body, state, (xs, ys))
            nnx.update((model, optimizer), state)
            return losses


        def main():
            model = Regressor(nnx.Rngs(0))
            optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
            return fit(model, optimizer, jnp.ones((3, 4, 2)), jnp.zeros((3, 4)))
        """,
        [],
    ),
    Case(
        'modules from enumerate(itertools.chain(...)) over two lists, closed over by the body and trained',
        """
        import itertools

        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx


        class Scorer(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 6, rngs=rngs)
                self.norm = nnx.BatchNorm(6, rngs=rngs)
                self.out = nnx.Linear(6, 1, rngs=rngs)

            def __call__(self, x):
                return self.out(self.norm(self.lin(x)))[:, 0]


        class Pool:
            def __init__(self, primary, standby):
                self.primary = primary
                self.standby = standby

            def members(self):
                return itertools.chain(self.primary, self.standby)


        def score_all(pool, batches):
            totals = {}
            for rank, scorer in enumerate(pool.members()):
                def body(total, batch):
                    return total + scorer(batch).sum(), None

                totals[rank], _ = jax.lax.scan(body, jnp.zeros(()), batches)
            return totals


        def main():
            pool = Pool([Scorer(nnx.Rngs(0))], [Scorer(nnx.Rngs(1))])
            score_all(pool, jnp.ones((3, 5, 4)))
            return None
        """,
        ["32:28 SCN105"],
    ),
    Case(
        'the same chained modules switched to eval() before each loop',
        """
        import itertools

        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx


        class Scorer(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 6, rngs=rngs)
                self.norm = nnx.BatchNorm(6, rngs=rngs)
                self.out = nnx.Linear(6, 1, rngs=rngs)

            def __call__(self, x):
                return self.out(self.norm(self.lin(x)))[:, 0]


        class Pool:
            def __init__(self, primary, standby):
                self.primary = primary
                self.standby = standby

            def members(self):
                return itertools.chain(self.primary, self.standby)


        def score_all(pool, batches):
            totals = {}
            for rank, scorer in enumerate(pool.members()):
                scorer.eval()
                def body(total, batch):
                    return total + scorer(batch).sum(), None

                totals[rank], _ = jax.lax.scan(body, jnp.zeros(()), batches)
            return totals


        def main():
            pool = Pool([Scorer(nnx.Rngs(0))], [Scorer(nnx.Rngs(1))])
            score_all(pool, jnp.ones((3, 5, 4)))
            return None
        """,
        [],
    ),
    Case(
        "a step made by a factory picked from a dict, closing over the factory's module parameter",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Denoiser(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(5, 5, rngs=rngs)
                self.norm = nnx.BatchNorm(5, rngs=rngs)

            def __call__(self, x):
                return x - 0.1 * self.norm(self.lin(x))


        def make_plain(net):
            def run(x):
                return net(x)

            return run


        def make_clipped(net, limit=1.0):
            def run(x):
                return jnp.clip(net(x), -limit, limit)

            return run


        RUNNERS = {"plain": make_plain, "clipped": make_clipped}


        class Smoother:
            def __init__(self, model, kind):
                self.run = RUNNERS[kind](model)

            def __call__(self, frames):
                def body(prev, frame):
                    out = self.run(frame + prev)
                    return out, out.mean()

                return jax.lax.scan(body, jnp.zeros_like(frames[0]), frames)


        def main():
            model = Denoiser(nnx.Rngs(0))
            Smoother(model, "clipped")(jnp.ones((4, 3, 5)))
            return None
        """,
        ["25:25 SCN105"],
    ),
    Case(
        'the same factory-made step over a module in eval mode',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Denoiser(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(5, 5, rngs=rngs)
                self.norm = nnx.BatchNorm(5, rngs=rngs)

            def __call__(self, x):
                return x - 0.1 * self.norm(self.lin(x))


        def make_plain(net):
            def run(x):
                return net(x)

            return run


        def make_clipped(net, limit=1.0):
            def run(x):
                return jnp.clip(net(x), -limit, limit)

            return run


        RUNNERS = {"plain": make_plain, "clipped": make_clipped}


        class Smoother:
            def __init__(self, model, kind):
                self.run = RUNNERS[kind](model)

            def __call__(self, frames):
                def body(prev, frame):
                    out = self.run(frame + prev)
                    return out, out.mean()

                return jax.lax.scan(body, jnp.zeros_like(frames[0]), frames)


        def main():
            model = Denoiser(nnx.Rngs(0))
            model.eval()
            Smoother(model, "clipped")(jnp.ones((4, 3, 5)))
            return None
        """,
        [],
    ),
    Case(
        'graphdef and state bound into a fori_loop body by functools.partial, merged there and drawn from',
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Refiner(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.2, rngs=rngs)

            def __call__(self, x):
                return self.drop(jnp.tanh(self.lin(x)))


        def refine(graphdef, params, i, x):
            model = nnx.merge(graphdef, params)
            return x + 0.1 * model(x)


        def main():
            model = Refiner(nnx.Rngs(0, dropout=1))
            graphdef, params = nnx.split(model)
            x = jax.lax.fori_loop(0, 3, functools.partial(refine, graphdef, params), jnp.ones((2, 4)))
            x.block_until_ready()
            return None
        """,
        ["20:22 SCN105"],
    ),
    Case(
        'the state carried through the loop and returned by the body',
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Refiner(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 4, rngs=rngs)
                self.drop = nnx.Dropout(0.2, rngs=rngs)

            def __call__(self, x):
                return self.drop(jnp.tanh(self.lin(x)))


        def refine(graphdef, i, carry):
            params, x = carry
            model = nnx.merge(graphdef, params)
            x = x + 0.1 * model(x)
            return nnx.state(model), x


        def main():
            model = Refiner(nnx.Rngs(0, dropout=1))
            graphdef, params = nnx.split(model)
            params, x = jax.lax.fori_loop(0, 3, functools.partial(refine, graphdef), (params, jnp.ones((2, 4))))
            x.block_until_ready()
            return None
        """,
        [],
    ),
    Case(
        'a step wrapped by two wrapper factories in turn (counted(clipped(step), calls)) trains an outside BatchNorm',
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Estimator(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)
                self.norm = nnx.BatchNorm(3, rngs=rngs)

            def __call__(self, x):
                return self.norm(self.lin(x))


        def clipped(fn, bound=10.0):
            @functools.wraps(fn)
            def run(carry, x):
                carry, y = fn(carry, x)
                return jnp.clip(carry, -bound, bound), y
            return run


        def counted(fn, counter):
            def run(*args, **kwargs):
                counter.append(1)
                return fn(*args, **kwargs)
            return run


        def estimate(model, frames):
            def step(total, frame):
                out = model(frame)
                return total + out.sum(), out.mean()

            calls = []
            body = counted(clipped(step), calls)
            return jax.lax.scan(body, jnp.zeros(()), frames)


        def main():
            model = Estimator(nnx.Rngs(0))
            estimate(model, jnp.ones((4, 2, 3)))
            return None
        """,
        ["35:15 SCN105"],
    ),
    Case(
        'the same wrapped step over a module in eval mode',
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Estimator(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)
                self.norm = nnx.BatchNorm(3, rngs=rngs)

            def __call__(self, x):
                return self.norm(self.lin(x))


        def clipped(fn, bound=10.0):
            @functools.wraps(fn)
            def run(carry, x):
                carry, y = fn(carry, x)
                return jnp.clip(carry, -bound, bound), y
            return run


        def counted(fn, counter):
            def run(*args, **kwargs):
                counter.append(1)
                return fn(*args, **kwargs)
            return run


        def estimate(model, frames):
            def step(total, frame):
                out = model(frame)
                return total + out.sum(), out.mean()

            calls = []
            body = counted(clipped(step), calls)
            return jax.lax.scan(body, jnp.zeros(()), frames)


        def main():
            model = Estimator(nnx.Rngs(0))
            model.eval()
            estimate(model, jnp.ones((4, 2, 3)))
            return None
        """,
        [],
    ),
    Case(
        'a handler class registered by a decorator and built from the registry holds the module it trains in its scan',
        """
        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx

        HANDLERS = {}


        def handler(kind):
            def add(cls):
                HANDLERS[kind] = cls
                return cls
            return add


        class Scorer(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)
                self.norm = nnx.BatchNorm(3, rngs=rngs)

            def __call__(self, x):
                return self.norm(self.lin(x))


        @handler("smooth")
        class Smoother:
            def __init__(self, scorer):
                self.scorer = scorer

            def handle(self, frames):
                def step(acc, frame):
                    return acc + self.scorer(frame).sum(), None

                return jax.lax.scan(step, jnp.zeros(()), frames)[0]


        def dispatch(kind, scorer, frames):
            return HANDLERS[kind](scorer).handle(frames)


        def main():
            scorer = Scorer(nnx.Rngs(0))
            dispatch("smooth", scorer, jnp.ones((3, 2, 3)))
            return None
        """,
        ["32:26 SCN105"],
    ),
    Case(
        'the same registered handler over a module in eval mode',
        """
        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx

        HANDLERS = {}


        def handler(kind):
            def add(cls):
                HANDLERS[kind] = cls
                return cls
            return add


        class Scorer(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)
                self.norm = nnx.BatchNorm(3, rngs=rngs)

            def __call__(self, x):
                return self.norm(self.lin(x))


        @handler("smooth")
        class Smoother:
            def __init__(self, scorer):
                self.scorer = scorer

            def handle(self, frames):
                def step(acc, frame):
                    return acc + self.scorer(frame).sum(), None

                return jax.lax.scan(step, jnp.zeros(()), frames)[0]


        def dispatch(kind, scorer, frames):
            return HANDLERS[kind](scorer).handle(frames)


        def main():
            scorer = Scorer(nnx.Rngs(0))
            scorer.eval()
            dispatch("smooth", scorer, jnp.ones((3, 2, 3)))
            return None
        """,
        [],
    ),
    Case(
        "a key drawn in the body from an outside object's nnx.Rngs and handed to a module method: the draw mutates outside state (not a fixed key)",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Shaker(nnx.Module):
            def __init__(self, rngs):
                self.scale = nnx.Param(jnp.ones(()))

            def shake(self, x, key):
                return x + self.scale * jax.random.normal(key, x.shape)


        class Augmenter:
            def __init__(self, seed):
                self.rngs = nnx.Rngs(params=seed, shake=seed + 1)
                self.shaker = Shaker(self.rngs)

            def run(self, xs):
                def body(carry, x):
                    return carry, self.shaker.shake(x, self.rngs.shake())

                return jax.lax.scan(body, None, xs)[1]


        def main():
            return Augmenter(0).run(jnp.ones((3, 4)))
        """,
        ["22:48 SCN105"],
    ),
    Case(
        'replicas kept in a deque built from a generator, taken with popleft() outside the body, whose module trains in it',
        """
        from collections import deque

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Ranker(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 4, rngs=rngs)
                self.norm = nnx.BatchNorm(4, rngs=rngs)

            def __call__(self, x):
                return self.norm(self.lin(x)).sum(-1)


        class Replica:
            def __init__(self, ranker):
                self.ranker = ranker


        class ReplicaQueue:
            def __init__(self, rankers):
                self.ready = deque(Replica(r) for r in rankers)

            def next_replica(self):
                replica = self.ready.popleft()
                self.ready.append(replica)
                return replica


        def rank(queue, batches):
            replica = queue.next_replica()

            def body(best, batch):
                return jnp.maximum(best, replica.ranker(batch).max()), None

            return jax.lax.scan(body, jnp.zeros(()), batches)[0]


        def main():
            queue = ReplicaQueue([Ranker(nnx.Rngs(0)), Ranker(nnx.Rngs(1))])
            rank(queue, jnp.ones((3, 2, 4)))
            return None
        """,
        ["37:34 SCN105"],
    ),
    Case(
        'the same replica queue over modules switched to eval() first',
        """
        from collections import deque

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Ranker(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 4, rngs=rngs)
                self.norm = nnx.BatchNorm(4, rngs=rngs)

            def __call__(self, x):
                return self.norm(self.lin(x)).sum(-1)


        class Replica:
            def __init__(self, ranker):
                self.ranker = ranker


        class ReplicaQueue:
            def __init__(self, rankers):
                for ranker in rankers:
                    ranker.eval()
                self.ready = deque(Replica(r) for r in rankers)

            def next_replica(self):
                replica = self.ready.popleft()
                self.ready.append(replica)
                return replica


        def rank(queue, batches):
            replica = queue.next_replica()

            def body(best, batch):
                return jnp.maximum(best, replica.ranker(batch).max()), None

            return jax.lax.scan(body, jnp.zeros(()), batches)[0]


        def main():
            queue = ReplicaQueue([Ranker(nnx.Rngs(0)), Ranker(nnx.Rngs(1))])
            rank(queue, jnp.ones((3, 2, 4)))
            return None
        """,
        [],
    ),
    Case(
        "a factory's partial(nnx.jit(fn), model) kept on an object and called in the body with an outside module bound",
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Scorer(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 1, rngs=rngs)

            def __call__(self, x):
                return self.lin(x)[..., 0]


        def _score(model, x):
            return jnp.tanh(model(x))


        def make_scoring(model):
            return functools.partial(nnx.jit(_score), model)


        class Monitor:
            def __init__(self, scoring):
                self.scoring = scoring

            def sweep(self, frames):
                def body(total, frame):
                    return total + self.scoring(frame).sum(), None

                return jax.lax.scan(body, jnp.zeros(()), frames)[0]


        def main():
            model = Scorer(nnx.Rngs(0))
            Monitor(make_scoring(model)).sweep(jnp.ones((3, 2, 3)))
            return None
        """,
        ["31:28 SCN105"],
    ),
    Case(
        'the factory binds the split graphdef and state to a jax.jit function that merges them',
        """
        import functools

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Scorer(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 1, rngs=rngs)

            def __call__(self, x):
                return self.lin(x)[..., 0]


        def _score(graphdef, state, x):
            model = nnx.merge(graphdef, state)
            return jnp.tanh(model(x))


        def make_scoring(model):
            graphdef, state = nnx.split(model)
            return functools.partial(jax.jit(_score, static_argnums=0), graphdef, state)


        class Monitor:
            def __init__(self, scoring):
                self.scoring = scoring

            def sweep(self, frames):
                def body(total, frame):
                    return total + self.scoring(frame).sum(), None

                return jax.lax.scan(body, jnp.zeros(()), frames)[0]


        def main():
            model = Scorer(nnx.Rngs(0))
            Monitor(make_scoring(model)).sweep(jnp.ones((3, 2, 3)))
            return None
        """,
        [],
    ),
    Case(
        'an nnx.grad picked from a module-level dict of transforms, given an outside module in the body',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Regressor(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(2, 1, rngs=rngs)

            def __call__(self, x):
                return self.lin(x)[..., 0]


        def mse(model, x, y):
            return jnp.mean((model(x) - y) ** 2)


        def mae(model, x, y):
            return jnp.mean(jnp.abs(model(x) - y))


        GRADIENTS = {"mse": nnx.grad(mse), "mae": nnx.grad(mae)}


        def grad_norms(model, loss, xs, ys):
            grad_fn = GRADIENTS[loss]

            def body(count, batch):
                x, y = batch
                grads = grad_fn(model, x, y)
                return count + 1, optax_free_norm(grads)

            return jax.lax.scan(body, 0, (xs, ys))[1]


        def optax_free_norm(grads):
            return jnp.sqrt(sum(jnp.sum(g ** 2) for g in jax.tree_util.tree_leaves(grads)))


        def main():
            grad_norms(Regressor(nnx.Rngs(0)), "mae", jnp.ones((3, 4, 2)), jnp.zeros((3, 4)))
            return None
        """,
        ["31:17 SCN105"],
    ),
    Case(
        'the same picked transform given a module merged in the body from carried state',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Regressor(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(2, 1, rngs=rngs)

            def __call__(self, x):
                return self.lin(x)[..., 0]


        def mse(model, x, y):
            return jnp.mean((model(x) - y) ** 2)


        def mae(model, x, y):
            return jnp.mean(jnp.abs(model(x) - y))


        GRADIENTS = {"mse": nnx.grad(mse), "mae": nnx.grad(mae)}


        def grad_norms(model, loss, xs, ys):
            grad_fn = GRADIENTS[loss]
            graphdef, state = nnx.split(model)

            def body(state, batch):
                x, y = batch
                local = nnx.merge(graphdef, state)
                grads = grad_fn(local, x, y)
                return nnx.state(local), optax_free_norm(grads)

            return jax.lax.scan(body, state, (xs, ys))[1]


        def optax_free_norm(grads):
            return jnp.sqrt(sum(jnp.sum(g ** 2) for g in jax.tree_util.tree_leaves(grads)))


        def main():
            grad_norms(Regressor(nnx.Rngs(0)), "mae", jnp.ones((3, 4, 2)), jnp.zeros((3, 4)))
            return None
        """,
        [],
    ),
    Case(
        "a base class's run() calls self.transform(), which a subclass overrides to train an outside module; the body runs each stage",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Denoise(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 4, rngs=rngs)
                self.norm = nnx.BatchNorm(4, rngs=rngs)

            def __call__(self, x):
                return self.norm(self.lin(x))


        class Stage:
            def run(self, x):
                return self.transform(x) * 1.0

            def transform(self, x):
                return x


        class Scale(Stage):
            def transform(self, x):
                return 0.5 * x


        class Learned(Stage):
            def __init__(self, model):
                self.model = model

            def transform(self, x):
                return self.model(x)


        def process(stages, frames):
            def body(carry, frame):
                for stage in stages:
                    frame = stage.run(frame)
                return carry, frame

            return jax.lax.scan(body, None, frames)[1]


        def main():
            model = Denoise(nnx.Rngs(0))
            process([Scale(), Learned(model)], jnp.ones((3, 2, 4)))
            return None
        """,
        ["34:16 SCN105"],
    ),
    Case(
        'the same template-method stages over a module in eval mode',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Denoise(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(4, 4, rngs=rngs)
                self.norm = nnx.BatchNorm(4, rngs=rngs)

            def __call__(self, x):
                return self.norm(self.lin(x))


        class Stage:
            def run(self, x):
                return self.transform(x) * 1.0

            def transform(self, x):
                return x


        class Scale(Stage):
            def transform(self, x):
                return 0.5 * x


        class Learned(Stage):
            def __init__(self, model):
                self.model = model

            def transform(self, x):
                return self.model(x)


        def process(stages, frames):
            def body(carry, frame):
                for stage in stages:
                    frame = stage.run(frame)
                return carry, frame

            return jax.lax.scan(body, None, frames)[1]


        def main():
            model = Denoise(nnx.Rngs(0))
            model.eval()
            process([Scale(), Learned(model)], jnp.ones((3, 2, 4)))
            return None
        """,
        [],
    ),
]

# SCN106: a value of the loop stored in Python state made outside the body.
ESCAPES = [
    Case(
        "a list the enclosing function made, appended to in the body and stacked after the loop",
        """
        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx

        def encode(cell: nnx.GRUCell, xs):
            hidden_states = []

            def step(h, x):
                h, _ = cell(h, x)
                hidden_states.append(h)
                return h, None

            jax.lax.scan(step, jnp.zeros((2, 5)), xs)
            return jnp.stack(hidden_states)
        """,
        ["11:9 SCN106"],
    ),
    Case(
        "a dict of training state, its batch stats overwritten in the body and read after the loop (from jax.lax import scan)",
        """
        import jax
        import jax.numpy as jnp
        from jax.lax import scan

        def fit(model, variables, xs, ys):
            state = {"params": variables["params"], "batch_stats": variables["batch_stats"]}

            def train_step(params, batch):
                x, y = batch
                logits, updates = model.apply(
                    {"params": params, "batch_stats": state["batch_stats"]}, x, train=True, mutable=["batch_stats"]
                )
                state["batch_stats"] = updates["batch_stats"]
                return params, jnp.mean((logits - y) ** 2)

            params, losses = scan(train_step, state["params"], (xs, ys))
            return params, state["batch_stats"], losses
        """,
        ["14:9 SCN106"],
    ),
    Case(
        "a `nonlocal` model rebound to the module merged in the body, used after the loop",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def train(model, x, y):
            graphdef, state = nnx.split(model)

            def epoch(state, _):
                nonlocal model
                model = nnx.merge(graphdef, state)
                loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
                return nnx.state(model), loss

            state, losses = jax.lax.scan(epoch, state, None, length=20)
            return model(x)
        """,
        ["11:9 SCN106"],
    ),
    Case(
        "a module-level metrics log a helper of a fori_loop body extends, read by another function",
        """
        from jax import lax
        import jax.numpy as jnp

        METRICS = []

        def log_metrics(step, loss):
            METRICS.extend([step, loss])

        def body(i, params):
            loss = jnp.sum(params ** 2)
            log_metrics(i, loss)
            return params - 0.1 * params

        def train(params):
            return lax.fori_loop(0, 10, body, params)

        def report():
            return jnp.stack(METRICS[1::2])
        """,
        ["8:5 SCN106"],
    ),
    Case(
        "a `global` best loss rebound in a while_loop body (lax = jax.lax)",
        """
        import jax
        import jax.numpy as jnp
        lax = jax.lax

        best = None

        def search(x0):
            def cond(state):
                return state[1] < 10

            def body(state):
                global best
                x, i = state
                best = jnp.minimum(x, 1.0)
                return x * 0.5, i + 1

            return lax.while_loop(cond, body, (x0, 0))

        def summary():
            return float(best)
        """,
        ["15:9 SCN106"],
    ),
    Case(
        "a dict the caller makes and hands to the function that runs the scan, written in the body and read by the caller after the call",
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx

        def train(model, xs, checkpoint):
            graphdef, state = nnx.split(model)

            def train_step(state, x):
                model = nnx.merge(graphdef, state)
                checkpoint["last"] = nnx.to_pure_dict(nnx.state(model, nnx.Param))
                return nnx.state(model), jnp.mean(model(x))

            return jax.lax.scan(train_step, state, xs)[1]

        def main(xs):
            checkpoint = {}
            losses = train(nnx.Linear(3, 3, rngs=nnx.Rngs(0)), xs, checkpoint)
            return losses, checkpoint["last"]
        """,
        ["11:9 SCN106"],
    ),
    Case(
        "not flagged: the caller's dict is never read after the call, or the caller passes something not known to be a container",
        """
        import jax
        import jax.numpy as jnp

        def run(xs, log):
            def step(c, x):
                log["last"] = x
                return c + x, None

            return jax.lax.scan(step, 0.0, xs)[0]

        def main(xs, sink):
            scratch = {}
            total = run(xs, scratch)
            other = run(xs, sink)
            return total, other
        """,
        [],
    ),
    Case(
        "not flagged: the values returned as the scan's ys; what is known while tracing; a constant",
        """
        import jax
        import jax.numpy as jnp

        def encode(w, xs):
            shapes, names = [], {}

            def step(h, x):
                h = jnp.tanh(w @ h + x)
                shapes.append(h.shape)
                names["step"] = "tanh"
                shapes.append(len(x))
                return h, h

            _, hidden_states = jax.lax.scan(step, jnp.zeros(w.shape[0]), xs)
            print(shapes, names)
            return hidden_states
        """,
        [],
    ),
    Case(
        "not flagged: a host callback appends concrete values; a log never read again; a list made inside the body",
        """
        import jax
        import jax.numpy as jnp

        def run(xs):
            seen, debug_log = [], []

            def record(v):
                seen.append(v)

            def step(c, x):
                jax.debug.callback(record, x)
                debug_log.append(x)
                parts = []
                parts.append(x * 2)
                return c + sum(parts), None

            total, _ = jax.lax.scan(step, 0.0, xs)
            return total, seen
        """,
        [],
    ),
    Case(
        "not flagged: the list is filled before the loop and only read in the body; a nonlocal counter of Python ints",
        """
        import jax
        import jax.numpy as jnp

        def run(xs):
            weights = [jnp.ones(3), jnp.ones(3)]
            traces = 0

            def step(c, x):
                nonlocal traces
                traces = traces + 1
                return c + weights[0] * x, None

            out, _ = jax.lax.scan(step, jnp.zeros(3), xs)
            return out, traces, weights
        """,
        [],
    ),
    Case(
        "the Python counter of an unrolled `for i in range(...)` in the body, and an enumerate index, recorded in a list read after the loop: Python ints, no tracer",
        """
        import jax
        import jax.numpy as jnp

        def unrolled_refine(ws, h0, xs):
            visited = []

            def step(h, x):
                for i in range(len(ws)):
                    visited.append(i)
                    h = jnp.tanh(ws[i] @ h + x)
                for j, w in enumerate(ws):
                    visited.append(j)
                return h, h

            _, hs = jax.lax.scan(step, h0, xs)
            return hs, visited
        """,
        [],
    ),
    Case(
        "a loop value written into a list at a Python counter's index, read after the loop",
        """
        import jax
        import jax.numpy as jnp

        def unrolled_refine(ws, h0, xs):
            layer_outputs = [None] * len(ws)

            def step(h, x):
                for i in range(len(ws)):
                    h = jnp.tanh(ws[i] @ h + x)
                    layer_outputs[i] = h
                return h, None

            jax.lax.scan(step, h0, xs)
            return jnp.stack(layer_outputs)
        """,
        ["11:13 SCN106"],
    ),
    Case(
        "a hook from a list the trainer is given appends the step's loss to its own history, stacked by a later method",
        """
        import jax
        import jax.numpy as jnp

        class Hook:
            def after_step(self, step, loss):
                pass

        class LossHistory(Hook):
            def __init__(self):
                self.losses = []

            def after_step(self, step, loss):
                self.losses.append(loss)

            def mean(self):
                return jnp.stack(self.losses).mean()

        class ShapePrinter(Hook):
            def after_step(self, step, loss):
                print(step, loss.shape)

        class Trainer:
            def __init__(self, w, hooks):
                self.w = w
                self.hooks = hooks

            def fit(self, xs):
                def body(w, x):
                    loss = jnp.mean((x @ w) ** 2)
                    w = w - 0.1 * jax.grad(lambda v: jnp.mean((x @ v) ** 2))(w)
                    for hook in self.hooks:
                        hook.after_step(0, loss)
                    return w, None

                self.w, _ = jax.lax.scan(body, self.w, xs)

        def main():
            history = LossHistory()
            trainer = Trainer(jnp.ones((3, 2)), hooks=[history, ShapePrinter()])
            trainer.fit(jnp.ones((5, 4, 3)))
            return history.mean()
        """,
        ["33:17 SCN106"],
    ),
    Case(
        "a plain trainer's own list attribute appended to by a closure in its method, and a tracker's best value rebound through a method called from the body",
        """
        import jax
        import jax.numpy as jnp

        class BestTracker:
            def __init__(self):
                self.best = jnp.inf

            def update(self, value):
                self.best = jnp.minimum(self.best, value)

        class Trainer:
            def __init__(self, w):
                self.w = w
                self.grad_norms = []
                self.tracker = BestTracker()

            def fit(self, xs):
                def body(w, x):
                    loss, g = jax.value_and_grad(lambda v: jnp.mean((x @ v) ** 2))(w)
                    self.grad_norms.append(jnp.linalg.norm(g))
                    self.tracker.update(loss)
                    return w - 0.1 * g, loss

                self.w, losses = jax.lax.scan(body, self.w, xs)
                return losses

            def report(self):
                return jnp.stack(self.grad_norms), self.tracker.best

        def main():
            trainer = Trainer(jnp.ones((3, 2)))
            trainer.fit(jnp.ones((5, 4, 3)))
            return trainer.report()
        """,
        ["21:13 SCN106", "22:13 SCN106"],
    ),
    Case(
        "not flagged: hooks that record what is known while tracing or a Python step count, a buffer the body makes itself, and an object whose list nothing reads",
        """
        import jax
        import jax.numpy as jnp

        class ShapeLog:
            def __init__(self):
                self.shapes = []
                self.calls = 0

            def after_step(self, loss):
                self.shapes.append(loss.shape)
                self.calls = self.calls + 1

            def report(self):
                return self.shapes, self.calls

        class Buffer:
            def __init__(self):
                self.items = []

            def add(self, x):
                self.items.append(x)

            def stacked(self):
                return jnp.stack(self.items)

        class Tally:
            def __init__(self):
                self.seen = []

            def add(self, x):
                self.seen.append(x)

        class Trainer:
            def __init__(self, w, log):
                self.w = w
                self.log = log
                self.tally = Tally()

            def fit(self, xs):
                def body(w, x):
                    loss = jnp.mean((x @ w) ** 2)
                    self.log.after_step(loss)
                    self.tally.add(loss)
                    buffer = Buffer()
                    buffer.add(x @ w)
                    buffer.add(x @ w + 1.0)
                    return w * 0.9, buffer.stacked()

                self.w, outs = jax.lax.scan(body, self.w, xs)
                return outs

        def main():
            log = ShapeLog()
            trainer = Trainer(jnp.ones((3, 2)), log)
            outs = trainer.fit(jnp.ones((5, 4, 3)))
            return outs, log.report()
        """,
        [],
    ),
    Case(
        "a callback list the trainer wraps its callbacks in (`list(callbacks)`) hands the step's logs to each callback, one of which keeps the loss in a list it resets per epoch",
        """
        import jax
        import jax.numpy as jnp

        class MeanLoss:
            def __init__(self):
                self.losses = []
                self.means = []

            def on_step_end(self, logs):
                self.losses.append(logs["loss"])

            def on_epoch_end(self):
                self.means.append(jnp.mean(jnp.stack(self.losses)))
                self.losses = []

        class CallbackList:
            def __init__(self, callbacks):
                self.callbacks = list(callbacks)

            def on_step_end(self, logs):
                for callback in self.callbacks:
                    callback.on_step_end(logs)

            def on_epoch_end(self):
                for callback in self.callbacks:
                    callback.on_epoch_end()

        class Trainer:
            def __init__(self, callbacks):
                self.callbacks = CallbackList(callbacks)

            def epoch(self, w, xs):
                def step(w, x):
                    loss, g = jax.value_and_grad(lambda v: jnp.mean((x @ v) ** 2))(w)
                    self.callbacks.on_step_end({"loss": loss})
                    return w - 0.1 * g, None

                w, _ = jax.lax.scan(step, w, xs)
                self.callbacks.on_epoch_end()
                return w

        def main():
            return Trainer([MeanLoss()]).epoch(jnp.ones((3, 2)), jnp.ones((5, 4, 3)))
        """,
        ["36:13 SCN106"],
    ),
    Case(
        "not flagged: the same callback list when each callback keeps only what is known while tracing",
        """
        import jax
        import jax.numpy as jnp

        class ShapeLog:
            def __init__(self):
                self.shapes = []

            def on_step_end(self, logs):
                self.shapes.append(logs["loss"].shape)

            def on_epoch_end(self):
                print(self.shapes)

        class CallbackList:
            def __init__(self, callbacks):
                self.callbacks = list(callbacks)

            def on_step_end(self, logs):
                for callback in self.callbacks:
                    callback.on_step_end(logs)

            def on_epoch_end(self):
                for callback in self.callbacks:
                    callback.on_epoch_end()

        class Trainer:
            def __init__(self, callbacks):
                self.callbacks = CallbackList(callbacks)

            def epoch(self, w, xs):
                def step(w, x):
                    loss, g = jax.value_and_grad(lambda v: jnp.mean((x @ v) ** 2))(w)
                    self.callbacks.on_step_end({"loss": loss})
                    return w - 0.1 * g, None

                w, _ = jax.lax.scan(step, w, xs)
                self.callbacks.on_epoch_end()
                return w

        def main():
            return Trainer([ShapeLog()]).epoch(jnp.ones((3, 2)), jnp.ones((5, 4, 3)))
        """,
        [],
    ),
    Case(
        "lists held in an outside dict (`decay_log[name].append(...)`) and in a trainer's dict attribute (`self.history[\"loss\"].append(loss)`), read after the loop",
        """
        import jax
        import jax.numpy as jnp

        WD = {"w": 1e-4, "b": 1e-2}

        class Trainer:
            def __init__(self):
                self.history = {"loss": []}

            def fit(self, params, xs):
                def step(params, x):
                    loss, grads = jax.value_and_grad(lambda p: jnp.mean((x * p["w"] + p["b"]) ** 2))(params)
                    self.history["loss"].append(loss)
                    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads), None

                return jax.lax.scan(step, params, xs)[0]

        def decayed(params, xs):
            decay_log = {name: [] for name in WD}

            def step(params, x):
                for name, wd in WD.items():
                    decay_log[name].append(wd * jnp.sum(params[name] ** 2))
                return jax.tree.map(lambda p: p * 0.99, params), None

            params, _ = jax.lax.scan(step, params, xs)
            return params, sum(jnp.stack(v).sum() for v in decay_log.values())

        def main():
            params = {"w": jnp.ones(3), "b": jnp.zeros(3)}
            trainer = Trainer()
            trainer.fit(params, jnp.ones((4, 3)))
            return decayed(params, jnp.ones((4, 3))), jnp.stack(trainer.history["loss"])
        """,
        ["14:13 SCN106", "24:13 SCN106"],
    ),
    Case(
        "not flagged: the same nested lists given only what is known while tracing",
        """
        import jax
        import jax.numpy as jnp

        WD = {"w": 1e-4, "b": 1e-2}

        def decayed(params, xs):
            decay_log = {name: [] for name in WD}

            def step(params, x):
                for name, wd in WD.items():
                    decay_log[name].append(params[name].shape)
                return jax.tree.map(lambda p: p * 0.99, params), None

            params, _ = jax.lax.scan(step, params, xs)
            return params, decay_log

        def main():
            return decayed({"w": jnp.ones(3), "b": jnp.zeros(3)}, jnp.ones((4, 3)))
        """,
        [],
    ),
    Case(
        "an outside recorder object called in the body (its `__call__`) appends what it computes from the loop value to a list it keeps",
        """
        import jax
        import jax.numpy as jnp

        class ActivationRecorder:
            def __init__(self, scale):
                self.scale = scale
                self.records = []

            def __call__(self, h):
                summary = jnp.tanh(h * self.scale).mean(axis=-1)
                self.records.append(summary)
                return h

            def stacked(self):
                return jnp.stack(self.records)

        def unroll(w, xs, recorder):
            def step(h, x):
                h = recorder(jnp.tanh(h @ w + x))
                return h, None

            jax.lax.scan(step, jnp.zeros(xs.shape[1:]), xs)
            return recorder.stacked()

        def main():
            return unroll(jnp.eye(4), jnp.ones((5, 2, 4)), ActivationRecorder(0.5))
        """,
        ["20:13 SCN106"],
    ),
    Case(
        "not flagged: the recorder called in the body keeps only what it computes from the value's shape",
        """
        import jax
        import jax.numpy as jnp

        class ActivationRecorder:
            def __init__(self, scale):
                self.scale = scale
                self.records = []

            def __call__(self, h):
                summary = h.shape[-1] * self.scale
                self.records.append(summary)
                return h

            def stacked(self):
                return jnp.stack(self.records)

        def unroll(w, xs, recorder):
            def step(h, x):
                h = recorder(jnp.tanh(h @ w + x))
                return h, None

            jax.lax.scan(step, jnp.zeros(xs.shape[1:]), xs)
            return recorder.stacked()

        def main():
            return unroll(jnp.eye(4), jnp.ones((5, 2, 4)), ActivationRecorder(0.5))
        """,
        [],
    ),
    Case(
        "not flagged: a wrapper called in the body fills its parameters lazily, and was warmed up before the scan",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn

        class Scorer(nn.Module):
            @nn.compact
            def __call__(self, x):
                return nn.Dense(1)(x)

        class LazyScorer:
            def __init__(self, module):
                self.module = module
                self.params = None

            def __call__(self, x):
                if self.params is None:
                    self.params = self.module.init(jax.random.PRNGKey(0), x)
                return self.module.apply(self.params, x)

        def score_all(scorer, xs):
            scorer(xs[0])

            def body(total, x):
                return total + scorer(x).sum(), None

            return jax.lax.scan(body, jnp.zeros(()), xs)[0]

        def main():
            scorer = LazyScorer(Scorer())
            total = score_all(scorer, jnp.ones((4, 2, 3)))
            return total, scorer.params
        """,
        [],
    ),
    Case(
        "flagged: an actor's method unpacks the policy's new hidden state into self.hidden",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class RecurrentPolicy(nn.Module):
            @nn.compact
            def __call__(self, carry, obs):
                carry, h = nn.GRUCell(8)(carry, obs)
                return carry, nn.Dense(3)(h)


        class Actor:
            def __init__(self, policy, variables, hidden):
                self.policy = policy
                self.variables = variables
                self.hidden = hidden

            def act(self, obs):
                self.hidden, logits = self.policy.apply(self.variables, self.hidden, obs)
                return jnp.argmax(logits, -1)


        def rollout(actor, obs0, length=4):
            def body(obs, _):
                action = actor.act(obs)
                return obs * 0.9 + 0.1 * action[:, None], action

            return jax.lax.scan(body, obs0, None, length=length)


        def main():
            policy = RecurrentPolicy()
            obs = jnp.ones((2, 4))
            hidden = jnp.zeros((2, 8))
            actor = Actor(policy, policy.init(jax.random.key(0), hidden, obs), hidden)
            obs, _ = rollout(actor, obs)
            rollout(actor, obs)
        """,
        ["27:18 SCN106"],
    ),
    Case(
        "not flagged: the actor's hidden state rides in the carry and is stored after the loop",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class RecurrentPolicy(nn.Module):
            @nn.compact
            def __call__(self, carry, obs):
                carry, h = nn.GRUCell(8)(carry, obs)
                return carry, nn.Dense(3)(h)


        class Actor:
            def __init__(self, policy, variables, hidden):
                self.policy = policy
                self.variables = variables
                self.hidden = hidden

            def act(self, obs, hidden):
                hidden, logits = self.policy.apply(self.variables, hidden, obs)
                return hidden, jnp.argmax(logits, -1)


        def rollout(actor, obs0, length=4):
            def body(carry, _):
                obs, hidden = carry
                hidden, action = actor.act(obs, hidden)
                return (obs * 0.9 + 0.1 * action[:, None], hidden), action

            (obs, actor.hidden), actions = jax.lax.scan(body, (obs0, actor.hidden), None, length=length)
            return obs, actions


        def main():
            policy = RecurrentPolicy()
            obs = jnp.ones((2, 4))
            hidden = jnp.zeros((2, 8))
            actor = Actor(policy, policy.init(jax.random.key(0), hidden, obs), hidden)
            obs, _ = rollout(actor, obs)
            rollout(actor, obs)
        """,
        [],
    ),
    Case(
        'a loop value assigned to an attribute of a dataclass object handed to the function running the loop, read after it (`holder.stats = c`)',
        """
        from dataclasses import dataclass
        import jax
        import jax.numpy as jnp


        @dataclass
        class Holder:
            stats: jnp.ndarray


        def run(holder, xs):
            def body(c, x):
                c = c + x
                holder.stats = c
                return c, None

            jax.lax.scan(body, jnp.zeros(3), xs)
            return holder.stats + 1


        def main():
            h = Holder(jnp.zeros(3))
            return run(h, jnp.ones((4, 3)))
        """,
        ["15:9 SCN105"],
    ),
    Case(
        'a step closure a factory returns, kept on the job (`self.step_fn = make_step(self.holder)`), assigns a loop value to the holder it closes over',
        """
        from dataclasses import dataclass
        import jax
        import jax.numpy as jnp


        @dataclass
        class Holder:
            stats: jnp.ndarray


        def make_step(holder):
            def step(c, x):
                c = c + x
                holder.stats = c
                return c

            return step


        class Job:
            def __init__(self):
                self.holder = Holder(jnp.zeros(3))
                self.step_fn = make_step(self.holder)

            def run(self, xs):
                def body(c, x):
                    return self.step_fn(c, x), None

                jax.lax.scan(body, jnp.zeros(3), xs)
                return self.holder.stats + 1


        def main():
            return Job().run(jnp.ones((4, 3)))
        """,
        ["15:9 SCN105"],
    ),
    Case(
        "a trainer's helper method the body runs stores the loop's batch_stats on the train-state dataclass the trainer keeps (`self.state.batch_stats = ...`)",
        """
        import dataclasses

        import jax
        import jax.numpy as jnp
        from flax import linen as nn


        class Encoder(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool = True):
                return nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(x))


        @dataclasses.dataclass
        class TrainState:
            params: dict
            batch_stats: dict


        class Trainer:
            def __init__(self, model, state: TrainState):
                self.model = model
                self.state = state

            def _forward(self, x):
                variables = {"params": self.state.params, "batch_stats": self.state.batch_stats}
                y, updates = self.model.apply(variables, x, mutable=["batch_stats"])
                self.state.batch_stats = updates["batch_stats"]
                return y

            def run_epoch(self, xs):
                def body(total, x):
                    return total + self._forward(x).sum(), None

                total, _ = jax.lax.scan(body, jnp.float32(0.0), xs)
                return total

            def predict(self, x):
                variables = {"params": self.state.params, "batch_stats": self.state.batch_stats}
                return self.model.apply(variables, x, train=False)


        def main():
            model = Encoder()
            xs = jnp.ones((3, 4, 5))
            variables = model.init(jax.random.key(0), xs[0], train=False)
            trainer = Trainer(model, TrainState(variables["params"], variables["batch_stats"]))
            trainer.run_epoch(xs)
            return trainer.predict(xs[0])
        """,
        ["29:9 SCN105"],
    ),
    Case(
        "a session a store's method returns from the dict it keeps, given a loop value in a fori_loop body",
        """
        import jax
        import jax.numpy as jnp


        class Session:
            def __init__(self, state):
                self.state = state


        class Store:
            def __init__(self):
                self._sessions = {}

            def get(self, user, fresh):
                if user not in self._sessions:
                    self._sessions[user] = Session(fresh)
                return self._sessions[user]


        def replay(store, user, xs):
            session = store.get(user, jnp.zeros(3))

            def body(i, c):
                c = c + xs[i]
                session.state = c
                return c

            jax.lax.fori_loop(0, xs.shape[0], body, jnp.zeros(3))
            return store.get(user, None).state + 1


        def main():
            return replay(Store(), "u", jnp.ones((4, 3)))
        """,
        ["26:9 SCN105"],
    ),
    Case(
        "a registry's `fire` calls the hook it keeps under a name (`self._hooks[name](value)`), whose `__call__` keeps the value",
        """
        import jax
        import jax.numpy as jnp


        class ActivationHook:
            def __init__(self):
                self.latest = None

            def __call__(self, value):
                self.latest = value


        class HookRegistry:
            def __init__(self):
                self._hooks = {}

            def register(self, name, hook):
                self._hooks[name] = hook

            def fire(self, name, value):
                self._hooks[name](value)

            def get(self, name):
                return self._hooks[name]


        def calibrate(registry, w, xs):
            def body(total, x):
                h = jnp.tanh(x @ w)
                registry.fire("hidden", jnp.abs(h).mean(axis=0))
                return total + h.sum(), None

            jax.lax.scan(body, jnp.float32(0.0), xs)
            return registry.get("hidden").latest


        def main():
            registry = HookRegistry()
            registry.register("hidden", ActivationHook())
            importance = calibrate(registry, jnp.ones((3, 4)), jnp.ones((5, 2, 3)))
            return importance + 1
        """,
        ["31:9 SCN106"],
    ),
    Case(
        'an object the body makes itself, and a store on an outside one after the loop',
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp


        @dataclass
        class Holder:
            stats: jnp.ndarray


        def run(holder, xs):
            def body(c, x):
                c = c + x
                step = Holder(c)
                step.stats = c * 2
                return step.stats, None

            final, _ = jax.lax.scan(body, jnp.zeros(3), xs)
            holder.stats = final
            return holder.stats + 1


        def main():
            return run(Holder(jnp.zeros(3)), jnp.ones((4, 3)))
        """,
        [],
    ),
    Case(
        'an outside object given a trace-time shape, and a loop value under an attribute nothing reads',
        """
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp


        @dataclass
        class Probe:
            name: str
            seen_shape: tuple = ()
            scratch: object = None


        def run(probe, xs):
            def body(c, x):
                c = c + x
                probe.seen_shape = c.shape
                probe.scratch = c
                return c, None

            final, _ = jax.lax.scan(body, jnp.zeros(3), xs)
            return final, probe.seen_shape


        def main():
            return run(Probe("p"), jnp.ones((4, 3)))
        """,
        [],
    ),
    Case(
        "a registry's hook that counts calls and keeps the value's shape (known while tracing)",
        """
        import jax
        import jax.numpy as jnp


        class CallCounter:
            def __init__(self):
                self.calls = 0
                self.last_shape = None

            def __call__(self, value):
                self.calls += 1
                self.last_shape = value.shape


        class HookRegistry:
            def __init__(self):
                self._hooks = {}

            def register(self, name, hook):
                self._hooks[name] = hook

            def fire(self, name, value):
                self._hooks[name](value)

            def get(self, name):
                return self._hooks[name]


        def calibrate(registry, w, xs):
            def body(total, x):
                h = jnp.tanh(x @ w)
                registry.fire("hidden", h)
                return total + h.sum(), None

            total, _ = jax.lax.scan(body, jnp.float32(0.0), xs)
            return total, registry.get("hidden").calls, registry.get("hidden").last_shape


        def main():
            registry = HookRegistry()
            registry.register("hidden", CallCounter())
            return calibrate(registry, jnp.ones((3, 4)), jnp.ones((5, 2, 3)))
        """,
        [],
    ),
    Case(
        'a list two objects deep (`job.history.values`, made by `History.__init__` that `Job.__init__` builds) appended to in the body and stacked after the loop',
        """
        import jax
        import jax.numpy as jnp


        class History:
            def __init__(self):
                self.values = []


        class Job:
            def __init__(self, scale):
                self.scale = scale
                self.history = History()


        def run(job, xs):
            def body(c, x):
                y = c * job.scale + x
                job.history.values.append(y)
                return y, None

            return jax.lax.scan(body, 0.0, xs)[0]


        def main():
            job = Job(0.5)
            run(job, jnp.ones(4))
            return jnp.stack(job.history.values)
        """,
        ["20:9 SCN106"],
    ),
    Case(
        'the same list appended to after the loop with the stacked outputs',
        """
        import jax
        import jax.numpy as jnp


        class History:
            def __init__(self):
                self.values = []


        class Job:
            def __init__(self, scale):
                self.scale = scale
                self.history = History()


        def run(job, xs):
            def body(c, x):
                y = c * job.scale + x
                return y, y

            last, ys = jax.lax.scan(body, 0.0, xs)
            job.history.values.append(ys)
            return last


        def main():
            job = Job(0.5)
            run(job, jnp.ones(4))
            return jnp.stack(job.history.values)
        """,
        [],
    ),
    Case(
        "event bus handing **payload to a handler method looked up by getattr(handler, 'handle_' + name, None) that appends the loss",
        """
        import jax
        import jax.numpy as jnp


        class LossHistory:
            def __init__(self):
                self.history = []
                self.epochs = []

            def handle_batch(self, loss, epoch, **_):
                self.history.append(loss)

            def handle_tick(self, epoch, **_):
                self.epochs.append(epoch)

            def summary(self):
                return jnp.stack(self.history).mean(), len(self.epochs)


        class EventBus:
            def __init__(self, handlers):
                self.handlers = handlers

            def emit(self, name, **payload):
                for handler in self.handlers:
                    method = getattr(handler, "handle_" + name, None)
                    if method is not None:
                        method(**payload)


        def train(bus, w, xs, epoch):
            def step(w, x):
                loss = jnp.sum((w * x) ** 2)
                bus.emit("batch", loss=loss, epoch=epoch)
                return w - 0.1 * x, loss

            return jax.lax.scan(step, w, xs)


        def main():
            history = LossHistory()
            bus = EventBus([history])
            train(bus, jnp.ones(3), jnp.ones((4, 3)), epoch=0)
            return history.summary()
        """,
        ["35:9 SCN106"],
    ),
    Case(
        'event bus whose event in the body selects a handler method storing only a value made outside the loop',
        """
        import jax
        import jax.numpy as jnp


        class LossHistory:
            def __init__(self):
                self.history = []
                self.epochs = []

            def handle_batch(self, loss, epoch, **_):
                self.history.append(loss)

            def handle_tick(self, epoch, **_):
                self.epochs.append(epoch)

            def summary(self):
                return len(self.history), len(self.epochs)


        class EventBus:
            def __init__(self, handlers):
                self.handlers = handlers

            def emit(self, name, **payload):
                for handler in self.handlers:
                    method = getattr(handler, "handle_" + name, None)
                    if method is not None:
                        method(**payload)


        def train(bus, w, xs, epoch):
            def step(w, x):
                loss = jnp.sum((w * x) ** 2)
                bus.emit("tick", loss=loss, epoch=epoch)
                return w - 0.1 * x, loss

            return jax.lax.scan(step, w, xs)


        def main():
            history = LossHistory()
            bus = EventBus([history])
            train(bus, jnp.ones(3), jnp.ones((4, 3)), epoch=0)
            return history.summary()
        """,
        [],
    ),
    Case(
        'event bus handler storing the keyword that carries no loop value',
        """
        import jax
        import jax.numpy as jnp


        class LossHistory:
            def __init__(self):
                self.history = []
                self.epochs = []

            def handle_batch(self, loss, epoch, **_):
                self.epochs.append(epoch)

            def handle_tick(self, epoch, **_):
                self.epochs.append(epoch)

            def summary(self):
                return len(self.history), self.epochs


        class EventBus:
            def __init__(self, handlers):
                self.handlers = handlers

            def emit(self, name, **payload):
                for handler in self.handlers:
                    method = getattr(handler, "handle_" + name, None)
                    if method is not None:
                        method(**payload)


        def train(bus, w, xs, epoch):
            def step(w, x):
                loss = jnp.sum((w * x) ** 2)
                bus.emit("batch", loss=loss, epoch=epoch)
                return w - 0.1 * x, loss

            return jax.lax.scan(step, w, xs)


        def main():
            history = LossHistory()
            bus = EventBus([history])
            train(bus, jnp.ones(3), jnp.ones((4, 3)), epoch=0)
            return history.summary()
        """,
        [],
    ),
    Case(
        'lazy cache of an outside object that builds an NNX module on first fetch, first fetched in the body and used after the loop',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Head(nnx.Module):
            def __init__(self, seed):
                self.lin = nnx.Linear(3, 1, rngs=nnx.Rngs(seed))

            def __call__(self, x):
                return self.lin(x)[..., 0]


        class HeadCache:
            def __init__(self):
                self._heads = {}

            def fetch(self, name):
                if name not in self._heads:
                    self._heads[name] = Head(len(name))
                return self._heads[name]


        def score(cache, xs):
            def step(total, x):
                return total + cache.fetch("ranker")(x).sum(), None

            return jax.lax.scan(step, 0.0, xs)[0]


        def main():
            cache = HeadCache()
            xs = jnp.ones((3, 2, 3))
            total = score(cache, xs)
            return total + cache.fetch("ranker")(xs[0]).sum()
        """,
        ["27:24 SCN106"],
    ),
    Case(
        'the same lazy cache warmed by a fetch before the loop',
        """
        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Head(nnx.Module):
            def __init__(self, seed):
                self.lin = nnx.Linear(3, 1, rngs=nnx.Rngs(seed))

            def __call__(self, x):
                return self.lin(x)[..., 0]


        class HeadCache:
            def __init__(self):
                self._heads = {}

            def fetch(self, name):
                if name not in self._heads:
                    self._heads[name] = Head(len(name))
                return self._heads[name]


        def score(cache, xs):
            cache.fetch("ranker")

            def step(total, x):
                return total + cache.fetch("ranker")(x).sum(), None

            return jax.lax.scan(step, 0.0, xs)[0]


        def main():
            cache = HeadCache()
            xs = jnp.ones((3, 2, 3))
            total = score(cache, xs)
            return total + cache.fetch("ranker")(xs[0]).sum()
        """,
        [],
    ),
    Case(
        'hooks kept in a defaultdict(list) by event, fired with *args handed on, the hook appending the output',
        """
        import collections

        import jax
        import jax.numpy as jnp


        class Probe:
            def __init__(self):
                self.names = []
                self.outputs = []

            def __call__(self, name, output):
                self.outputs.append(output)

            def report(self):
                return jnp.stack(self.outputs).mean()


        class Runner:
            def __init__(self):
                self.hooks = collections.defaultdict(list)

            def on(self, event, fn):
                self.hooks[event].append(fn)

            def _emit(self, event, *args):
                for fn in self.hooks[event]:
                    fn(*args)

            def run(self, w, xs):
                def step(total, x):
                    out = jnp.tanh(w * x)
                    self._emit("forward", "tanh", out)
                    return total + out.sum(), None

                return jax.lax.scan(step, 0.0, xs)[0]


        def main():
            runner = Runner()
            probe = Probe()
            runner.on("forward", probe)
            total = runner.run(jnp.ones(3), jnp.ones((4, 3)))
            return total, probe.report()
        """,
        ["29:13 SCN106"],
    ),
    Case(
        "the same hooks keeping only the event's name",
        """
        import collections

        import jax
        import jax.numpy as jnp


        class Probe:
            def __init__(self):
                self.names = []
                self.outputs = []

            def __call__(self, name, output):
                self.names.append(name)

            def report(self):
                return len(self.names)


        class Runner:
            def __init__(self):
                self.hooks = collections.defaultdict(list)

            def on(self, event, fn):
                self.hooks[event].append(fn)

            def _emit(self, event, *args):
                for fn in self.hooks[event]:
                    fn(*args)

            def run(self, w, xs):
                def step(total, x):
                    out = jnp.tanh(w * x)
                    self._emit("forward", "tanh", out)
                    return total + out.sum(), None

                return jax.lax.scan(step, 0.0, xs)[0]


        def main():
            runner = Runner()
            probe = Probe()
            runner.on("forward", probe)
            total = runner.run(jnp.ones(3), jnp.ones((4, 3)))
            return total, probe.report()
        """,
        [],
    ),
    Case(
        "a step factory's product cached on first use from outside values only (self.model, a name given from outside the loop): no loop value is stored",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Starter(nn.Module):
            @nn.compact
            def __call__(self, feed, rise=None):
                kept = self.variable("state", "rise", jnp.zeros, (2,))
                current = kept.value if rise is None else rise
                new_rise = 0.8 * current + nn.Dense(2)(feed)
                if rise is None:
                    kept.value = new_rise
                return new_rise.sum(), new_rise


        def make_feeder(model, variables):
            bound = model.bind(variables)

            def feed_once(feed, rise):
                return bound(feed, rise)

            return feed_once


        class Bakery:
            def __init__(self, model, variables):
                self.model = model
                self.variables = variables
                self._feeders = {}

            def feeder(self, name):
                if name not in self._feeders:
                    self._feeders[name] = make_feeder(self.model, self.variables)
                return self._feeders[name]

            def proof(self, name, feeds):
                def hour(i, carry):
                    total, rise = carry
                    score, rise = self.feeder(name)(feeds[i], rise)
                    return total + score, rise

                rise0 = self.variables["state"]["rise"]
                return jax.lax.fori_loop(0, feeds.shape[0], hour, (0.0, rise0))[0]


        def main():
            model = Starter()
            feeds = jnp.ones((4, 3))
            variables = model.init(jax.random.key(0), feeds[0])
            return Bakery(model, variables).proof("rye", feeds)
        """,
        [],
    ),
    Case(
        'a vault method merging with copy=True a split it keeps by name, caching the module, called in the body',
        """
        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx


        class Gauge(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(2, 3, rngs=rngs)
                self.norm = nnx.BatchNorm(3, rngs=rngs)

            def __call__(self, x):
                return self.norm(self.lin(x)).mean()


        class Vault:
            def __init__(self):
                self._frozen = {}
                self._live = {}

            def freeze(self, name, module):
                self._frozen[name] = nnx.split(module)

            def thaw(self, name):
                if name not in self._live:
                    graphdef, state = self._frozen[name]
                    self._live[name] = nnx.merge(graphdef, state, copy=True)
                return self._live[name]


        def monitor(vault, xs):
            def body(total, x):
                return total + vault.thaw("east")(x), None

            return jax.lax.scan(body, jnp.zeros(()), xs)[0]


        def main():
            vault = Vault()
            vault.freeze("east", Gauge(nnx.Rngs(0)))
            total = monitor(vault, jnp.ones((4, 5, 2)))
            vault.thaw("east")(jnp.ones((5, 2)))
            return total
        """,
        ["33:24 SCN106"],
    ),
    Case(
        "the same vault's module split before the loop and carried",
        """
        import jax
        import jax.numpy as jnp
        import flax.nnx as nnx


        class Gauge(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(2, 3, rngs=rngs)
                self.norm = nnx.BatchNorm(3, rngs=rngs)

            def __call__(self, x):
                return self.norm(self.lin(x)).mean()


        class Vault:
            def __init__(self):
                self._frozen = {}
                self._live = {}

            def freeze(self, name, module):
                self._frozen[name] = nnx.split(module)

            def thaw(self, name):
                if name not in self._live:
                    graphdef, state = self._frozen[name]
                    self._live[name] = nnx.merge(graphdef, state, copy=True)
                return self._live[name]


        def monitor(vault, xs):
            gauge = vault.thaw("east")
            graphdef, state = nnx.split(gauge)

            def body(carry, x):
                total, state = carry
                model = nnx.merge(graphdef, state)
                total = total + model(x)
                return (total, nnx.state(model)), None

            (total, state), _ = jax.lax.scan(body, (jnp.zeros(()), state), xs)
            nnx.update(gauge, state)
            return total


        def main():
            vault = Vault()
            vault.freeze("east", Gauge(nnx.Rngs(0)))
            total = monitor(vault, jnp.ones((4, 5, 2)))
            vault.thaw("east")(jnp.ones((5, 2)))
            return total
        """,
        [],
    ),
    Case(
        'a method of an outside plain object stores a loop value on an object it holds (self.snapshot.latest = ...), read after the loop',
        """
        import dataclasses

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Encoder(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)

            def __call__(self, x):
                return jnp.tanh(self.lin(x))


        @dataclasses.dataclass
        class Snapshot:
            latest: object = None


        class Recorder:
            def __init__(self):
                self.snapshot = Snapshot()

            def record(self, h):
                self.snapshot.latest = h * 2.0


        def encode_all(model, frames, recorder):
            graphdef, state = nnx.split(model)

            def body(state, frame):
                m = nnx.merge(graphdef, state)
                h = m(frame)
                recorder.record(h)
                return nnx.state(m), h

            return jax.lax.scan(body, state, frames)[1]


        def main():
            recorder = Recorder()
            encode_all(Encoder(nnx.Rngs(0)), jnp.ones((3, 2, 3)), recorder)
            print(recorder.snapshot.latest + 1.0)
            return None
        """,
        ["36:9 SCN106"],
    ),
    Case(
        'the same recorder given the stacked outputs after the loop',
        """
        import dataclasses

        import jax
        import jax.numpy as jnp
        from flax import nnx


        class Encoder(nnx.Module):
            def __init__(self, rngs):
                self.lin = nnx.Linear(3, 3, rngs=rngs)

            def __call__(self, x):
                return jnp.tanh(self.lin(x))


        @dataclasses.dataclass
        class Snapshot:
            latest: object = None


        class Recorder:
            def __init__(self):
                self.snapshot = Snapshot()

            def record(self, h):
                self.snapshot.latest = h * 2.0


        def encode_all(model, frames, recorder):
            graphdef, state = nnx.split(model)

            def body(state, frame):
                m = nnx.merge(graphdef, state)
                h = m(frame)
                return nnx.state(m), h

            hs = jax.lax.scan(body, state, frames)[1]
            recorder.record(hs[-1])
            return hs


        def main():
            recorder = Recorder()
            encode_all(Encoder(nnx.Rngs(0)), jnp.ones((3, 2, 3)), recorder)
            print(recorder.snapshot.latest + 1.0)
            return None
        """,
        [],
    ),
]

EVERY_RULE = LINEN_MODULE + LINEN_VARIABLE + RNG + RNG_FLAGS + SUBMODULE + NNX + ESCAPES


@pytest.mark.parametrize("case", EVERY_RULE, ids=[c.id for c in EVERY_RULE])
def test_positions(case: Case) -> None:
    assert positions(case.source, "SCN1") == sorted(case.expected)


def test_plain_jax_scan_is_clean() -> None:
    source = """
    import jax
    import jax.numpy as jnp

    def cumulative(xs, w):
        def step(carry, x):
            carry = jnp.tanh(carry @ w + x)
            return carry, carry
        return jax.lax.scan(step, jnp.zeros(xs.shape[-1]), xs)
    """
    assert positions(source, "SCN1") == []


@pytest.mark.parametrize(
    "fixture, code",
    [
        ("broken_linen_dense_in_scan.py", "SCN101"),
        ("broken_linen_param_in_scan.py", "SCN102"),
        ("broken_linen_make_rng_in_scan.py", "SCN103"),
        ("broken_linen_submodule_in_scan.py", "SCN104"),
        ("broken_nnx_mutation_in_scan.py", "SCN105"),
    ],
)
def test_broken_fixture_is_flagged_on_its_marked_line(
    fixtures_dir, fixture: str, code: str
) -> None:
    source = (fixtures_dir / fixture).read_text(encoding="utf-8")
    marked = [i for i, line in enumerate(source.splitlines(), 1) if f"# expect: {code}" in line]
    found = [f.line for f in lint(source) if f.code.startswith("SCN1")]
    assert found == marked


@pytest.mark.parametrize("fixture", ["seed_flax.py", "linen_submodule_called_first.py"])
def test_clean_fixture_is_clean(fixtures_dir, fixture: str) -> None:
    source = (fixtures_dir / fixture).read_text(encoding="utf-8")
    assert [f for f in lint(source) if f.code.startswith("SCN1")] == []


def test_messages_say_what_fails_when_and_the_fix() -> None:
    expected = {
        "SCN101": ("`init` succeeds", "UnexpectedTracerError", "nn.scan"),
        "SCN102": ("`init` succeeds", "UnexpectedTracerError", "close over the array"),
        "SCN103": ("same random values", "no error", "xs"),
        "SCN104": ("`init`", "UnexpectedTracerError", "nn.scan"),
        "SCN105": ("TraceContextError", "traces its body", "nnx.scan"),
    }
    for case in (LINEN_MODULE[0], LINEN_VARIABLE[0], RNG[0], SUBMODULE[0], NNX[0]):
        (finding,) = [f for f in lint(case.source) if f.code.startswith("SCN1")]
        for phrase in expected[finding.code]:
            assert phrase in finding.message, (finding.code, phrase)


# ---------------------------------------------------------------------------------------------
# SCN102's fix: hoist the parameter to just before the scan


def apply_fix(source: str, finding: Finding) -> str:
    """Apply a finding's edits to the (dedented) source, last edit first."""
    assert finding.fix is not None
    lines = textwrap.dedent(source).splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    text = "".join(lines)
    for edit in sorted(finding.fix.edits, reverse=True):
        start = starts[edit.line - 1] + edit.column
        end = starts[edit.end_line - 1] + edit.end_column
        text = text[:start] + edit.text + text[end:]
    return text


def only(source: str, code: str) -> Finding:
    (finding,) = [f for f in lint(source) if f.code == code]
    return finding


PARAM_IN_BODY = """
import flax.linen as nn
import jax
import jax.numpy as jnp


class ParamRNN(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, xs):
        hidden = self.hidden

        def step(carry, x):
            w = self.param("w", nn.initializers.lecun_normal(), (hidden, hidden))
            h = jnp.tanh(carry @ w + x)
            return h, h

        init = jnp.zeros((hidden,))
        final, hs = jax.lax.scan(step, init, xs)
        return final, hs
"""

PARAM_HOISTED = """
import flax.linen as nn
import jax
import jax.numpy as jnp


class ParamRNN(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, xs):
        hidden = self.hidden

        def step(carry, x):
{REMOVED}
            h = jnp.tanh(carry @ w + x)
            return h, h

        init = jnp.zeros((hidden,))
        w = self.param("w", nn.initializers.lecun_normal(), (hidden, hidden))
        final, hs = jax.lax.scan(step, init, xs)
        return final, hs
"""


def test_param_fix_hoists_the_parameter_before_the_scan() -> None:
    finding = only(PARAM_IN_BODY, "SCN102")
    assert finding.fix is not None and finding.fix.safe
    fixed = apply_fix(PARAM_IN_BODY, finding)
    # The statement is removed from the body; the applier may drop the whitespace it leaves.
    assert fixed == textwrap.dedent(PARAM_HOISTED).replace("{REMOVED}", " " * 12)
    cst.parse_module(fixed)
    assert [f for f in lint(fixed) if f.code.startswith("SCN")] == []


def test_variable_fix_in_a_scan_nested_in_an_if_block() -> None:
    source = """
    import flax.linen as nn
    import jax.numpy as jnp
    from jax import lax

    class Decay(nn.Module):
        @nn.compact
        def __call__(self, xs, decay=True):
            def step(c, x):
                rate = self.variable("consts", "rate", jnp.ones, ())
                return c * rate.value + x, None
            if decay:
                return lax.scan(step, xs[0], xs)[0]
            return xs[-1]
    """
    fixed = apply_fix(source, only(source, "SCN102"))
    assert (
        '        if decay:\n            rate = self.variable("consts", "rate", jnp.ones, ())\n'
        in fixed
    )
    assert "            return lax.scan(step, xs[0], xs)[0]\n" in fixed
    cst.parse_module(fixed)
    assert [f for f in lint(fixed) if f.code.startswith("SCN1")] == []


NOT_HOISTABLE = [
    Case(
        "the shape depends on the step",
        """
        import flax.linen as nn
        from jax import lax

        class M(nn.Module):
            @nn.compact
            def __call__(self, xs):
                def step(c, x):
                    w = self.param("w", nn.initializers.ones, (x.shape[-1],))
                    return c + w * x, None
                return lax.scan(step, xs[0], xs)
        """,
    ),
    Case(
        "created under a condition in the body",
        """
        import flax.linen as nn
        from jax import lax

        class M(nn.Module):
            use_bias: bool

            @nn.compact
            def __call__(self, xs):
                def step(c, x):
                    if self.use_bias:
                        b = self.param("b", nn.initializers.zeros, (4,))
                        c = c + b
                    return c + x, None
                return lax.scan(step, xs[0], xs)
        """,
    ),
    Case(
        "the name is rebound in the body",
        """
        import flax.linen as nn
        from jax import lax

        class M(nn.Module):
            @nn.compact
            def __call__(self, xs):
                def step(c, x):
                    w = self.param("w", nn.initializers.ones, (4,))
                    w = w * 2
                    return c + w * x, None
                return lax.scan(step, xs[0], xs)
        """,
    ),
    Case(
        "the name is already used by the scan's method",
        """
        import flax.linen as nn
        from jax import lax

        class M(nn.Module):
            @nn.compact
            def __call__(self, xs):
                def step(c, x):
                    w = self.param("w", nn.initializers.ones, (4,))
                    return c + w * x, None
                w = xs.sum()
                return lax.scan(step, xs[0] * w, xs)
        """,
    ),
    Case(
        "the body is a method, which cannot close over the method's locals",
        """
        import flax.linen as nn
        from jax import lax

        class M(nn.Module):
            def step(self, c, x):
                w = self.param("w", nn.initializers.ones, (4,))
                return c + w * x, None

            @nn.compact
            def __call__(self, xs):
                return lax.scan(self.step, xs[0], xs)
        """,
    ),
    Case(
        "the body is run by two scans",
        """
        import flax.linen as nn
        from jax import lax

        class M(nn.Module):
            @nn.compact
            def __call__(self, xs):
                def step(c, x):
                    w = self.param("w", nn.initializers.ones, (4,))
                    return c + w * x, None
                a, _ = lax.scan(step, xs[0], xs)
                b, _ = lax.scan(step, xs[-1], xs)
                return a + b
        """,
    ),
]


@pytest.mark.parametrize("case", NOT_HOISTABLE, ids=[c.id for c in NOT_HOISTABLE])
def test_no_fix_when_hoisting_would_change_the_program(case: Case) -> None:
    findings = [f for f in lint(case.source) if f.code == "SCN102"]
    assert findings and all(f.fix is None for f in findings)


def test_put_variable_and_sow_get_no_fix() -> None:
    findings = [f for f in lint(LINEN_VARIABLE[1].source) if f.code == "SCN102"]
    by_line = {f.line: f.fix is not None for f in findings}
    assert by_line == {10: True, 12: False, 13: False}


def test_static_rules_do_not_import_jax_or_flax() -> None:
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from scanlint.engine import lint_source\n"
        "from scanlint.registry import RULES\n"
        "codes = frozenset(r.code for r in RULES if r.code.startswith('SCN1'))\n"
        f"lint_source('m.py', {textwrap.dedent(NNX[4].source)!r}.encode(), codes)\n"
        "loaded = {name.split('.')[0] for name in sys.modules}\n"
        "assert not {'jax', 'flax'} & loaded, {'jax', 'flax'} & loaded\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True)


def test_container_leak_message_names_the_call_once_and_the_failure_it_causes() -> None:
    (case,) = [c for c in NNX if c.id.startswith("NNX: an outside model whose submodule appends to a Python list")]
    (finding,) = [f for f in lint(case.source) if f.code == "SCN105"]
    assert "``" not in finding.message, finding.message
    assert "`self.records.append`, a Python container the object keeps" in finding.message
    assert "UnexpectedTracerError" in finding.message and "TraceContextError" not in finding.message


def test_container_leak_message_in_a_fori_loop_speaks_of_the_loop_value() -> None:
    (case,) = [c for c in NNX if c.id.startswith("NNX: a helper method the loop body runs is handed a search tree")]
    (finding,) = [f for f in lint(case.source) if f.code == "SCN106"]
    assert "`ys`" not in finding.message and "scan" not in finding.message
    assert "in the loop's carry" in finding.message


def test_messages_name_the_init_path_to_the_scan() -> None:
    source = """
import flax.linen as nn
import jax
import jax.numpy as jnp

class Encoder(nn.Module):
    @nn.compact
    def __call__(self, xs):
        return self.encode(xs)

    def encode(self, xs):
        def step(h, x):
            w = self.param("w", nn.initializers.zeros, (4, 4))
            return jnp.tanh(h @ w + nn.Dense(4)(x)), h
        return jax.lax.scan(step, jnp.zeros(4), xs)
"""
    messages = {f.code: f.message for f in lint(source) if f.code.startswith("SCN1")}
    assert set(messages) == {"SCN101", "SCN102"}
    for text in messages.values():
        assert "(`init` runs `__call__` -> `encode` -> this scan)" in text
        assert "seed" not in text and "nn.scan" in text
