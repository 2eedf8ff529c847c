# label: ok
# flax-error: none
# class: 2 BatchNorm built and called once before the scan, used with use_running_average=True inside
import jax
import jax.numpy as jnp
from flax import linen as nn


class Tower(nn.Module):
    @nn.compact
    def __call__(self, x):
        bn = nn.BatchNorm(use_running_average=True)
        d = nn.Dense(x.shape[-1])
        x = bn(d(x))

        def layer(h, _):
            return nn.relu(bn(d(h))), None

        x, _ = jax.lax.scan(layer, x, None, length=4)
        return x


def main():
    t = Tower()
    x = jnp.ones((3, 6))
    v = t.init(jax.random.PRNGKey(0), x)
    print(t.apply(v, x).shape)
    return None
