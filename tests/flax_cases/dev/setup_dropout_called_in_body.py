# label: same-values
# flax-error: none
# class: 4 setup nn.Dropout called in a self.method scan body during training
import flax.linen as nn
import jax
import jax.numpy as jnp


class TransformerLayers(nn.Module):
    dim: int = 8
    depth: int = 4

    def setup(self):
        self.ff = nn.Dense(self.dim)
        self.drop = nn.Dropout(0.25)

    def layer(self, h, _):
        update = self.drop(jnp.ones_like(h), deterministic=False) * nn.gelu(self.ff(h))
        return h + update, self.drop(jnp.ones_like(h), deterministic=False)

    def __call__(self, x):
        self.ff(x)
        h, masks = jax.lax.scan(self.layer, x, None, length=self.depth)
        return masks


def main():
    x = jnp.ones((2, 8))
    model = TransformerLayers()
    variables = model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, x)
    return model.apply(variables, x, rngs={"dropout": jax.random.PRNGKey(3)})
