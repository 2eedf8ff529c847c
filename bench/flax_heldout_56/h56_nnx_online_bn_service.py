# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an OnlineService puts its model in model.train() and a jax.lax.while_loop over the stream calls it, so BatchNorm updates the outer BatchStat variables
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class AnomalyScorer(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.norm = nnx.BatchNorm(dim, momentum=0.9, rngs=rngs)
        self.proj = nnx.Linear(dim, 1, rngs=rngs)

    def __call__(self, x):
        return jnp.abs(self.proj(self.norm(x))).mean()


class StreamConfig:
    threshold = 5.0
    max_batches = 6


class OnlineService:
    def __init__(self, model, config=StreamConfig()):
        self.model = model
        self.config = config

    def adapt(self, stream):
        self.model.train()

        def cond(state):
            i, score = state
            return (i < self.config.max_batches) & (score < self.config.threshold)

        def body(state):
            i, _ = state
            return i + 1, self.model(stream[i])

        n, _ = jax.lax.while_loop(cond, body, (0, jnp.float32(0.0)))
        self.model.eval()
        return n


def main():
    service = OnlineService(AnomalyScorer(4, nnx.Rngs(0)))
    service.adapt(jax.random.normal(jax.random.key(3), (6, 8, 4)))
    return None
