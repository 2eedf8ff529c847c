# label: ok
# flax-error: none
# class: 1 the SharedNormTower module declares its own batch_stats variables and its __call__ runs lax.fori_loop reading them in evaluation mode
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class SharedNormTower(nn.Module):
    """A weight-tied residual tower with a hand-rolled batch norm shared by every layer."""

    features: int = 8
    depth: int = 4
    momentum: float = 0.9
    epsilon: float = 1e-5

    @nn.compact
    def __call__(self, x, train: bool = True):
        kernel = self.param("kernel", nn.initializers.lecun_normal(), (self.features, self.features))
        scale = self.param("scale", nn.initializers.ones, (self.features,))
        ra_mean = self.variable("batch_stats", "mean", jnp.zeros, (self.features,))
        ra_var = self.variable("batch_stats", "var", jnp.ones, (self.features,))

        def layer(i, h):
            z = h @ kernel
            if train:
                mean, var = z.mean(axis=0), z.var(axis=0)
                ra_mean.value = self.momentum * ra_mean.value + (1 - self.momentum) * mean
                ra_var.value = self.momentum * ra_var.value + (1 - self.momentum) * var
            else:
                mean, var = ra_mean.value, ra_var.value
            z = (z - mean) * jax.lax.rsqrt(var + self.epsilon) * scale
            return h + nn.relu(z)

        return lax.fori_loop(0, self.depth, layer, x)


def main():
    tower = SharedNormTower()
    x = jax.random.normal(jax.random.key(0), (16, 8))
    variables = tower.init(jax.random.key(1), x, train=False)
    y = tower.apply(variables, x, train=False)
    jax.block_until_ready(y)
    return None
