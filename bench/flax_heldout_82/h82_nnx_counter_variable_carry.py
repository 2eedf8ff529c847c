# label: ok
# flax-error: none
# class: 3 profiling wrapper module (custom nnx.Variable counters) is split; its state rides in the while_loop carry, is merged in the body and nnx.update()d after
"""Profiling in NNX: a wrapper module counts forward calls and accumulates activation norms in
custom Variable types; a fixed-point solver calls it in a raw lax.while_loop."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class CallCount(nnx.Variable):
    pass


class ActivationStat(nnx.Variable):
    pass


class Profiled(nnx.Module):
    def __init__(self, inner):
        self.inner = inner
        self.calls = CallCount(jnp.array(0, jnp.int32))
        self.act_norm = ActivationStat(jnp.array(0.0))

    def __call__(self, x):
        y = self.inner(x)
        self.calls[...] += 1
        self.act_norm[...] += jnp.linalg.norm(y)
        return y


class FixedPointRunner:
    def __init__(self, layer, tol=1e-4, max_iter=20):
        self.layer = layer
        self.tol, self.max_iter = tol, max_iter

    def solve(self, x0):
        graphdef, state = nnx.split(self.layer)

        def cond(carry):
            i, _, err, _ = carry
            return (i < self.max_iter) & (err > self.tol)

        def body(carry):
            i, z, _, state = carry
            layer = nnx.merge(graphdef, state)
            z_new = jnp.tanh(layer(z)) * 0.5 + 0.5 * x0
            return i + 1, z_new, jnp.max(jnp.abs(z_new - z)), nnx.state(layer)

        _, z, _, state = jax.lax.while_loop(cond, body, (0, x0, jnp.inf, state))
        nnx.update(self.layer, state)
        return z


def main():
    layer = Profiled(nnx.Linear(4, 4, rngs=nnx.Rngs(0)))
    FixedPointRunner(layer).solve(jnp.ones((2, 4)))
    return None
