# label: same-values
# flax-error: none
# class: 5 a factory make_alert_step closes over model.apply, the variables and one dropout key; an AlertScheduler scans the returned step
"""Coral reef bleaching alerts: Monte-Carlo dropout over a sea-surface-temperature window gives
a distribution of bleaching probabilities per reef site, from which alert levels are set."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class BleachingAlertNet(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, sst_window, *, deterministic: bool):
        h = nn.gelu(nn.Dense(self.hidden)(sst_window))
        h = nn.Dropout(self.rate, deterministic=deterministic)(h)
        return nn.sigmoid(nn.Dense(1)(h))[..., 0]


def make_alert_step(model, variables, dropout_key):
    def step(sst_window):
        return model.apply(variables, sst_window, deterministic=False, rngs={"dropout": dropout_key})

    return step


class AlertScheduler:
    def __init__(self, step_fn, num_draws: int, watch_level: float = 0.5):
        self.step_fn = step_fn
        self.num_draws = num_draws
        self.watch_level = watch_level

    def probability_draws(self, sst_window):
        def draw(carry, _):
            return carry, self.step_fn(sst_window)

        _, draws = scan(draw, None, None, length=self.num_draws)
        return draws

    def alert_levels(self, draws):
        mean, spread = draws.mean(0), draws.std(0)
        return jnp.where(mean - spread > self.watch_level, 2, jnp.where(mean > self.watch_level, 1, 0))


def main():
    sites = jax.random.normal(jax.random.key(0), (5, 12)) + 29.0
    model = BleachingAlertNet()
    variables = model.init(jax.random.key(1), sites, deterministic=True)
    scheduler = AlertScheduler(make_alert_step(model, variables, jax.random.key(7)), num_draws=6)
    draws = scheduler.probability_draws(sites)
    scheduler.alert_levels(draws)
    return draws
