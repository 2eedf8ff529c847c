# label: ok
# flax-error: none
# class: 2 fori_loop carries batch_stats; the body calls model.apply(..., train=True, mutable=['batch_stats']) and returns the updated stats
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
    params = variables["params"]

    def body(i, carry):
        x, stats = carry
        x, updates = model.apply({"params": params, "batch_stats": stats}, x, train=True,
                                 mutable=["batch_stats"])
        return x, updates["batch_stats"]

    y, stats = fori_loop(0, 4, body, (x, variables["batch_stats"]))
    y.block_until_ready()
    return None
