# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the local model in forecast_week goes into the scan body directly; it is still in training mode, so nnx.BatchNorm updates its batch statistics inside the loop
"""Hospital pharmacy dispensing: a demand model built in the serving function
rolls the weekly dispensing forecast forward day by day."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class DispensingModel(nnx.Module):
    def __init__(self, drugs, rngs: nnx.Rngs):
        self.proj = nnx.Linear(drugs, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.out = nnx.Linear(16, drugs, rngs=rngs)

    def __call__(self, stock):
        return self.out(nnx.relu(self.norm(self.proj(stock))))


def forecast_week(stock0, days=7, seed=0):
    model = DispensingModel(stock0.shape[-1], rngs=nnx.Rngs(seed))

    def day(stock, _):
        dispensed = jax.nn.softplus(model(stock))
        stock = jnp.maximum(stock - dispensed, 0.0)
        return stock, dispensed.sum()

    stock, totals = lax.scan(day, stock0, None, length=days)
    return stock, totals


def main():
    stock0 = jax.random.uniform(jax.random.key(0), (9, 4), minval=5.0, maxval=20.0)
    stock, totals = forecast_week(stock0)
    totals.block_until_ready()
    return None
