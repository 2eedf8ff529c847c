# label: ok
# flax-error: none
# class: 2 LayerScale parameter created before the raw scan over depth and closed over
import flax.linen as nn
import jax
import jax.numpy as jnp


class TiedStack(nn.Module):
    depth: int = 4

    @nn.compact
    def __call__(self, x):
        mlp = nn.Dense(x.shape[-1])
        mlp(x)
        gamma = self.param("gamma", nn.initializers.constant(1e-4), (x.shape[-1],))

        def layer(h, _):
            return h + gamma * nn.gelu(mlp(h)), None

        h, _ = jax.lax.scan(layer, x, None, length=self.depth)
        return h


def main():
    x = jnp.ones((2, 8))
    model = TiedStack()
    variables = model.init(jax.random.PRNGKey(0), x)
    model.apply(variables, x)
