# label: same-values
# flax-error: none
# class: 3 a posterior head draws from its nnx.Rngs stream's stored key (`.key.value`) instead of the stream, inside a helper the scan body runs
import jax
import jax.numpy as jnp
from flax import nnx


class PosteriorHead(nnx.Module):
    def __init__(self, dim: int, arms: int, rngs: nnx.Rngs):
        self.mean = nnx.Param(jnp.zeros((dim, arms)))
        self.rngs = rngs

    def sample_weights(self):
        key = self.rngs.posterior.key.value
        return self.mean.value + 0.5 * jax.random.normal(key, self.mean.value.shape)


def run_bandit(head, contexts):
    def round_(total, context):
        weights = head.sample_weights()
        arm = jnp.argmax(context @ weights)
        return total + arm, weights[0]

    return jax.lax.scan(round_, 0, contexts)


def main():
    head = PosteriorHead(3, 4, nnx.Rngs(posterior=1))
    contexts = jax.random.normal(jax.random.key(0), (5, 3))
    _, draws = run_bandit(head, contexts)
    return draws
