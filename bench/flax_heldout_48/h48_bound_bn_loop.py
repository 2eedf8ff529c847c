# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a model bound once with model.bind(variables) outside the raw scan is called in train mode inside the scan body
"""Interactive-style code: bind the model once and call it like a PyTorch module in the loop."""
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen as nn


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train=True):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(1)(nn.relu(x))


def main():
    model = MLP()
    batches = jnp.ones((5, 8, 3))
    variables = model.init(jax.random.PRNGKey(0), batches[0], train=False)
    net = model.bind(variables)

    def step(carry, xb):
        out = net(xb, train=True)
        return carry + out.mean(), None

    total, _ = scan(step, 0.0, batches)
    jax.block_until_ready(total)
    return None
