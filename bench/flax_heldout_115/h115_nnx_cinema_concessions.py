# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a local snapshots dict in forecast_week receives nnx.state of the merged model from the fori_loop body; nnx.update applies the snapshot to the model after the loop
"""Cinema concession demand: daily popcorn and drinks forecasts per screening with a normalised demand model."""
import jax
import jax.numpy as jnp
from flax import nnx


class ConcessionDemand(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.screening = nnx.Linear(5, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, momentum=0.8, rngs=rngs)
        self.items = nnx.Linear(8, 2, rngs=rngs)

    def __call__(self, shows):
        return nnx.softplus(self.items(nnx.relu(self.norm(self.screening(shows)))))


def forecast_week(model, days):
    graphdef, state = nnx.split(model)
    snapshots = {}

    def day(i, carry):
        state, sold = carry
        m = nnx.merge(graphdef, state)
        demand = m(days[i])
        snapshots["latest"] = nnx.state(m)
        return nnx.state(m), sold + demand.sum(axis=0)

    _, sold = jax.lax.fori_loop(0, days.shape[0], day, (state, jnp.zeros(2)))
    nnx.update(model, snapshots["latest"])
    model.eval()
    return sold, model(days[-1])


def main():
    days = jax.random.normal(jax.random.key(0), (7, 6, 5))  # days, screenings, features
    sold, tonight = forecast_week(ConcessionDemand(nnx.Rngs(0)), days)
    jax.block_until_ready((sold, tonight))
    return None
