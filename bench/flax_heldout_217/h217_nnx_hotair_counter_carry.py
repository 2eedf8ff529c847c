# label: ok
# flax-error: none
# class: 2 the local `model` of climb_to is split before the loop; its state, BurnCount included, is the while_loop carry that the body merges and returns with nnx.state
"""Hot-air balloon altitude control: fire the burner until the envelope reaches flight level.

The controller logs burner firings in a BurnCount variable (propane budgeting reads it);
the climb runs in a while_loop because the number of burns depends on the climb rate.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class BurnCount(nnx.Variable):
    pass


class BurnerController(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.policy = nnx.Linear(3, 1, rngs=rngs)
        self.burns = BurnCount(jnp.zeros((), jnp.int32))

    def __call__(self, altitude, envelope_temp, target):
        x = jnp.stack([altitude / 1000.0, envelope_temp / 100.0, (target - altitude) / 1000.0])
        burn_s = 2.0 + 3.0 * jax.nn.sigmoid(self.policy(x)[0])
        self.burns[...] = self.burns[...] + 1
        return burn_s


def climb_to(model, target_m, max_burns=200):
    graphdef, state = nnx.split(model)

    def climbing(carry):
        altitude, _, burns, _ = carry
        return (altitude < target_m) & (burns < max_burns)

    def burn(carry):
        altitude, temp, burns, state = carry
        controller = nnx.merge(graphdef, state)
        burn_s = controller(altitude, temp, target_m)
        temp = temp + 1.8 * burn_s - 0.02 * (temp - 15.0)
        altitude = altitude + jnp.maximum(temp - 90.0, 0.0) * 0.9
        return altitude, temp, burns + 1, nnx.state(controller)

    init = (jnp.zeros(()), jnp.array(85.0), jnp.zeros((), jnp.int32), state)
    altitude, temp, burns, state = while_loop(climbing, burn, init)
    nnx.update(model, state)
    return altitude, temp, burns


def main():
    model = BurnerController(rngs=nnx.Rngs(0))
    altitude, temp, burns = climb_to(model, target_m=300.0)
    propane = model.burns[...] * 0.4
    jax.block_until_ready((altitude, temp, burns, propane))
    return None
