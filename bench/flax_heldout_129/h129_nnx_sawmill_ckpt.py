# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_blade_step() returns a jax.checkpoint step that merges the blade model's state, nudges its wear bias and parks nnx.state(blade) in the mill's store from inside the while_loop body
"""Blade-wear tracking for a sawmill's band saw.

A factory builds a rematerialised step that scores a log and adapts the blade's wear bias; the
mill keeps cutting logs until the accumulated wear reaches the resharpening limit.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class WearBias(nnx.Variable):
    pass


class BladeWearNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.grain = nnx.Linear(6, 8, rngs=rngs)
        self.wear = nnx.Linear(8, 1, rngs=rngs)
        self.bias = WearBias(jnp.zeros(()))

    def __call__(self, log):
        return nnx.softplus(self.wear(nnx.relu(self.grain(log))))[..., 0].mean() + self.bias[...]


def make_blade_step(graphdef, store: dict):
    @jax.checkpoint
    def blade_step(state, log):
        blade = nnx.merge(graphdef, state)
        wear = blade(log)
        blade.bias[...] = 0.9 * blade.bias[...] + 0.1 * wear
        store["state"] = nnx.state(blade)
        return wear

    return blade_step


class Sawmill:
    def __init__(self, blade: BladeWearNet, limit: float):
        self.blade = blade
        self.limit = limit
        self.store: dict = {}
        graphdef, self.state = nnx.split(blade)
        self.step = make_blade_step(graphdef, self.store)

    def cut_until_dull(self, log):
        def cond(carry):
            wear, n = carry
            return (wear < self.limit) & (n < 50)

        def body(carry):
            wear, n = carry
            return wear + self.step(self.state, log * (1.0 + 0.02 * n)), n + 1

        wear, n = jax.lax.while_loop(cond, body, (jnp.zeros(()), 0))
        nnx.update(self.blade, self.store["state"])
        return wear, n


def main():
    mill = Sawmill(BladeWearNet(nnx.Rngs(12)), limit=5.0)
    log = jax.random.normal(jax.random.key(4), (3, 6))
    mill.cut_until_dull(log)
    mill.blade(log)
    return None
