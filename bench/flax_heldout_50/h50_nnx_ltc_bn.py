# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a module-level unroll() receives the NNX liquid network and calls it in a fori_loop body; its BatchNorm is in training mode
"""Closed-form continuous-time (CfC) liquid network unrolled with lax.fori_loop over a sequence."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class CfCCell(nnx.Module):
    def __init__(self, din, units, rngs: nnx.Rngs):
        self.backbone = nnx.Linear(din + units, 64, rngs=rngs)
        self.norm = nnx.BatchNorm(64, rngs=rngs)
        self.ff1 = nnx.Linear(64, units, rngs=rngs)
        self.ff2 = nnx.Linear(64, units, rngs=rngs)
        self.time_a = nnx.Linear(64, units, rngs=rngs)
        self.time_b = nnx.Linear(64, units, rngs=rngs)

    def __call__(self, h, x, dt):
        z = nnx.tanh(self.norm(self.backbone(jnp.concatenate([x, h], -1))))
        gate = nnx.sigmoid(-self.time_a(z) * dt + self.time_b(z))
        return nnx.tanh(self.ff1(z)) * (1 - gate) + gate * nnx.tanh(self.ff2(z))


def unroll(cell, xs, dts, units):
    def body(t, h):
        return cell(h, xs[t], dts[t])

    h0 = jnp.zeros((xs.shape[1], units))
    return lax.fori_loop(0, xs.shape[0], body, h0)


def main():
    cell = CfCCell(3, 16, nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (12, 8, 3))
    dts = jnp.full((12,), 0.1)
    unroll(cell, xs, dts, 16)
    return None
