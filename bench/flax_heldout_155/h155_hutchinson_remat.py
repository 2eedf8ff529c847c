# label: same-values
# flax-error: none
# class: 5 the while_loop body calls an nn.remat-wrapped probe submodule that calls self.make_rng('probe') inside the body
"""Hutchinson trace estimator for a learned linear flow layer, one probe per iteration.

Modelled on continuous-normalizing-flow code in reports: the probe block is wrapped with
nn.remat to save memory, and the estimator repeats it in a raw while_loop expecting a fresh
Rademacher probe from make_rng on each iteration.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Probe(nn.Module):
    dim: int

    @nn.compact
    def __call__(self, scale):
        w = self.param("w", nn.initializers.normal(1.0), (self.dim, self.dim))
        v = jax.random.rademacher(self.make_rng("probe"), (self.dim,)).astype(jnp.float32)
        return scale * (v @ w @ v)


class TraceEstimator(nn.Module):
    dim: int = 6

    def setup(self):
        self.probe = nn.remat(Probe)(self.dim)

    def __call__(self, scale):
        return self.probe(scale)

    def estimate(self, n: int):
        def cond(state):
            i, _ = state
            return i < n

        def body(state):
            i, buf = state
            return i + 1, buf.at[i].set(self.probe(1.0))

        _, buf = jax.lax.while_loop(cond, body, (0, jnp.zeros(n)))
        return buf


def main():
    model = TraceEstimator()
    keys = {"params": jax.random.key(0), "probe": jax.random.key(1)}
    variables = model.init(keys, 1.0)
    est = model.apply(variables, 8, method=TraceEstimator.estimate,
                      rngs={"probe": jax.random.key(2)})
    print(est.mean(), jnp.trace(variables["params"]["probe"]["w"]))
    return est
