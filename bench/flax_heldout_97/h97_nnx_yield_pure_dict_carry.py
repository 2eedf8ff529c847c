# label: ok
# flax-error: none
# class: 4 scheduler threads the pure BatchStat dict through the fori_loop carry and applies nnx.update after the loop
"""Agricultural yield forecaster (NNX): a scheduler recalibrates normalisation statistics field by field."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class YieldNet(nnx.Module):
    def __init__(self, n_in, rngs):
        self.lin = nnx.Linear(n_in, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.norm(self.lin(x))))[..., 0]


class FieldScheduler:
    def __init__(self, model):
        self.model = model
        self.stats = nnx.to_pure_dict(nnx.state(model, nnx.BatchStat))

    def recalibrate(self, fields):
        def per_field(i, stats):
            h = self.model.lin(fields[i])
            stats["norm"]["mean"] = 0.9 * stats["norm"]["mean"] + 0.1 * h.mean(0)
            return stats

        self.stats = lax.fori_loop(0, fields.shape[0], per_field, self.stats)
        state = nnx.state(self.model, nnx.BatchStat)
        nnx.replace_by_pure_dict(state, self.stats)
        nnx.update(self.model, state)

    def forecast(self, x):
        self.model.eval()
        return self.model(x)


def main():
    sched = FieldScheduler(YieldNet(6, nnx.Rngs(0)))
    fields = jnp.ones((3, 10, 6)) * jnp.arange(6.0)
    sched.recalibrate(fields)
    sched.forecast(fields[0]).block_until_ready()
    return None
