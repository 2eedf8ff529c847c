# label: ok
# flax-error: none
# class: 4 GrowthSimulator.model / .variables reach the scan body; the sown 'intermediates' leave the scan as ys and are handed to every callback in GrowthSimulator.callbacks after it
"""Kelp farm growth: simulate weekly frond growth and let callbacks record canopy activations."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class KelpGrowth(nn.Module):
    @nn.compact
    def __call__(self, conditions):
        canopy = nn.relu(nn.Dense(8, name="frond")(conditions))
        self.sow("intermediates", "canopy", canopy)
        return nn.softplus(nn.Dense(1, name="growth")(canopy))


class Callback:
    def on_step(self, step, state):
        pass

    def on_end(self):
        pass


class CanopyLogger(Callback):
    def __init__(self):
        self.records = []
        self.summary = None

    def on_step(self, step, state):
        self.records.append(state["intermediates"]["canopy"][0])

    def on_end(self):
        self.summary = jnp.stack(self.records).mean(axis=0)


class GrowthSimulator:
    def __init__(self, model, variables, callbacks):
        self.model = model
        self.variables = variables
        self.callbacks = list(callbacks)

    def run(self, weekly_conditions):
        def week(biomass, conditions):
            growth, state = self.model.apply(self.variables, conditions, mutable=["intermediates"])
            return biomass * (1.0 + 0.1 * growth), state

        biomass, states = lax.scan(week, jnp.ones((1,)), weekly_conditions)
        for step in range(weekly_conditions.shape[0]):
            state = jax.tree.map(lambda leaf: leaf[step], states)
            for cb in self.callbacks:
                cb.on_step(step, state)
        for cb in self.callbacks:
            cb.on_end()
        return biomass


def main():
    weeks = jnp.stack([jnp.linspace(0.0, 1.0, 5) + 0.1 * w for w in range(6)])
    model = KelpGrowth()
    variables = model.init(jax.random.PRNGKey(0), weeks[0])
    logger = CanopyLogger()
    GrowthSimulator(model, variables, [logger]).run(weeks)
    return None
