# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 factory returns a jax.checkpoint-wrapped step closing over an NNX model in train mode; run in a fori_loop body
"""Customer-support triage (NNX): a factory builds a rematerialised scoring step used by a fine-tuning loop."""
import jax
import jax.numpy as jnp
from flax import nnx


class IntentNet(nnx.Module):
    def __init__(self, rngs):
        self.enc = nnx.Linear(10, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.cls = nnx.Linear(16, 4, rngs=rngs)

    def __call__(self, x):
        return self.cls(self.drop(nnx.relu(self.enc(x))))


def make_score_step(model):
    model.train()

    @jax.checkpoint
    def score(x):
        return jax.nn.logsumexp(model(x), axis=-1).mean()

    return score


def run(step_fn, batches):
    def body(i, acc):
        return acc + step_fn(batches[i])

    return jax.lax.fori_loop(0, batches.shape[0], body, jnp.zeros(()))


def main():
    step = make_score_step(IntentNet(nnx.Rngs(params=0, dropout=1)))
    run(step, jnp.ones((3, 8, 10))).block_until_ready()
    return None
