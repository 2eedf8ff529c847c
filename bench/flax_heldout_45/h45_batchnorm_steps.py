# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 model.apply closed over by the raw scan body, BatchNorm in train mode, no mutable
"""Training loop over micro-batches written with lax.scan; BatchNorm stats are never made mutable."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(1)(nn.relu(x))


def main():
    model = MLP()
    batches = jnp.ones((4, 8, 3))
    variables = model.init(jax.random.PRNGKey(0), batches[0], train=False)

    def step(loss_sum, batch):
        out = model.apply(variables, batch, train=True)
        return loss_sum + jnp.mean(out ** 2), None

    lax.scan(step, 0.0, batches)
    return None
