# label: ok
# flax-error: none
# class: 1 LoadForecaster.rollout owns the batch_stats of its BatchNorm and runs the scan itself; the job calls it with train=False, so the body only reads the running averages
"""Grid load forecasting: an autoregressive rollout over the next hours of feeder demand."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class LoadForecaster(nn.Module):
    features: int = 6

    def setup(self):
        self.embed = nn.Dense(self.features, name="embed")
        self.norm = nn.BatchNorm(momentum=0.9, name="norm")
        self.head = nn.Dense(self.features, name="head")

    def __call__(self, demand, train: bool = False):
        h = self.norm(nn.gelu(self.embed(demand)), use_running_average=not train)
        return demand + 0.1 * self.head(h)

    def rollout(self, demand, hours: int, train: bool = False):
        def body(current, _):
            h = self.norm(nn.gelu(self.embed(current)), use_running_average=not train)
            nxt = current + 0.1 * self.head(h)
            return nxt, nxt.sum(axis=-1)

        _, totals = scan(body, demand, None, length=hours)
        return totals


class ForecastJob:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def refresh(self, demand, hours):
        return self.model.apply(self.variables, demand, hours, False, method=LoadForecaster.rollout)

    def peak(self, demand):
        return self.model.apply(self.variables, demand).max()


def main():
    demand = jax.random.uniform(jax.random.key(3), (4, 6))
    model = LoadForecaster()
    job = ForecastJob(model, model.init(jax.random.key(0), demand))
    job.refresh(demand, hours=6)
    job.peak(demand).block_until_ready()
    return None
