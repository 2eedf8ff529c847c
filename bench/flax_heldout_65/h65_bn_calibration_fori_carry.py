# label: ok
# flax-error: none
# class: 5 a Calibrator applies the model with mutable=['batch_stats'] and keeps the stats in the fori_loop carry, rebinding afterwards
"""Post-training BatchNorm re-calibration over a few batches with fori_loop (stats carried)."""
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
        self.model = model
        self.variables = variables
        self.bound = model.bind(variables)

    def calibrate(self, batches):
        params = self.variables["params"]

        def body(i, carry):
            batch_stats, acc = carry
            out, updates = self.model.apply(
                {"params": params, "batch_stats": batch_stats}, batches[i], train=True, mutable=["batch_stats"]
            )
            return updates["batch_stats"], acc + jnp.mean(out)

        stats, acc = lax.fori_loop(0, batches.shape[0], body, (self.variables["batch_stats"], jnp.float32(0.0)))
        self.variables = {"params": params, "batch_stats": stats}
        self.bound = self.model.bind(self.variables)
        return acc


def main():
    model = Backbone()
    batches = jnp.linspace(-1.0, 1.0, 3 * 4 * 5).reshape(3, 4, 5)
    variables = model.init(jax.random.key(0), batches[0])
    Calibrator(model, variables).calibrate(batches).block_until_ready()
    return None
