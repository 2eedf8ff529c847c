# label: ok
# flax-error: none
# class: 5 factory returns a jax.checkpoint-wrapped pure step over (graphdef, state); state goes through the fori_loop carry
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
    graphdef, state = nnx.split(model)

    @jax.checkpoint
    def score(state, x):
        m = nnx.merge(graphdef, state)
        out = jax.nn.logsumexp(m(x), axis=-1).mean()
        return out, nnx.state(m)

    return score, state


def run(step_fn, state, batches):
    def body(i, carry):
        acc, state = carry
        val, state = step_fn(state, batches[i])
        return acc + val, state

    return jax.lax.fori_loop(0, batches.shape[0], body, (jnp.zeros(()), state))


def main():
    model = IntentNet(nnx.Rngs(params=0, dropout=1))
    step, state = make_score_step(model)
    total, state = run(step, state, jnp.ones((3, 8, 10)))
    nnx.update(model, state)
    total.block_until_ready()
    return None
