# label: ok
# flax-error: none
# class: 2 model is a local of run_season; its nnx.split state goes through the fori_loop state, is merged in the body and written back with nnx.update
"""Glacier mass balance: a melt model turns daily forcing (temperature, radiation, albedo,
wind) into ice loss; the model counts the melt days it has simulated."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class MeltDays(nnx.Variable):
    """Days simulated; not a parameter, never differentiated."""


class MeltModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.surface = nnx.Linear(4, 8, rngs=rngs)
        self.loss = nnx.Linear(8, 1, rngs=rngs)
        self.days = MeltDays(jnp.zeros((), jnp.int32))

    def __call__(self, forcing):
        self.days[...] += 1
        return nnx.softplus(self.loss(nnx.tanh(self.surface(forcing))))[0]


def run_season(forcing, thickness=120.0, seed=0):
    model = MeltModel(nnx.Rngs(seed))
    graphdef, state = nnx.split(model)

    def body(day, carry):
        ice, state = carry
        m = nnx.merge(graphdef, state)
        ice = ice - m(forcing[day])
        return ice, nnx.state(m)

    ice, state = jax.lax.fori_loop(0, forcing.shape[0], body, (jnp.asarray(thickness), state))
    nnx.update(model, state)
    return ice, model.days[...]


def main():
    forcing = jax.random.normal(jax.random.key(5), (30, 4))
    run_season(forcing)
    return None
