# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a jax.checkpoint-wrapped closure over model.bind(variables) is called by the fori_loop body with train=True
"""Iterative refinement with a bound denoiser; the refinement step is rematerialised."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Denoiser(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(16)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return x - 0.1 * nn.Dense(x.shape[-1])(nn.gelu(h))


def main():
    x0 = jax.random.normal(jax.random.key(0), (8, 4))
    model = Denoiser()
    variables = model.init(jax.random.key(1), x0, train=False)
    bound = model.bind(variables)

    refine = jax.checkpoint(lambda x: bound(x, train=True))

    def body(i, x):
        return refine(x)

    x = jax.lax.fori_loop(0, 5, body, x0)
    x.block_until_ready()
    return None
