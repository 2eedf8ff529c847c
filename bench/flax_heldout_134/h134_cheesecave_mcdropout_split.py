# label: ok
# flax-error: none
# class: 4 UncertaintySampler -> RipeningScheduler -> model.apply with a dropout key per draw; the keys are split before the scan and enter it as xs
"""Cheese-cave ripening forecaster: Monte-Carlo dropout over one wheel's humidity
log gives an uncertainty band for the turning schedule."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class RipeningNet(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, log, train: bool = False):
        h = nn.relu(nn.Dense(self.hidden)(log))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        return nn.Dense(1)(h)[..., 0]


class RipeningScheduler:
    def __init__(self, model, variables, mc_key):
        self.model = model
        self.variables = variables
        self.mc_key = mc_key

    def forecast(self, log, key):
        return self.model.apply(self.variables, log, train=True, rngs={"dropout": key})


class UncertaintySampler:
    def __init__(self, scheduler, n_samples):
        self.scheduler = scheduler
        self.n_samples = n_samples

    def sample(self, log):
        keys = jax.random.split(self.scheduler.mc_key, self.n_samples)

        def draw(carry, key):
            days = self.scheduler.forecast(log, key)
            return carry, days

        _, draws = lax.scan(draw, None, keys)
        return draws


def main():
    model = RipeningNet()
    wheel_log = jax.random.uniform(jax.random.key(0), (3, 10))
    variables = model.init(jax.random.key(1), wheel_log)
    sampler = UncertaintySampler(RipeningScheduler(model, variables, jax.random.key(2)), n_samples=8)
    draws = sampler.sample(wheel_log)
    return draws
