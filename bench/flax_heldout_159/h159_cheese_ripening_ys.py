# label: ok
# flax-error: none
# class: 1 the ripening model's __call__ runs the scan over cellar readings, returns each step's ripeness as the scan output and sows it after the loop
"""Cheese cave monitoring: a recurrent ripeness model over cellar climate readings."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class RipeningModel(nn.Module):
    hidden: int = 8

    def setup(self):
        self.cell = nn.Dense(self.hidden)
        self.readout = nn.Dense(1)

    def _advance(self, state, reading):
        return jnp.tanh(self.cell(jnp.concatenate([reading, state], axis=-1)))

    def __call__(self, climate):
        state = jnp.zeros((climate.shape[1], self.hidden))
        state = self._advance(state, climate[0])
        first = self.readout(state)

        def age(state, reading):
            state = self._advance(state, reading)
            return state, self.readout(state)

        state, ripeness = scan(age, state, climate[1:])
        self.sow("intermediates", "ripeness", ripeness)
        return first, self.readout(state)


class CellarReport:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def ripeness_curve(self, climate):
        (_, final), state = self.model.apply(self.variables, climate, mutable=["intermediates"])
        curve = jnp.stack(state["intermediates"]["ripeness"], axis=0)
        return final, curve.mean(axis=(0, 2, 3))


def main():
    model = RipeningModel()
    climate = jax.random.normal(jax.random.key(5), (10, 3, 2))
    variables = model.init(jax.random.key(0), climate)
    final, curve = CellarReport(model, variables).ripeness_curve(climate)
    jax.block_until_ready((final, curve))
    return None
