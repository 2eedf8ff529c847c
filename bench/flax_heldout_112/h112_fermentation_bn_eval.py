# label: ok
# flax-error: none
# class: 3 the monitor's self.model and self.variables are applied with train=False inside the while_loop that steps the batch forward day by day
"""Brewery fermentation monitor: how many days until a tank reaches terminal gravity.

The daily gravity-drop model was trained with BatchNorm; the monitor rolls it forward in a
while_loop until the specific gravity falls below the target or a month has passed."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax

TARGET_GRAVITY = 1.010
MAX_DAYS = 30


class GravityDropNet(nn.Module):
    @nn.compact
    def __call__(self, feats, train: bool = True):
        h = nn.Dense(12)(feats)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return 0.002 + 0.004 * nn.sigmoid(nn.Dense(1)(nn.relu(h))).squeeze(-1)


class FermentationMonitor:
    def __init__(self, model, variables, temperature_c, yeast_pitch):
        self.model = model
        self.variables = variables
        self.temperature_c = temperature_c
        self.yeast_pitch = yeast_pitch

    def _features(self, gravity, day):
        day = jnp.broadcast_to(day.astype(jnp.float32), gravity.shape)
        return jnp.stack([gravity, self.temperature_c / 20.0, self.yeast_pitch, day / MAX_DAYS], -1)

    def days_to_terminal(self, gravity0):
        def not_done(state):
            gravity, day = state
            return jnp.logical_and(jnp.max(gravity) > TARGET_GRAVITY, day < MAX_DAYS)

        def one_day(state):
            gravity, day = state
            drop = self.model.apply(self.variables, self._features(gravity, day), train=False)
            return gravity - drop, day + 1

        gravity, days = lax.while_loop(not_done, one_day, (gravity0, jnp.int32(0)))
        return gravity, days


def main():
    gravity0 = jnp.array([1.052, 1.060, 1.048, 1.071])  # four tanks
    model = GravityDropNet()
    dummy = jnp.zeros((4, 4))
    variables = model.init(jax.random.key(0), dummy)
    monitor = FermentationMonitor(model, variables, jnp.array([18.0, 19.5, 17.0, 20.0]),
                                  jnp.array([0.8, 1.0, 0.7, 1.2]))
    gravity, days = monitor.days_to_terminal(gravity0)
    int(days)
    return None
