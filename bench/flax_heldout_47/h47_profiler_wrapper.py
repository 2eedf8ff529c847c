# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a profiling decorator around the checkpointed scan body records the traced activations on the Profiler object, which reports them after the loop
"""Activation profiler wrapped around a rematerialized recurrent step."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class Cell(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, h, x):
        return jnp.tanh(nn.Dense(self.hidden)(h) + nn.Dense(self.hidden, use_bias=False)(x))


class Profiler:
    def __init__(self):
        self.last_activation = None
        self.calls = 0

    def wrap(self, fn):
        @functools.wraps(fn)
        def wrapped(*args):
            out = fn(*args)
            self.calls += 1
            self.last_activation = out[0]
            return out
        return wrapped

    def report(self):
        return {"calls": self.calls, "act_norm": jnp.linalg.norm(self.last_activation)}


def make_rollout(model, params, profiler):
    def step(h, x):
        h = model.apply({"params": params}, h, x)
        return h, None

    body = profiler.wrap(jax.checkpoint(step))

    def rollout(h0, xs):
        return jax.lax.scan(body, h0, xs)[0]

    return rollout


def main():
    model = Cell()
    h0 = jnp.zeros((2, 8))
    xs = jax.random.normal(jax.random.key(0), (7, 2, 4))
    params = model.init(jax.random.key(1), h0, xs[0])["params"]
    prof = Profiler()
    rollout = make_rollout(model, params, prof)
    rollout(h0, xs).block_until_ready()
    prof.report()
    return None
