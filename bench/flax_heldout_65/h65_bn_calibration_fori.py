# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a Calibrator binds the model without mutable collections and calls the bound module in train mode inside a fori_loop body
"""Post-training BatchNorm re-calibration over a few batches with fori_loop."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Backbone(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(8)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.5)(x)
        return nn.relu(x)


class Calibrator:
    def __init__(self, model, variables):
        self.bound = model.bind(variables)

    def calibrate(self, batches):
        def body(i, acc):
            out = self.bound(batches[i], train=True)
            return acc + jnp.mean(out)

        return lax.fori_loop(0, batches.shape[0], body, jnp.float32(0.0))


def main():
    model = Backbone()
    batches = jnp.linspace(-1.0, 1.0, 3 * 4 * 5).reshape(3, 4, 5)
    variables = model.init(jax.random.key(0), batches[0])
    Calibrator(model, variables).calibrate(batches).block_until_ready()
    return None
