# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a compact nn.Dense is first called through nn.cond branches inside the lax.scan body
"""Adaptive-depth block that chooses, per step, between a residual and a plain projection.

Modelled on users combining Flax's lifted `nn.cond` with a raw `jax.lax.scan` over steps
(the lifted-vs-raw transform questions of google/flax#2660 and google/flax#2754); the
projection is shared by both branches of the condition.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


def _residual(mdl, h):
    return h + mdl(h)


def _plain(mdl, h):
    return mdl(h)


class GatedDepth(nn.Module):
    width: int = 3

    @nn.compact
    def __call__(self, xs):
        proj = nn.Dense(self.width)

        def body(h, x):
            h = nn.cond(jnp.sum(x) > 0, _residual, _plain, proj, jnp.tanh(h + x))
            return h, None

        h, _ = jax.lax.scan(body, jnp.zeros(self.width), xs)
        return h


def main():
    xs = jax.random.normal(jax.random.key(6), (5, 3))
    model = GatedDepth()
    variables = model.init(jax.random.key(0), xs)
    y = model.apply(variables, xs)
    y.block_until_ready()
    return None
