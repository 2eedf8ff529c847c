# label: ok
# flax-error: none
# class: 3 AgingSimulator.key, drawn once from the nnx.Rngs 'cave' stream in __init__, is folded with the week index in each scan step
"""Cheese cave aging: simulate weekly moisture loss of wheels under cave humidity swings.

The simulator perturbs the cave's set-point climate with random swings each week and
asks the moisture-loss model for each wheel's weekly loss.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class MoistureLoss(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.net = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, climate):
        # climate: [wheels, 3] (temperature C, relative humidity, air changes / h)
        return 0.02 * nnx.sigmoid(self.net(climate))[..., 0]  # fraction lost this week


class AgingSimulator:
    def __init__(self, model: MoistureLoss, rngs: nnx.Rngs, swing=jnp.array([0.8, 0.04, 0.3])):
        self.model = model
        self.key = rngs.cave()
        self.swing = swing

    def age(self, setpoint, wheels, weeks):
        def week(mass, index):
            key = jax.random.fold_in(self.key, index)
            swing = self.swing * jax.random.normal(key, (wheels, 3))
            loss = self.model(setpoint + swing)
            return mass * (1.0 - loss), loss

        _, weekly_loss = scan(week, jnp.full((wheels,), 12.0), jnp.arange(weeks))
        return weekly_loss


def main():
    rngs = nnx.Rngs(params=0, cave=3)
    sim = AgingSimulator(MoistureLoss(rngs=rngs), rngs)
    setpoint = jnp.array([12.0, 0.92, 4.0])
    return sim.age(setpoint, wheels=5, weeks=10)
