# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 fori_loop body calls model.apply(variables, x, train=True) on the closed-over variables without a mutable batch_stats collection
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class Refiner(nn.Module):
    features: int = 4

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.relu(x)


def main():
    model = Refiner()
    x = jnp.linspace(-1.0, 1.0, 12).reshape(3, 4)
    variables = model.init(jax.random.PRNGKey(0), x, train=False)

    def body(i, x):
        return model.apply(variables, x, train=True)

    y = fori_loop(0, 4, body, x)
    y.block_until_ready()
    return None
