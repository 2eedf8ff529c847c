# label: same-values
# flax-error: none
# class: 4 UncertaintySampler -> RipeningScheduler -> model.bind(variables, rngs={"dropout": key}); the scan body calls the bound module's dropout through both objects
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
        self.bound = model.bind(variables, rngs={"dropout": mc_key})

    def forecast(self, log):
        return self.bound(log, train=True)


class UncertaintySampler:
    def __init__(self, scheduler, n_samples):
        self.scheduler = scheduler
        self.n_samples = n_samples

    def sample(self, log):
        def draw(carry, _):
            days = self.scheduler.forecast(log)
            return carry, days

        _, draws = lax.scan(draw, None, None, length=self.n_samples)
        return draws


def main():
    model = RipeningNet()
    wheel_log = jax.random.uniform(jax.random.key(0), (3, 10))
    variables = model.init(jax.random.key(1), wheel_log)
    sampler = UncertaintySampler(RipeningScheduler(model, variables, jax.random.key(2)), n_samples=8)
    draws = sampler.sample(wheel_log)
    return draws
