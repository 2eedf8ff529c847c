# label: ok
# flax-error: none
# class: 3 an OnlineService puts its model in model.train(), splits it and carries the state through a jax.lax.while_loop over the stream, merging in the body and nnx.update after
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
        graphdef, state = nnx.split(self.model)

        def cond(carry):
            i, score, _ = carry
            return (i < self.config.max_batches) & (score < self.config.threshold)

        def body(carry):
            i, _, state = carry
            model = nnx.merge(graphdef, state)
            score = model(stream[i])
            return i + 1, score, nnx.state(model)

        n, _, state = jax.lax.while_loop(cond, body, (0, jnp.float32(0.0), state))
        nnx.update(self.model, state)
        self.model.eval()
        return n


def main():
    service = OnlineService(AnomalyScorer(4, nnx.Rngs(0)))
    service.adapt(jax.random.normal(jax.random.key(3), (6, 8, 4)))
    return None
