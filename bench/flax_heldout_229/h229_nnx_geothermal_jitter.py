# label: same-values
# flax-error: none
# class: 5 functools.partial binds a key drawn from the nnx.Rngs 'jitter' stream into the sampler that the fori_loop body calls
"""Geothermal borehole logging: jittering the depth stamps of a temperature log to
see how a learned gradient estimate moves, one jittered log per iteration."""
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class GradientEstimator(nnx.Module):
    def __init__(self, cells: int, rngs: nnx.Rngs):
        self.fit = nnx.Linear(cells, 1, rngs=rngs)

    def __call__(self, depths, temps):
        return self.fit(temps / (depths + 1.0))[0]


def jittered_gradient(model, depths, temps, *, key, spread):
    shaken = depths + spread * jax.random.uniform(key, depths.shape, minval=-1.0, maxval=1.0)
    return model(shaken, temps)


class JitterStudy:
    def __init__(self, model, rngs, spread=0.5):
        self.sampler = functools.partial(jittered_gradient, model, key=rngs.jitter(), spread=spread)

    def run(self, depths, temps, iters):
        def body(i, out):
            return out.at[i].set(self.sampler(depths, temps))

        return jax.lax.fori_loop(0, iters, body, jnp.zeros(iters))


def main():
    rngs = nnx.Rngs(params=0, jitter=8)
    depths = jnp.linspace(50.0, 400.0, 6)
    temps = jnp.array([14.0, 21.0, 29.0, 36.0, 45.0, 52.0])
    study = JitterStudy(GradientEstimator(6, rngs), rngs)
    return study.run(depths, temps, iters=5)
