# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a pipeline carries the critic's split state through a raw scan and merges it in the body, but a logging hook keeps the merged critic's batch statistic in a Python list read after the loop
"""Encoder -> decoder -> critic pipeline; the critic's BatchNorm stats are updated per batch."""
import jax
import jax.numpy as jnp
from flax import nnx


class Encoder(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(6, 4, rngs=rngs)

    def __call__(self, x):
        return self.lin(x)


class Decoder(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(4, 6, rngs=rngs)

    def __call__(self, z):
        return self.lin(nnx.relu(z))


class Critic(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(6, 8, rngs=rngs)
        self.bn = nnx.BatchNorm(8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(self.bn(self.lin(x)))


class StatsLogger:
    def __init__(self):
        self.means = []

    def on_batch(self, critic):
        self.means.append(critic.bn.mean.value)

    def flush(self):
        return jnp.stack(self.means).mean(0)


class Pipeline:
    def __init__(self, rngs, logger):
        self.encoder, self.decoder, self.critic = Encoder(rngs), Decoder(rngs), Critic(rngs)
        self.logger = logger

    def score_batches(self, xs):
        graphdef, state = nnx.split(self.critic)

        def body(state, x):
            critic = nnx.merge(graphdef, state)
            s = critic(self.decoder(self.encoder(x)))
            self.logger.on_batch(critic)
            return nnx.state(critic), s.mean()

        state, scores = jax.lax.scan(body, state, xs)
        nnx.update(self.critic, state)
        self.logger.flush()
        return scores


def main():
    Pipeline(nnx.Rngs(0), StatsLogger()).score_batches(jnp.ones((3, 5, 6)))
    return None
