# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the model, a local of the enclosing function, goes straight into the while_loop body, which fills a local memo dict with its branch embeddings
"""Public library circulation forecasting: weekly loans per branch until demand settles."""
import jax
import jax.numpy as jnp
from flax import nnx


class CirculationModel(nnx.Module):
    def __init__(self, feats: int, dim: int, rngs: nnx.Rngs):
        self.branch_embed = nnx.Linear(feats, dim, rngs=rngs)
        self.demand = nnx.Linear(dim + 1, 1, rngs=rngs)

    def embed(self, branches):
        return nnx.relu(self.branch_embed(branches))

    def weekly_loans(self, embedding, last_week):
        x = jnp.concatenate([embedding, last_week[:, None]], axis=-1)
        return nnx.softplus(self.demand(x))[..., 0]


def forecast_circulation(model: CirculationModel, branches, max_weeks: int = 12):
    memo = {}

    def branch_embedding():
        if "embedding" not in memo:
            memo["embedding"] = model.embed(branches)
        return memo["embedding"]

    def unsettled(state):
        week, loans, change = state
        return (week < max_weeks) & (change > 1e-2)

    def next_week(state):
        week, loans, _ = state
        new = model.weekly_loans(branch_embedding(), loans)
        return week + 1, new, jnp.max(jnp.abs(new - loans))

    start = jnp.ones(branches.shape[0])
    weeks, loans, _ = jax.lax.while_loop(unsettled, next_week, (0, start, jnp.array(1.0)))
    baseline = model.weekly_loans(branch_embedding(), jnp.zeros_like(loans))
    return weeks, loans, baseline


def main():
    branches = jax.random.uniform(jax.random.key(19), (4, 6))
    model = CirculationModel(6, 8, nnx.Rngs(0))
    out = forecast_circulation(model, branches)
    jax.block_until_ready(out)
    return None
