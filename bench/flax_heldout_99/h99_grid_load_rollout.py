# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 LoadForecaster.rollout owns the batch_stats of its BatchNorm and runs the scan itself; apply(..., mutable=["batch_stats"]) in train mode updates them inside the body
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
        totals, updates = self.model.apply(
            self.variables, demand, hours, True, method=LoadForecaster.rollout, mutable=["batch_stats"]
        )
        self.variables = {**self.variables, **updates}
        return totals

    def peak(self, demand):
        return self.model.apply(self.variables, demand).max()


def main():
    demand = jax.random.uniform(jax.random.key(3), (4, 6))
    model = LoadForecaster()
    job = ForecastJob(model, model.init(jax.random.key(0), demand))
    job.refresh(demand, hours=6)
    job.peak(demand).block_until_ready()
    return None
