# label: ok
# flax-error: none
# class: 2 the local model built in rank_rehair_queue is switched to model.eval() before it is called directly inside the scan body
"""Violin bow rehair scheduling: ranks the bows waiting at the workshop by predicted hair
tension loss from their weekly playing logs."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class TensionLoss(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.embed = nnx.Linear(4, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, weeks):
        return self.head(nnx.relu(self.norm(self.embed(weeks))))[..., 0]


def load_bow_logs(num_bows, weeks, seed=12):
    return jax.random.uniform(jax.random.key(seed), (num_bows, weeks, 4))


def rank_rehair_queue(logs):
    model = TensionLoss(rngs=nnx.Rngs(0))
    model.eval()  # ranking reads the running statistics, it does not update them

    def assess(carry, bow_log):
        loss = jnp.mean(model(bow_log))
        return carry, loss

    _, predicted = scan(assess, None, logs)
    return jnp.argsort(-predicted)


def main():
    order = rank_rehair_queue(load_bow_logs(6, 10))
    order.block_until_ready()
    return None
