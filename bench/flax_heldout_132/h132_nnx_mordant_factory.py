# label: trace-context
# flax-error: TraceContextError: Cannot mutate DipCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a factory make_dip_step(model) returns the scan body, which calls the model and bumps its DipCount variable
"""Mordanting line: a step factory drives repeated alum dips of a skein through the bath."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class DipCount(nnx.Variable):
    """How many dips the mordant model has processed."""


class MordantUptake(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin = nnx.Linear(3, 3, rngs=rngs)
        self.dips = DipCount(jnp.zeros((), jnp.int32))

    def __call__(self, bath):
        self.dips[...] = self.dips[...] + 1
        return nnx.sigmoid(self.lin(bath))


def make_dip_step(model):
    def step(fibre, bath):
        uptake = model(bath)
        return fibre + 0.1 * uptake, uptake.mean()

    return step


class DyeLine:
    def __init__(self, model, step_factory=make_dip_step):
        self.model = model
        self.step = step_factory(model)

    def run(self, fibre, baths):
        return lax.scan(self.step, fibre, baths)


def main():
    baths = jax.random.uniform(jax.random.key(12), (6, 2, 3))  # dips x skeins x (alum, cream of tartar, temp)
    line = DyeLine(MordantUptake(nnx.Rngs(0)))
    fibre, uptake = line.run(jnp.zeros((2, 3)), baths)
    print(fibre.sum(), uptake.shape, int(line.model.dips[...]))
